/// What the system keeps of an action handed to the app and not yet complete (`CXAction.pending`).
/// The transaction it came in is held strongly, as the app may drop it: the phone clears this
/// when the action completes, times out or is dropped, which breaks the cycle through the
/// transaction's own reference to the action.
struct PendingAction {
    let callUUID: UUID
    let transaction: CXTransaction
}
