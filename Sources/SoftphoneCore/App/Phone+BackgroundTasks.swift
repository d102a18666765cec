/// The app's background time, as iOS gives it for background tasks (iOS rule 51): it runs from
/// when the app entered the background, `Rules.backgroundTaskTime`, and again from a VoIP push
/// that wakes it once that time has run out. When it runs out, the
/// expiration handler of each task still running is called at once, on the main thread, as
/// UIKit calls it; a task still not ended when they return gets the app killed. While the app is
/// in a call its audio keeps it running: the time does not run out, and starts again when the
/// call's audio ends.
extension Phone {
    /// The app entered the background (launched there, or sent there), or its call audio ended
    /// there: its background time starts from now.
    func restartBackgroundTime(_ application: UIApplication) {
        stopBackgroundExpiry(application)
        application.backgroundTimeEnds = now + configuration.rules.backgroundTaskTime
        startBackgroundTime(of: application)
    }

    /// A VoIP push reaches the app in the background after its time ran out: on iOS it was
    /// suspended, and the push "wakes up your app and gives it time" (Apple, Responding to VoIP
    /// Notifications from PushKit), so its time starts again.
    func wakeForPush(_ application: UIApplication) {
        guard app.state == .background, let ends = application.backgroundTimeEnds, ends <= now else { return }
        restartBackgroundTime(application)
    }

    /// The app came to the foreground: its background time no longer runs.
    func appEnteredForeground(_ application: UIApplication) {
        stopBackgroundExpiry(application)
        application.backgroundTimeEnds = nil
    }

    /// Sets the job for the moment the background time runs out, once the app in the background
    /// has a task running.
    func startBackgroundTime(of application: UIApplication) {
        guard let ends = application.backgroundTimeEnds, application.backgroundExpiry == nil, !application.backgroundTasks.isEmpty else { return }
        application.backgroundExpiry = runLoop.scheduleSystem(at: ends) { [unowned self, application] in
            application.backgroundExpiry = nil
            backgroundTimeRanOut(application)
        }
    }

    private func stopBackgroundExpiry(_ application: UIApplication) {
        if let ticket = application.backgroundExpiry { runLoop.cancel(ticket) }
        application.backgroundExpiry = nil
    }

    private func backgroundTimeRanOut(_ application: UIApplication) {
        guard application === app.application, app.state == .background, !calls.audioActivated, !application.backgroundTasks.isEmpty else { return }
        let launch = app.launch
        for (_, task) in application.backgroundTasks.sorted(by: { $0.key < $1.key }) {
            guard let handler = task.expirationHandler else { continue }
            runInProcess(launch) { handler() }
        }
        guard launch == app.launch, let (number, task) = application.backgroundTasks.min(by: { $0.key < $1.key }) else { return }
        let named = task.name.map { "\"\($0)\" (\(number))" } ?? "\(number)"
        terminateApp(
            reason: "background-time-expired", rule: 51,
            message: "App terminated with code 0x8badf00d: background task \(named) was still running when the app's background time ran out, \(configuration.rules.backgroundTaskTime.wholeSeconds) s after it entered the background (rule 51: end every task with endBackgroundTask, in its expiration handler at the latest)")
    }
}
