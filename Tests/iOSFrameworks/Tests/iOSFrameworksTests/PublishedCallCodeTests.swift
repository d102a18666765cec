import SoftphoneCore
import SoftphoneTestSupport
import XCTest

/// Published call code (AppCode/) compiled unchanged and run in the phone: call-backs read by
/// code that knows the deprecated call intents or the old restoration handler, and seed-era
/// token code. Each behaves as on iOS 13 and later, and the phone names the rule it breaks.
final class PublishedCallCodeTests: XCTestCase {
    /// A phone on the manual clock running `App`, whose push carries the caller's name and handle.
    final class AppPhone<App: UIApplicationDelegate>: PhoneOnManualClock<App> {
        init(_ makeDelegate: @escaping @Sendable () -> App) {
            let bundle = AppBundle.iOSApp(
                id: "published", displayName: "Published", bundleIdentifier: "com.example.published", delegate: makeDelegate,
                callPush: { caller in ["aps": [String: Any](), "caller": caller.name, "handle": caller.handle] })
            super.init(configuration: .init(app: bundle), seed: 7)
        }

        /// The app's requests to its server, as "name field=value …".
        var requests: [String] {
            events.compactMap { event in
                guard case .serverRequest(let name, let fields) = event else { return nil }
                return ([name] + fields.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
            }
        }

        /// A call from Zoë that she ends, then a tap on it in Recents.
        func callBackFromRecents() {
            send(.incomingCall(Caller(name: "Zoë", handle: "+15551234")))
            send(.end)
            send(.setLock(.unlocked))
            send(.callBack(recent: 1))
        }
    }

    /// Code that tries each call intent in turn finds iOS 13's INStartCallIntent and calls back.
    func test_aCallBackReachesCodeThatTriesEveryCallIntent() {
        let t = AppPhone { CallBackAppDelegate() }
        t.callBackFromRecents()
        XCTAssert(t.requests.contains { $0.hasPrefix("dial ") && $0.hasSuffix(" handle=+15551234") }, "\(t.requests)")
        XCTAssert(t.events.contains(.connected(call: 2)))
        XCTAssert(t.violatedRules.isEmpty)
    }

    /// Code that knows only INStartAudioCallIntent is handed iOS 13's INStartCallIntent, does not
    /// handle it, and the tap does nothing: rule 48.
    func test_codeThatKnowsOnlyTheAudioCallIntentMissesTheCallBack() throws {
        let t = AppPhone { AudioIntentAppDelegate() }
        t.callBackFromRecents()
        XCTAssertEqual(t.app?.activityTypes, ["INStartCallIntent"])
        XCTAssertFalse(t.requests.contains { $0.hasPrefix("dial") })
        let message = try XCTUnwrap(t.violations(of: 48).first)
        XCTAssert(message.contains("not an INStartAudioCallIntent"), message)
    }

    /// A restoration handler declared `([Any]?) -> Void` is not UIKit's requirement since the
    /// iOS 12 SDK: iOS never calls that method, and neither does the phone, which says why.
    func test_aMethodWithTheOldRestorationHandlerIsNotCalled() throws {
        let t = AppPhone { AnyRestorationAppDelegate() }
        t.callBackFromRecents()
        XCTAssertEqual(t.app?.activityTypes, [])
        XCTAssertFalse(t.requests.contains { $0.hasPrefix("dial") })
        let message = try XCTUnwrap(t.violations(of: 48).first)
        XCTAssert(message.contains("[UIUserActivityRestoring]?") && message.contains("[Any]?"), message)
    }

    /// Seed-era token code, `String(format: "%@", token as CVarArg)` stripped of "<", ">" and
    /// spaces, registers iOS 13's description instead of the token: rule 2, in the phone's words.
    func test_aTokenFormattedWithPercentAtBreaksRule2() throws {
        let t = AppPhone { SeedEraTokenAppDelegate() }
        let hex = try XCTUnwrap(t.events.compactMap { if case .token(let hex, _) = $0 { hex } else { nil } }.first)
        let registered = try XCTUnwrap(t.requests.first { $0.hasPrefix("register ") })
        XCTAssert(registered.hasPrefix("register token={length=32,bytes=0x\(hex.prefix(32))...\(hex.suffix(16))}"), registered)
        let message = try XCTUnwrap(t.violations(of: 2).first)
        XCTAssert(message.contains("as \"{length=32,bytes=0x\(hex.prefix(8))"), message)
        XCTAssert(message.contains("since iOS 13 Data.description is \"{length = 32, bytes = 0x…}\""), message)
        XCTAssertEqual(t.violatedRules, [2])
    }
}
