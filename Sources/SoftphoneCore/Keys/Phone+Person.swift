/// The person holding the phone, when told to act alone (`--auto-answer S`, `--auto-hangup S`, as
/// pjsua and baresip offer): S after a call starts ringing they answer it, S after a call connects
/// they hang up. Their presses are the keys' own — an answer action, an end action, each for the
/// app to fulfil — so a flow runs hands-free exactly as it would by hand.
extension Phone {
    /// What the person does alone; nil durations: nothing (they wait for keys).
    public struct Person: Equatable, Sendable {
        /// How long a call rings before the person answers it (or declines it, below).
        public var answerAfter: Duration?
        /// How long a connected call lasts before the person hangs up.
        public var hangUpAfter: Duration?
        /// Of the calls that ring, the share (0…1) the person declines at `answerAfter` instead.
        public var declineShare: Double
        /// Of the calls that ring, the share (0…1) the person never touches: the app's own ring
        /// timeout, or the caller giving up, ends them.
        public var ignoreShare: Double
        /// A call that rings during another: declined at `answerAfter` (busy) instead of left ringing.
        public var declinesWhenBusy: Bool

        /// A person who answers after `answerAfter` and hangs up after `hangUpAfter`, when given;
        /// of the calls, `declineShare` are declined and `ignoreShare` left to ring, drawn from the
        /// phone's seed.
        public init(
            answerAfter: Duration? = nil, hangUpAfter: Duration? = nil, declineShare: Double = 0, ignoreShare: Double = 0,
            declinesWhenBusy: Bool = false
        ) {
            self.answerAfter = answerAfter
            self.hangUpAfter = hangUpAfter
            self.declineShare = declineShare
            self.ignoreShare = ignoreShare
            self.declinesWhenBusy = declinesWhenBusy
        }
    }

    /// `record` started ringing: in time the person answers it, declines it, or (a share of calls)
    /// lets it ring, if it still rings on screen then. During another call they decline it when
    /// told to (busy), else leave it ringing (a call waiting asks for a choice the person does not make).
    func personHearsRinging(_ record: CallRecord) {
        let person = configuration.person
        guard let delay = person.answerAfter else { return }
        var declines = false
        if person.declineShare > 0 || person.ignoreShare > 0 {
            // The phone's own draws, apart from its UUIDs: a seeded fleet of phones repeats exactly.
            let draw = personDraws.nextFraction()
            if draw < person.ignoreShare { return }
            declines = draw < person.ignoreShare + person.declineShare
        }
        runLoop.scheduleSystem(at: now + delay) { [unowned self] in
            guard record.phase == .ringing, calls.presentedIncoming === record else { return }
            if !calls.active.isEmpty {
                if person.declinesWhenBusy { decline(record) }
                return
            }
            if declines { decline(record) } else { answer() }
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
