/// A notification service extension hands the system a VoIP payload for the app
/// (`CXProvider.reportNewIncomingVoIPPushPayload`, iOS 14.5, rule 12).
extension Phone {
    /// Checks who asks and what the app is entitled to; then, once the caller's code has
    /// returned, the payload reaches the app as a VoIP push does: launched if it is not running,
    /// its PushKit delegate called, and the report rule applies (rules 4–7).
    func reportVoIPPushPayload(_ payload: [AnyHashable: Any], completion: @escaping ((any Error)?) -> Void) {
        let error: (any Error)?
        if app.runningExtension == nil {
            error = CXErrorCodeNotificationServiceExtensionError(.invalidClientProcess)
        } else if !hasEntitlement(.notificationFiltering) {
            error = CXErrorCodeNotificationServiceExtensionError(.missingNotificationFilteringEntitlement)
        } else if let json = JSON(foundationValue: payload), case .object = json {
            error = nil
            runLoop.scheduleSystem(at: now) { [unowned self] in
                guard app.state != .notInstalled else { return }
                receiveVoIP(PushRequest(kind: .voip, payload: json))
            }
        } else {
            // A payload APNs could not have carried (a date, an object of the app's own).
            error = CXErrorCodeNotificationServiceExtensionError(.unknown)
        }
        // CallKit's private serial queue: later, never inside the call (the run loop is every queue here).
        schedule(.completion(completion, error))
    }
}
