/// An object that can restore an activity's state, as UIKit's `UIUserActivityRestoring`: what an
/// app hands back through `application(_:continue:restorationHandler:)`'s handler. Every
/// `UIResponder` is one, as in UIKit.
public protocol UIUserActivityRestoring: AnyObject {
    /// Restores the state `userActivity` describes.
    func restoreUserActivityState(_ userActivity: NSUserActivity)
}

extension UIResponder: UIUserActivityRestoring {}
