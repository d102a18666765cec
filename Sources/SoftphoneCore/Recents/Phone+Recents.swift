/// The Phone app's Recents (iOS rule 48): each call the app's provider lets in is added as it
/// ends, the person opens the list (`r`), and tapping an entry calls back through the app.
extension Phone {
    /// The Phone app's Recents, newest first.
    public var recents: [RecentCall] { recentsList.newestFirst }

    /// A call ended: into Recents it goes, and the shell keeps it.
    func addRecent(_ record: CallRecord, caller: Caller, reason: EndReason, milliseconds: Int64) {
        let recent = RecentCall(
            app: configuration.app.id, uuid: record.uuidText, caller: caller,
            handleType: record.details.handle?.type ?? .generic, isOutgoing: record.isOutgoing,
            isMissed: !record.isOutgoing && !record.hasConnected && reason != .declined && reason != .answeredElsewhere,
            reason: reason, endedAt: wallClockSeconds, durationMilliseconds: milliseconds)
        recentsList.add(recent, limit: configuration.rules.recentsLimit)
        perform(.recordRecent(recent))
    }

    /// `r`: the Phone app's Recents. Opening an app unlocks the phone (the press stands for Face
    /// ID too, as tapping a notification does).
    func openRecents() {
        if device.lock != .unlocked { setLock(.unlocked) }
        screens.openList = (.recents, 0, calls.ended?.record.number)
    }

    /// Recents as the open list shows it at `instant`, entry `selected` (from 0) chosen.
    func recentsScreen(at instant: Instant, selected: Int) -> Screen {
        let entries = recents.map { RecentsScreen.Entry(call: $0, minutesAgo: minutesSince(wallClock: $0.endedAt, at: instant)) }
        return .recents(RecentsScreen(entries: entries, selected: min(selected, max(0, entries.count - 1))))
    }

    /// Tapping a Recents entry opens the app with an `INStartCallIntent` activity; the app is
    /// expected to request a `CXStartCallAction`.
    func callBack(recent index: Int) {
        guard index >= 1, index <= recentsList.count else { return refuse(.noRecent(index)) }
        guard device.lock == .unlocked else { return refuse(.locked) }
        guard app.state != .notInstalled else { return refuse(.appNotInstalled) }
        let recent = recentsList[index]
        screens.openList = nil
        let handleType: INPersonHandleType = switch recent.handleType {
        case .phoneNumber: .phoneNumber
        case .emailAddress: .emailAddress
        case .generic: .unknown
        }
        let person = INPerson(personHandle: INPersonHandle(value: recent.caller.handle, type: handleType), displayName: recent.caller.name)
        let intent = INStartCallIntent(contacts: [person], callCapability: recent.caller.hasVideo ? .videoCall : .audioCall)
        let activity = NSUserActivity(activityType: "INStartCallIntent", interaction: INInteraction(intent: intent, response: nil))
        app.open(with: activity)
        appAction(.foreground)
        app.open(with: nil)
        runLoop.schedule(at: nil) { [unowned self] in
            guard let delegate = app.delegate, let application = app.application else { return }
            // A scene-based app gets it through its scene's delegate, as iOS 13 hands it over
            // (`scene(_:continue:)`), and its app delegate does not; no answer comes back from
            // there, so no rule is checked.
            if let scene = application.connectedScene {
                // Unless the opening connected the scene with it (`ConnectionOptions.userActivities`).
                if application.activityDeliveredAtConnection !== activity { scene.delegate?.scene(scene, continue: activity) }
                return
            }
            // The objects the app hands back are asked to restore the activity, as UIKit does.
            let handled = delegate.application(application, continue: activity, restorationHandler: { objects in
                objects?.forEach { $0.restoreUserActivityState(activity) }
            })
            if !handled {
                violation(48, "the app did not handle the INStartCallIntent activity from Recents, so tapping the entry did nothing (rule 48: list INStartCallIntent in NSUserActivityTypes, handle it in application(_:continue:restorationHandler:) with a restorationHandler of [UIUserActivityRestoring]? (iOS does not call a method taking [Any]?) and request a CXStartCallAction; since iOS 13 the intent is an INStartCallIntent, not an INStartAudioCallIntent or INStartVideoCallIntent)")
            }
        }
    }
}
