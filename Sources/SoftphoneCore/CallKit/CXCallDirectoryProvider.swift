/// A phone number of a Call Directory extension, as CallKit's `CXCallDirectoryPhoneNumber`: the
/// country calling code followed by the number's digits (`1_408_555_0100` for +1 408 555 0100).
public typealias CXCallDirectoryPhoneNumber = Int64

/// A Call Directory extension's principal class, as CallKit's `CXCallDirectoryProvider`:
/// subclass it (Xcode's template names it `CallDirectoryHandler`) and override
/// `beginRequest(with:)`, adding entries to the context and ending with `completeRequest()`.
///
/// The system makes one in a process of its own for each load: when the app calls
/// `CXCallDirectoryManager.reloadExtension(withIdentifier:completionHandler:)` and when the person
/// enables the extension in Settings › Apps › Phone › Call Blocking & Identification (iOS rule 50).
open class CXCallDirectoryProvider: NSObject, NSExtensionRequestHandling {
    /// Made by the phone, through `AppBundle.callDirectoryExtension`, for each load.
    public required override init() {}

    /// Foundation's entry point: hands a Call Directory context to the method below.
    open func beginRequest(with context: NSExtensionContext) {
        if let context = context as? CXCallDirectoryExtensionContext { beginRequest(with: context) }
    }

    /// A load: add the entries (each kind in ascending order of number) and call
    /// `context.completeRequest()`. The default adds nothing and never completes, as a provider
    /// that overrides nothing does on iOS.
    open func beginRequest(with context: CXCallDirectoryExtensionContext) {}
}

/// Told when a load fails, as CallKit's `CXCallDirectoryExtensionContextDelegate`.
public protocol CXCallDirectoryExtensionContextDelegate: AnyObject {
    /// The load failed with a `CXErrorCodeCallDirectoryManagerError` (entries out of order,
    /// duplicates, a removal in a load that is not incremental); nothing of it was kept.
    func requestFailed(for extensionContext: CXCallDirectoryExtensionContext, withError error: any Error)
}

/// One load of a Call Directory extension, as CallKit's `CXCallDirectoryExtensionContext`: the
/// entries the extension adds or removes, kept only if the load completes without a mistake
/// (iOS rule 50).
public final class CXCallDirectoryExtensionContext: NSExtensionContext {
    /// Told if the load fails; held weakly.
    public weak var delegate: (any CXCallDirectoryExtensionContextDelegate)?
    /// The load this context records, which the phone commits on `completeRequest`.
    let load: CallDirectoryLoad
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?

    init(load: CallDirectoryLoad, link: PhoneLink?) {
        self.load = load
        self.link = link
    }

    /// Whether this load may change the entries of the last one instead of giving them all: true
    /// once a load has completed since the extension was enabled. Read before any entry is added
    /// or removed, a true answer makes the load incremental; otherwise it is a complete load,
    /// which replaces every entry and must remove none.
    public var isIncremental: Bool { load.askIncremental() }

    /// Blocks `phoneNumber`: a cellular call from it is refused without showing. Numbers must
    /// come in ascending order, each once.
    public func addBlockingEntry(withNextSequentialPhoneNumber phoneNumber: CXCallDirectoryPhoneNumber) {
        load.record(.block(phoneNumber))
    }

    /// Identifies `phoneNumber` with `label`, shown on the incoming-call screen of a cellular call
    /// from it. Numbers must come in ascending order, each once.
    public func addIdentificationEntry(withNextSequentialPhoneNumber phoneNumber: CXCallDirectoryPhoneNumber, label: String) {
        load.record(.identify(phoneNumber, label))
    }

    /// An incremental load takes `phoneNumber` off the blocked numbers.
    public func removeBlockingEntry(withPhoneNumber phoneNumber: CXCallDirectoryPhoneNumber) {
        load.record(.unblock(phoneNumber))
    }

    /// An incremental load takes every blocked number off.
    public func removeAllBlockingEntries() {
        load.record(.unblockAll)
    }

    /// An incremental load takes `phoneNumber`'s label off.
    public func removeIdentificationEntry(withPhoneNumber phoneNumber: CXCallDirectoryPhoneNumber) {
        load.record(.unidentify(phoneNumber))
    }

    /// An incremental load takes every label off.
    public func removeAllIdentificationEntries() {
        load.record(.unidentifyAll)
    }

    /// Ends the load: its entries are kept and `completion` gets false (the request did not
    /// expire), or, after a mistake, nothing is kept and the delegate's `requestFailed` is called.
    public func completeRequest(completionHandler completion: ((Bool) -> Void)? = nil) {
        link?.phone?.completeCallDirectoryLoad(load, context: self, completion: completion)
    }

    /// Foundation's form, as `completeRequest(completionHandler:)`.
    public override func completeRequest(returningItems items: [Any]?, completionHandler: ((Bool) -> Void)? = nil) {
        completeRequest(completionHandler: completionHandler)
    }
}

#if SOFTPHONE_FOUNDATION
extension CXCallDirectoryExtensionContext {
    /// `completeRequest(completionHandler:)` for code that awaits, on the main actor: whether the
    /// request expired, as the completion's argument says (false once the entries are committed).
    @MainActor public func completeRequest() async -> Bool {
        var expired = false
        try? await FoundationRunLoop.main.awaitCompletion { completion in
            completeRequest { answer in
                expired = answer
                completion(nil)
            }
        }
        return expired
    }
}
#endif
