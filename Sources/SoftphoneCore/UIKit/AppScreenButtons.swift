/// An app whose own screen (`UIApplication.present(_:)`) has buttons: the person taps one with its
/// key (or `softphone key`) while the app is in the foreground.
///
/// iOS has no such protocol: it is how the simulator presses a button of the app's own views, as
/// `InAppCallControls` presses its hang-up button.
public protocol AppScreenButtons: AnyObject {
    /// The person tapped the button labelled `label` on the screen the app presented.
    func appScreenButtonTapped(_ label: String)
}
