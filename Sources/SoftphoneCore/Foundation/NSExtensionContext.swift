/// The request the system hands an app extension, as Foundation's `NSExtensionContext` (Linux's
/// Foundation has none, so this one serves with the trait too). A Call Directory extension gets
/// its subclass, `CXCallDirectoryExtensionContext`.
open class NSExtensionContext: NSObject {
    /// Made by the system for each request.
    public override init() {}

    /// What the request carries: the system's requests here carry nothing.
    open var inputItems: [Any] { [] }

    /// Ends the request; the subclass of each kind of extension says what that does.
    open func completeRequest(returningItems items: [Any]?, completionHandler: ((Bool) -> Void)? = nil) {}

    /// Ends the request with an error.
    open func cancelRequest(withError error: any Error) {}
}

/// What an extension's principal class adopts to be handed its request, as Foundation's
/// `NSExtensionRequestHandling`.
public protocol NSExtensionRequestHandling: AnyObject {
    func beginRequest(with context: NSExtensionContext)
}
