/// The person holding the phone, when told to act alone (`--auto-answer S`, `--auto-hangup S`, as
/// pjsua and baresip offer): S after a call starts ringing they answer it, S after a call connects
/// they hang up. Their presses are the keys' own — an answer action, an end action, each for the
/// app to fulfil — so a flow runs hands-free exactly as it would by hand.
extension Phone {
    /// What the person does alone; nil durations: nothing (they wait for keys).
    public struct Person: Equatable, Sendable {
        /// How long a call rings before the person answers it.
        public var answerAfter: Duration?
        /// How long a connected call lasts before the person hangs up.
        public var hangUpAfter: Duration?

        /// A person who answers after `answerAfter` and hangs up after `hangUpAfter`, when given.
        public init(answerAfter: Duration? = nil, hangUpAfter: Duration? = nil) {
            self.answerAfter = answerAfter
            self.hangUpAfter = hangUpAfter
        }
    }

    /// `record` started ringing: the person answers it in time, if it still rings alone on screen
    /// then (a call waiting over another asks for a choice: End & Accept or Hold & Accept).
    func personHearsRinging(_ record: CallRecord) {
        guard let delay = configuration.person.answerAfter else { return }
        runLoop.scheduleSystem(at: now + delay) { [unowned self] in
            guard record.phase == .ringing, calls.presentedIncoming === record, calls.active.isEmpty else { return }
            answer()
        }
    }

    /// `record` connected: the person hangs up in time, if it is still connected then.
    func personSeesConnected(_ record: CallRecord) {
        guard let delay = configuration.person.hangUpAfter else { return }
        runLoop.scheduleSystem(at: now + delay) { [unowned self] in
            guard record.phase == .connected, !record.isEnding else { return }
            beginEnd(record, reason: .local)
            send(CXTransaction(action: CXEndCallAction(call: record.uuid, reason: .local)), to: record.provider)
        }
    }
}
