/// UserNotifications: alert pushes (the app's notification-service extension runs for those the
/// rules allow: Phone+ServiceExtension), local notifications, the notifications on screen and
/// tapping them (iOS rules 40–44).
extension Phone {
    /// The body of a notification-service push's `aps` that the rules look at.
    private struct APS {
        var fields = UNNotificationContent.Fields()
        /// Why the extension must not run for this push (rule 40); nil when it may.
        var notEligible: String?

        init(_ payload: JSON) {
            if case .object(let members) = payload { for (key, value) in members { fields.userInfo[key] = value.foundationValue } }
            guard case .object? = payload["aps"], let aps = payload["aps"] else {
                notEligible = "the push has no aps dictionary, so it displays nothing: iOS runs the extension only for alerts (rule 40)"
                return
            }
            switch aps["alert"] {
            case .string(let body)?: fields.body = body
            case let alert?:
                fields.title = alert["title"]?.stringValue ?? ""
                fields.subtitle = alert["subtitle"]?.stringValue ?? ""
                fields.body = alert["body"]?.stringValue ?? ""
            case nil: break
            }
            switch aps["sound"] {
            case .string(let name)?: fields.sound = name == "default" ? .default : UNNotificationSound(name: name)
            case let sound?:  // a critical alert's {"name": …, "critical": 1, "volume": …}
                if sound["critical"] == .number(1) { fields.interruptionLevel = .critical }
                if let name = sound["name"]?.stringValue { fields.sound = name == "default" ? .default : UNNotificationSound(name: name) }
            case nil: break
            }
            if let badge = aps["badge"]?.numberValue.flatMap({ Int(exactly: $0) }), badge >= 0 { fields.badge = badge }
            fields.categoryIdentifier = aps["category"]?.stringValue ?? ""
            fields.threadIdentifier = aps["thread-id"]?.stringValue ?? ""
            // iOS 15's key (rule 43); an unknown word leaves the default, as iOS does.
            if let word = aps["interruption-level"]?.stringValue, let level = UNNotificationInterruptionLevel(payloadWord: word) {
                fields.interruptionLevel = level
            }
            let content = UNNotificationContent(fields: fields)
            guard content.displaysAlert else {
                notEligible = "the push displays no alert (aps.alert has no title, subtitle or body): iOS runs the extension only for alerts, never for silent, sound-only or badge-only pushes (rule 40)"
                return
            }
            switch aps["mutable-content"] {
            case .number(1)?: notEligible = nil
            case nil: notEligible = "aps.mutable-content is missing: iOS runs the extension only when it is 1 (rule 40)"
            case .number(let n)?: notEligible = "aps.mutable-content is \(JSON.number(n).text), not 1 (rule 40)"
            case let other?: notEligible = "aps.mutable-content is \(other.text); Apple documents the number 1, and only 1 runs the extension (rule 40)"
            }
        }
    }

    // MARK: - Remote notifications

    /// An alert push arrives: it runs the app's service extension if the rules allow (rule 40),
    /// otherwise it is delivered as it is. Alert pushes never launch the app.
    func receiveAlert(_ push: PushRequest) {
        emit(.push(kind: .alert, delivered: true, reason: nil))
        let aps = APS(push.payload)
        let number = nextNotificationNumber()
        let request = UNNotificationRequest(
            identifier: nextUUID().uuidString, content: UNNotificationContent(fields: aps.fields), trigger: UNPushNotificationTrigger())
        guard let makeExtension = configuration.app.notificationServiceExtension else {
            return deliver(request, number: number, source: .remote, outcome: .notRun, reason: "the app has no notification service extension")
        }
        if let reason = aps.notEligible { return deliver(request, number: number, source: .remote, outcome: .notRun, reason: reason) }
        startExtension(makeExtension, request: request, number: number)
    }

    private func nextNotificationNumber() -> Int {
        notifications.count += 1
        return notifications.count
    }

    // MARK: - Delivery

    /// Delivers a notification: on screen if it displays an alert, and with its sound (and, as
    /// iOS does with a sound, one buzz) unless its interruption level, Focus or the silent switch
    /// keeps it quiet (rule 43; the silent switch still buzzes, as iOS's "vibrate on silent").
    func deliver(
        _ request: UNNotificationRequest, number: Int, source: NotificationDelivery.Source, outcome: ExtensionOutcome?, reason: String? = nil
    ) {
        // A notification of an app deleted meanwhile (from an extension still running, or posted
        // for later) goes with the app, as its delivered ones did.
        guard app.state != .notInstalled else { return }
        let content = request.content
        if content.displaysAlert {
            notifications.delivered.removeAll { $0.request.identifier == request.identifier }
            notifications.delivered.append(DeliveredNotification(number: number, request: request, date: Date(timeIntervalSince1970: wallClockSeconds)))
            if notifications.delivered.count > NotificationState.deliveredLimit { notifications.delivered.removeFirst() }
        }
        let sound = content.sound.map(notificationSoundFile)
        let level = deliveredLevel(content.interruptionLevel)
        let heard = sound.map { _ in soundOutcome(at: level) }
        emit(.notification(.delivered(NotificationDelivery(
            id: number, source: source, shown: content.displaysAlert, title: content.title, subtitle: content.subtitle,
            body: content.body, sound: sound, extensionOutcome: outcome, reason: reason, interruptionLevel: level, soundOutcome: heard))))
        guard let sound, let heard else { return }
        switch heard {
        case .played:
            playSystemSoundFile(sound, process: nil)
            vibrate(process: nil, completion: nil)
        case .silenced(by: "silent-switch"):
            vibrate(process: nil, completion: nil)
        case .silenced:
            break
        }
    }

