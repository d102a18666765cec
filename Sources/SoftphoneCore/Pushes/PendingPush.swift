/// A VoIP push delivered (or held for delivery) and not yet past the system's second check.
/// (Only what the handler and the checks read is kept: a small value is cheap to move into its
/// slot, test and destroy, where the whole request would cost a copy of every header at each test.)
struct PendingPush {
    /// The push's JSON body, for the app's handler.
    let payload: JSON
    /// iOS does not require a report for it (foreground, on a call, too old: `Phone.exemption(for:)`).
    let isExempt: Bool
    /// A call was reported since it arrived.
    var reported = false
    /// The app was already killed over it.
    var killed = false
}
