// An Intents extension's side of a call intent. They compile, so an app's extension target builds
// beside its call code; the phone never runs an Intents extension (Siri is not here), so none of
// them is ever called by it.

/// What an Intents extension implements to start calls Siri asks for, as `INStartCallIntentHandling`.
/// The `resolve…` methods are not here.
public protocol INStartCallIntentHandling: AnyObject {
    /// Start the call, or say why not.
    func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void)
    /// Say whether the call can start, before `handle`; by default, ready.
    func confirm(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void)
}

extension INStartCallIntentHandling {
    public func confirm(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {
        completion(INStartCallIntentResponse(code: .ready, userActivity: nil))
    }
}

/// The extension's answer to an `INStartCallIntent`, as Intents' `INStartCallIntentResponse`.
public final class INStartCallIntentResponse: INIntentResponse {
    /// What the extension says.
    public let code: INStartCallIntentResponseCode

    /// `userActivity` is what the app gets when the answer continues there (`.continueInApp`).
    public init(code: INStartCallIntentResponseCode, userActivity: NSUserActivity?) {
        self.code = code
        super.init()
        self.userActivity = userActivity
    }
}

/// What an extension answers a call intent, as Intents' `INStartCallIntentResponseCode`, with
/// Apple's raw values.
public enum INStartCallIntentResponseCode: Int, Sendable {
    case unspecified = 0
    case ready = 1
    case continueInApp = 2
    case userConfirmationRequired = 3
    case failure = 4
    case failureRequiringAppLaunch = 5
    case failureCallingServiceNotAvailable = 6
    case failureContactNotSupportedByApp = 7
    case failureAirplaneModeEnabled = 8
    case failureUnableToHandOff = 9
    case failureAppConfigurationRequired = 10
    case failureCallInProgress = 11
    case failureCallRinging = 12
    case failureRequiringInAppAuthentication = 13
}

/// An Intents extension's principal class, as Intents' `INExtension`: it hands out the object
/// that handles each intent.
open class INExtension: NSObject {
    /// The handler for `intent` (an `INStartCallIntentHandling` for a call intent); by default none.
    open func handler(for intent: INIntent) -> Any? { nil }
}