    /// The file a notification sound plays (rule 42): the named file, found in a `Library/Sounds`
    /// folder or the app's bundle, when it is shorter than 30 s and in a format iOS plays
    /// (`Configuration.soundProblems`), else the default sound (and the app is told why).
    private func notificationSoundFile(_ sound: UNNotificationSound) -> String {
        guard let name = sound.name else { return "default" }
        guard let found = notificationSound(named: name) else {
            violation(42, "notification sound \"\(name)\" is not in the app's Library/Sounds, an App Group's Library/Sounds or the app's bundle, so the default sound played (rule 42: iOS looks in those, in that order)")
            return "default"
        }
        guard found.length < .seconds(30) else {
            violation(42, "notification sound \"\(name)\" lasts \(found.length.wholeSeconds) s; iOS plays the default sound instead of one of 30 s or more (rule 42)")
            return "default"
        }
        if found.inBundle, let problem = configuration.soundProblems[name] {
            violation(42, "notification sound \"\(name)\" \(problem), so the default sound played (rule 42)")
            return "default"
        }
        return name
    }

    // MARK: - Local notifications (UNUserNotificationCenter)

    /// `UNUserNotificationCenter.add`: delivered at once, or after its time-interval trigger.
    func post(_ request: UNNotificationRequest) {
        guard let interval = (request.trigger as? UNTimeIntervalNotificationTrigger)?.timeInterval else {
            return deliver(request, number: nextNotificationNumber(), source: .local, outcome: nil)
        }
        runLoop.scheduleSystem(at: now + .nanoseconds(Int64(interval * 1e9))) { [unowned self] in
            deliver(request, number: nextNotificationNumber(), source: .local, outcome: nil)
        }
    }

    /// Takes delivered notifications off the screen: those with these identifiers, or all (nil).
    func removeDeliveredNotifications(_ identifiers: [String]?) {
        guard let identifiers else { return notifications.delivered.removeAll() }
        notifications.delivered.removeAll { identifiers.contains($0.request.identifier) }
    }

    /// The app's notification delegate, if the running launch set one.
    var notificationDelegate: (any UNUserNotificationCenterDelegate)? {
        guard let held = notifications.delegate, held.launch == app.launch else { return nil }
        return held.reference.delegate
    }

    /// Sets the app's delegate; an extension's is never told anything, so it is not kept.
    func setNotificationDelegate(_ delegate: (any UNUserNotificationCenterDelegate)?) {
        guard app.runningExtension == nil, app.launch > 0 else { return }
        notifications.delegate = (app.launch, WeakNotificationDelegate(delegate: delegate))
    }

    /// `UIApplication.registerForRemoteNotifications()`: the alert token, not the VoIP one (rule 3).
    func registerForRemoteNotifications(application: UIApplication) {
        guard app.runningExtension == nil else { return }
        let token = pushKit.alertToken
        runLoop.schedule(at: nil) { [unowned self] in
            guard let delegate = app.delegate, app.application === application else { return }
            delegate.application(application, didRegisterForRemoteNotificationsWithDeviceToken: token)
        }
    }

    // MARK: - The person: tapping a notification

    /// Taps notification `index` (1 = the newest): it leaves the list, the phone unlocks (the tap
    /// stands for Face ID too), the app opens in the foreground, launched if needed, and its
    /// delegate gets the response.
    func openNotification(_ index: Int) {
        let delivered = notifications.delivered
        guard !delivered.isEmpty else { return refuse(.noNotifications) }
        guard index >= 1, index <= delivered.count else {
            return refuse(.noSuchNotification(index, delivered: delivered.count))
        }
        let tapped = notifications.delivered.remove(at: delivered.count - index)
        screens.openList = nil
        emit(.notification(.opened(id: tapped.number, title: tapped.request.content.title)))
        if device.lock != .unlocked { setLock(.unlocked) }
        if app.state == .notRunning { launchApp(in: .foreground, reason: "notification") } else { appAction(.foreground) }
        let response = UNNotificationResponse(
            notification: UNNotification(request: tapped.request, date: tapped.date), actionIdentifier: UNNotificationDefaultActionIdentifier)
        runLoop.schedule(at: nil) { [unowned self] in
            notificationDelegate?.userNotificationCenter(UNUserNotificationCenter(phone: self), didReceive: response) {}
        }
    }

    // MARK: - What the screen shows

    /// The notifications on screen at `instant`, newest first.
    func notificationBanners(at instant: Instant) -> [NotificationBanner] {
        notifications.delivered.reversed().map { shown in
            let content = shown.request.content
            return NotificationBanner(
                id: shown.number, appName: configuration.app.displayName, title: content.title, subtitle: content.subtitle, body: content.body,
                minutesAgo: minutesSince(wallClock: shown.date.timeIntervalSince1970, at: instant))
        }
    }
}
