/// An app with an in-call screen of its own, as most VoIP apps have next to CallKit's: the
/// person can hang up from it (`e`, `softphone app end-call`) while the app is in the foreground.
///
/// iOS has no such protocol: it is how the simulator presses the app's own button. What the
/// button does is the app's business; done right, it asks `CXCallController` for a
/// `CXEndCallAction` with the call's UUID, so CallKit ends the call it knows (iOS rule 35).
public protocol InAppCallControls: AnyObject {
    /// The person tapped the app's own hang-up button.
    func hangUpButtonTapped()
}
