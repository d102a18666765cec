/// APNs' side of delivery when the phone cannot take a push at once (iOS rule 17): it answers the
/// provider 200 and then, while the phone is offline, stores the latest push per app until its
/// `apns-expiration` (not at all with 0); in Low Power Mode it holds back priority 5 and 1
/// pushes; over a slow network each push arrives `latency` later. Each step is an `apns.*`
/// event naming the push's `apns-id`. With none of these conditions a push goes straight to
/// `deliver`, and none of this runs.
extension Phone {
    /// How long APNs keeps a push that names no `apns-expiration`: Apple stores pushes "for 30
    /// days or less".
    public static let apnsStorageLimit: Duration = .seconds(30 * 24 * 3600)

    /// APNs has accepted `push` and cannot hand it over now.
    func accept(_ push: PushRequest) {
        // APNs always has an id for the push; one given to the phone directly gets one here.
        send(APNsQueue.Held(push: push, apnsID: push.apnsID ?? nextUUID().uuidString, acceptedAt: now))
    }

    /// APNs sends a held push towards the device: over a slow network it arrives `latency` later.
    private func send(_ held: APNsQueue.Held) {
        guard device.network != .offline, device.latency > .zero else { return arrive(held) }
        apnsQueue.inFlight += 1
        runLoop.scheduleSystem(at: now + device.latency) { [unowned self] in
            apnsQueue.inFlight -= 1
            arrive(held)
        }
    }

    /// A held push reaches the device's side of APNs: it is delivered, or held again as the
    /// device's state now says.
    private func arrive(_ held: APNsQueue.Held) {
        if expired(held) { return discard(held, .expired) }
        if device.network == .offline { return store(held) }
        if device.power == .low && held.push.priority < 10 {
            // One attempt only: Low Power Mode's hold is a kind of storing.
            guard held.push.expiration != 0 else { return discard(held, .notStored) }
            apnsQueue.heldForPower.append(held)
            emit(.apns(.stored(apnsID: held.apnsID, reason: .lowPower, expiration: held.push.expiration)))
            return
        }
        if held.acceptedAt < now { emit(.apns(.delivered(apnsID: held.apnsID, delay: now - held.acceptedAt))) }
        deliver(held.push)
    }

    /// Keeps `held` for an offline phone: the latest push only, until its expiration.
    private func store(_ held: APNsQueue.Held) {
        guard held.push.expiration != 0 else { return discard(held, .notStored) }
        if let older = takeStored() { discard(older, .replaced) }
        apnsQueue.stored = held
        emit(.apns(.stored(apnsID: held.apnsID, reason: .offline, expiration: held.push.expiration)))
        // Dropped when it expires, if the phone has not come back by then.
        apnsQueue.storedExpiry = runLoop.scheduleSystem(at: expiry(of: held)) { [unowned self] in
            apnsQueue.storedExpiry = nil
            if let stored = takeStored() { discard(stored, .expired) }
        }
    }

    /// Takes the stored push out of APNs' store, and its expiry job out of the run loop: a job
    /// left for each replaced push would stay queued until its expiration, up to 30 days.
    private func takeStored() -> APNsQueue.Held? {
        if let expiry = apnsQueue.storedExpiry { runLoop.cancel(expiry) }
        apnsQueue.storedExpiry = nil
        defer { apnsQueue.stored = nil }
        return apnsQueue.stored
    }

    private func discard(_ held: APNsQueue.Held, _ reason: APNsDelivery.DiscardReason) {
        emit(.apns(.discarded(apnsID: held.apnsID, reason: reason)))
    }

    /// The instant `push`'s `apns-expiration` passes; nil when it names none (0 is one attempt, now).
    private func expirationInstant(of push: PushRequest) -> Instant? {
        guard let expiration = push.expiration, expiration != 0 else { return nil }
        let seconds = Double(expiration) - wallClockStart
        return seconds <= 0 ? .zero : Instant(nanoseconds: Int64(min(seconds, 9e9) * 1e9))
    }

    /// The instant APNs gives up on `held`: its `apns-expiration`, else the storage limit.
    private func expiry(of held: APNsQueue.Held) -> Instant {
        expirationInstant(of: held.push) ?? held.acceptedAt + Self.apnsStorageLimit
    }

    /// Whether APNs has given up on `held` by now (a push of `apns-expiration: 0` never waits to expire).
    private func expired(_ held: APNsQueue.Held) -> Bool {
        held.push.expiration != 0 && now >= expiry(of: held)
    }

    /// Whether `push`'s `apns-expiration` has passed already: APNs never delivers it (iOS rule 15),
    /// and discards it as it discards a stored push that expires.
    func hasExpired(_ push: PushRequest) -> Bool {
        expirationInstant(of: push).map { now >= $0 } ?? false
    }

    /// The device comes online or goes offline, or its latency changes.
    func setNetwork(_ state: NetworkState?, latency: Duration?) {
        let network = state ?? device.lastOnline
        if network != .offline { device.lastOnline = network }
        let changed = network != device.network || (latency.map { $0 != device.latency } ?? false)
        device.network = network
        if let latency { device.latency = latency }
        guard changed else { return }
        emit(.network(network, latency: device.latency))
        // Back online: APNs tries the push it stored again.
        if network != .offline, let stored = takeStored() { send(stored) }
    }

    /// Low Power Mode goes on or off; off, the pushes it held back come in a burst.
    func setPower(_ mode: PowerMode) {
        guard mode != device.power else { return }
        device.power = mode
        emit(.power(mode))
        guard mode == .normal, !apnsQueue.heldForPower.isEmpty else { return }
        let held = apnsQueue.heldForPower
        apnsQueue.heldForPower = []
        for push in held { send(push) }
    }

    /// How many pushes APNs holds for the phone: stored, held back, or on their way.
    public var apnsHeld: Int { apnsQueue.count }
}
