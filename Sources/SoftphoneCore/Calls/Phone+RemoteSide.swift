/// The other side of a call, which reaches the phone only through the app's own server connection.
extension Phone {
    /// The remote side ends a call: its server tells the app over the app's own connection
    /// (not a VoIP push, iOS rule 10); the app is expected to report the call ended.
    func remoteEnd(call number: Int?) {
        let target: CallRecord?
        if let number { target = calls.byUUID.values.first { $0.number == number && !$0.isEnding } } else { target = calls.presentedIncoming ?? calls.focus }
        guard let target else { return refuse(number.map(Refusal.noSuchCall) ?? .nothingToEnd) }
        let listeners = app.servers.filter { $0.launch == app.launch && $0.onMessage != nil }
        guard !listeners.isEmpty else { return refuse(.appNotListening) }
        let message = AppServer.Message(name: target.isRinging ? "cancel" : "hangup", callUUID: target.uuid)
        for server in listeners {
            runLoop.schedule(at: nil) { [weak server] in server?.onMessage?(message) }
        }
    }
}
