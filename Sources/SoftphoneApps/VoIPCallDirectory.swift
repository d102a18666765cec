import CallKit

/// The `voip` app's Call Directory extension (iOS rule 50), as Xcode's template writes one: the
/// numbers its server lists, each kind in ascending order. Enabled in Settings (`softphone
/// call-directory on`), a cellular call from the blocked number neither rings nor shows, and one
/// from the service's support line rings as "VoIP Caller ID: VoIP Support".
public final class VoIPCallDirectory: CXCallDirectoryProvider, CXCallDirectoryExtensionContextDelegate {
    /// A robocaller the service's users reported.
    public static let blocked: [CXCallDirectoryPhoneNumber] = [1_555_0100]
    /// The service's own numbers, with the name to show.
    public static let identified: [(number: CXCallDirectoryPhoneNumber, label: String)] = [(1_555_0142, "VoIP Support")]

    public override func beginRequest(with context: CXCallDirectoryExtensionContext) {
        context.delegate = self
        for number in Self.blocked { context.addBlockingEntry(withNextSequentialPhoneNumber: number) }
        for entry in Self.identified { context.addIdentificationEntry(withNextSequentialPhoneNumber: entry.number, label: entry.label) }
        context.completeRequest()
    }

    public func requestFailed(for extensionContext: CXCallDirectoryExtensionContext, withError error: any Error) {
        NSLog("Call Directory load failed: \(error)")
    }
}
