/// Pushes APNs accepted for the phone and has not handed over yet (iOS rule 17): the one it
/// stores while the phone is offline, those Low Power Mode holds back, and those on their way
/// over a slow network.
struct APNsQueue {
    /// A push APNs holds, with the `apns-id` it answered and when it accepted it.
    struct Held {
        var push: PushRequest
        var apnsID: String
        var acceptedAt: Instant
    }

    /// The push kept while the phone is offline: one per app, the latest, as Apple describes,
    /// and the job that drops it when it expires (cancelled when it goes sooner).
    var stored: Held?
    var storedExpiry: PhoneRunLoop.Ticket?
    /// Priority 5 and 1 pushes held back by Low Power Mode, oldest first.
    var heldForPower: [Held] = []
    /// Pushes on their way to the phone, arriving after the network's latency.
    var inFlight = 0

    /// How many pushes APNs holds for the phone.
    var count: Int { (stored == nil ? 0 : 1) + heldForPower.count + inFlight }
}
