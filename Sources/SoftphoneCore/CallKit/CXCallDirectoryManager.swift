/// How an app reaches its Call Directory extension, as CallKit's `CXCallDirectoryManager`: it
/// asks the system to load it again, or whether the person enabled it (iOS rule 50). An
/// extension is named by its identifier, the app's bundle identifier and one more part
/// (`com.example.voip.CallDirectoryHandler`, as Xcode names an extension target's).
public final class CXCallDirectoryManager: NSObject, @unchecked Sendable {
    /// Whether the person enabled the extension in Settings › Apps › Phone › Call Blocking & Identification.
    public enum EnabledStatus: Int, Sendable {
        case unknown = 0
        case disabled = 1
        case enabled = 2
    }

    /// The app's manager. It holds nothing: each call asks the phone whose app code is running
    /// (many phones may run side by side in tests), so one instance serves them all.
    public static let sharedInstance = CXCallDirectoryManager()

    /// Asks the system to load the extension: the completion (on the main queue) gets nil once
    /// the load completed, or a `CXErrorCodeCallDirectoryManagerError` (`noExtensionFound`,
    /// `extensionDisabled`, `currentlyLoading`, or the load's own mistake).
    public func reloadExtension(withIdentifier identifier: String, completionHandler completion: (((any Error)?) -> Void)? = nil) {
        PhoneContext.current?.reloadCallDirectory(identifier, completion: completion ?? { _ in })
    }

    /// Whether the person enabled the extension; an identifier that is not the app's extension
    /// gets `.unknown` and `noExtensionFound`. On the main queue.
    public func getEnabledStatusForExtension(
        withIdentifier identifier: String, completionHandler completion: @escaping (CXCallDirectoryManager.EnabledStatus, (any Error)?) -> Void
    ) {
        PhoneContext.current?.callDirectoryStatus(identifier, completion: completion)
    }

    /// Opens Settings at Call Blocking & Identification (iOS 13.4). The phone has no Settings
    /// app to show: the completion gets nil, and the person enables the extension with
    /// `softphone call-directory on`.
    public func openSettings(completionHandler completion: (((any Error)?) -> Void)? = nil) {
        PhoneContext.current?.schedule(.completion(completion ?? { _ in }, nil))
    }
}

#if SOFTPHONE_FOUNDATION
extension CXCallDirectoryManager {
    /// `reloadExtension(withIdentifier:completionHandler:)` for code that awaits, on the main actor.
    @MainActor public func reloadExtension(withIdentifier identifier: String) async throws {
        try await FoundationRunLoop.main.awaitCompletion { completion in reloadExtension(withIdentifier: identifier, completionHandler: completion) }
    }

    /// `getEnabledStatusForExtension(withIdentifier:completionHandler:)`, awaited: throws the error
    /// the completion would get.
    @MainActor public func enabledStatusForExtension(withIdentifier identifier: String) async throws -> CXCallDirectoryManager.EnabledStatus {
        var status = EnabledStatus.unknown
        try await FoundationRunLoop.main.awaitCompletion { completion in
            getEnabledStatusForExtension(withIdentifier: identifier) { answer, error in
                status = answer
                completion(error)
            }
        }
        return status
    }

    /// `openSettings(completionHandler:)`, awaited.
    @MainActor public func openSettings() async throws {
        try await FoundationRunLoop.main.awaitCompletion { completion in openSettings(completionHandler: completion) }
    }
}
#endif
