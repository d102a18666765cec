/// The app's notification-service extension: a process of its own for each alert push it may
/// change, with a time limit, whose content handler delivers the notification (iOS rules 41, 44).
extension Phone {
    /// Starts the extension in a new process: it gets the request on its main queue, and has
    /// `Rules.serviceExtensionTimeLimit` before `serviceExtensionTimeWillExpire()`.
    func startExtension(_ make: @escaping @Sendable () -> UNNotificationServiceExtension, request: UNNotificationRequest, number: Int) {
        notifications.extensionCount += 1
        let process = -notifications.extensionCount
        let run = ServiceExtensionRun(process: process, number: number, request: request)
        notifications.extensions[process] = run
        emit(.notification(.extensionStarted(notification: number)))
        let link = self.link
        inProcess(process) {
            runLoop.schedule(at: nil) {
                let instance = make()
                run.instance = instance
                instance.didReceive(request) { content in link.phone?.extensionHandedBack(content, process: process) }
            }
        }
        runLoop.scheduleSystem(at: now + configuration.rules.serviceExtensionTimeLimit) { [unowned self] in expireExtension(process) }
    }

    /// The extension called its content handler: the first call delivers, and ends the process.
    private func extensionHandedBack(_ content: UNNotificationContent, process: Int) {
        guard let run = notifications.extensions[process], !run.finished else { return }
        end(run, outcome: .contentHandler)
        deliver(UNNotificationRequest(identifier: run.request.identifier, content: content, trigger: run.request.trigger),
                number: run.number, source: .remote, outcome: .contentHandler)
    }

    /// Rule 41: time is up. The extension is told; if it still has not handed content back once
    /// that call and whatever it queued for now have run, the original content is shown.
    private func expireExtension(_ process: Int) {
        guard let run = notifications.extensions[process], !run.finished else { return }
        run.expired = true
        emit(.notification(.extensionExpired(notification: run.number)))
        runInProcess(process) { run.instance?.serviceExtensionTimeWillExpire() }
        runLoop.scheduleSystem(at: now) { [unowned self] in
            guard !run.finished else { return }
            end(run, outcome: .originalAfterExpiry)
            deliver(run.request, number: run.number, source: .remote, outcome: .originalAfterExpiry)
        }
    }

    /// The app was deleted: iOS kills its extensions' processes with it. What they were changing is
    /// never shown (the app's notifications go with it) and what they play stops.
    func killExtensionsOfDeletedApp() {
        for run in notifications.extensions.values.sorted(by: { $0.process > $1.process }) where !run.finished {
            stopSounds(ofProcess: run.process, why: "app deleted")
            end(run, outcome: .appDeleted)
        }
    }

    /// Ends the extension's process: its queued work, timers and sound completions are dropped.
    private func end(_ run: ServiceExtensionRun, outcome: ExtensionOutcome) {
        run.finished = true
        runLoop.dropJobs(ofLaunch: run.process)
        systemSounds.completions = systemSounds.completions.filter { $0.key.process != run.process }
        emit(.notification(.extensionFinished(notification: run.number, outcome: outcome)))
        // Forgotten once the code on the stack (maybe the extension's own) has returned.
        runLoop.scheduleSystem(at: now) { [unowned self] in notifications.extensions[run.process] = nil }
    }
}
