/// What APNs did with a push it accepted but could not hand over at once (iOS rule 17), or with
/// one it refused at once, each tied to the push's `apns-id`.
public enum APNsDelivery: Equatable, Sendable {
    /// Why APNs holds a push.
    public enum StoreReason: String, Equatable, Sendable {
        /// The phone is offline: APNs keeps one push per app, the latest, until its expiration.
        case offline
        /// Low Power Mode holds back priority 5 and 1 pushes.
        case lowPower = "low-power"
    }

    /// Why APNs dropped a push it had accepted.
    public enum DiscardReason: String, Equatable, Sendable {
        /// Its `apns-expiration` passed before the phone could take it.
        case expired
        /// A newer push for the same app took its place while the phone was offline.
        case replaced
        /// `apns-expiration: 0`: one attempt; the phone was offline, so it was not stored.
        case notStored = "not-stored"
    }

    /// Held for later; `expiration` is the push's `apns-expiration`, if it had one.
    case stored(apnsID: String, reason: StoreReason, expiration: Int?)
    /// Handed to the phone `delay` after APNs accepted it.
    case delivered(apnsID: String, delay: Duration)
    /// Dropped, never to arrive.
    case discarded(apnsID: String, reason: DiscardReason)
    /// Refused with 400 BadDeviceToken: the push was sent to the host of `environment`, which does
    /// not know the device's `token` (hex), a token of the other environment (`why` says which).
    /// The same refusal as the APNs endpoint's, and the same `apns.request` event.
    case rejected(apnsID: String, environment: APNsEnvironment, token: String, why: String)
}
