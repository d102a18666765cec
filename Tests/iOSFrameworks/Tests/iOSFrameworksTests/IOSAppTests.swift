import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport
import XCTest

/// Call code written for iOS (AppCode/: `import CallKit`, `import PushKit`, … and Foundation) in
/// the phone on the manual clock: it registers, rings, answers, ends, and its main-queue work runs
/// inside the phone's turn, so a run is as repeatable as with the built-in apps.
///
/// XCTest, as iOS developers test with: its tests run one at a time on the main thread, where the
/// phone can run Dispatch's main queue (Swift Testing's main thread is busy in `dispatchMain`).
final class IOSAppTests: XCTestCase {
    static let bundle = AppBundle.iOSApp(
        id: "ios-style", displayName: "iOS Style", bundleIdentifier: "com.example.iosstyle",
        delegate: { AppDelegate() },
        callPush: { caller in ["aps": [String: Any](), "caller": caller.name, "handle": caller.handle] })

    static let ringTimeout = AppSetting(key: "ringTimeout", kind: .number(10...120), defaultValue: .int(60), title: "seconds a call rings")

    static let bundleWithSettings = AppBundle.iOSApp(
        id: "ios-style", displayName: "iOS Style", bundleIdentifier: "com.example.iosstyle", settings: [ringTimeout],
        delegate: { AppDelegate() }, callPush: { _ in [:] })

    static let ringBundle = AppBundle.iOSApp(
        id: "ios-ring", displayName: "iOS Ring", bundleIdentifier: "com.example.iosring", backgroundModes: [],
        callKitEntitled: false, sounds: ["incoming.wav": .seconds(24)], delegate: { AppDelegate() },
        callPush: { caller in ["aps": ["alert": ["title": "Call"], "mutable-content": 1], "caller": caller.name] },
        callPushKind: .alert, notificationService: { NotificationService() })

    /// A phone running app code written for iOS.
    final class IOSPhone: PhoneOnManualClock<AppDelegate> {
        init(_ bundle: AppBundle = IOSAppTests.bundle, settings: [String: AppSetting.Value] = [:]) {
            super.init(configuration: .init(app: bundle, settings: settings), seed: 7)
        }

        var manager: CallManager? { app?.callManager }
        var requests: [(name: String, fields: [KeyValue])] {
            events.compactMap { if case .serverRequest(let name, let fields) = $0 { (name, fields) } else { nil } }
        }
        var ruleViolations: [Int] { events.compactMap { if case .ruleViolated(let rule, _) = $0 { rule } else { nil } } }
        func field(_ key: String, of request: String) -> String? {
            requests.last { $0.name == request }?.fields.first { $0.key == key }?.value
        }
    }

    static let zoe = Caller(name: "Zoë", handle: "+15551234")

    /// The token goes to the server as 64 lower-case hex digits made with String(format:) (rule 2).
    func test_registersTheTokenAsHex() throws {
        let t = IOSPhone()
        let token = try XCTUnwrap(t.field("token", of: "register"))
        XCTAssert(token.count == 64 && token.allSatisfy { "0123456789abcdef".contains($0) })
        XCTAssert(t.ruleViolations.isEmpty)
    }

    /// What the person set in the Settings app is in Foundation's UserDefaults.standard from launch.
    func test_settingsReachFoundationsUserDefaults() throws {
        XCTAssertEqual(IOSPhone(Self.bundleWithSettings, settings: ["ringTimeout": .int(15)]).field("ringTimeout", of: "register"), "15")
    }

    /// The push's dictionaryPayload, read with `as? String`, names the caller on the ringing screen.
    func test_aPushRingsWithTheCallersName() throws {
        let t = IOSPhone()
        t.send(.incomingCall(Self.zoe))
        XCTAssert(t.effects.contains(.startRinging(call: 1)))
        let caller = t.events.compactMap { if case .incoming(_, _, let caller) = $0 { caller } else { nil } }.first
        XCTAssertEqual(caller?.name, "Zoë")
        XCTAssertEqual(t.manager?.calls.count, 1)
        XCTAssert(t.ruleViolations.isEmpty)
    }

    /// Answer, mute and the app's own hang-up through CXCallController come back to the provider
    /// delegate as CallKit's actions, with Foundation's UUIDs.
    func test_answerMuteAndTheAppsOwnHangUp() throws {
        let t = IOSPhone()
        t.send(.incomingCall(Self.zoe))
        t.send(.answer, after: .seconds(2))
        XCTAssert(t.events.contains(.connected(call: 1)))
        let incoming = t.events.compactMap { if case .incoming(_, let uuid, _) = $0 { uuid } else { nil } }.first
        XCTAssertEqual(t.field("uuid", of: "answer"), incoming)
        XCTAssertEqual(t.requests.map(\.name), ["register", "answer", "media"])

        t.send(.toggleMute)
        XCTAssertEqual(t.manager?.isMuted, true)

        t.runInApp { $0.callManager.hangUp() }
        XCTAssertEqual(t.endReasons, [EndReason.local])
        XCTAssertEqual(t.requests.last?.name, "end")
    }

    /// Code that awaits CallKit on the main actor goes on inside the phone's turn: the main actor's
    /// jobs are the main queue's.
    func test_awaitingCodeOnTheMainActorRunsInsideThePhonesTurn() {
        let t = IOSPhone()
        t.send(.incomingCall(Self.zoe))
        t.send(.answer)
        t.runInApp { app in
            let manager = app.callManager
            Task { @MainActor in await manager.hangUpAwaiting() }
        }
        XCTAssertEqual(t.endReasons, [EndReason.local])
        XCTAssertEqual(t.requests.last?.name, "hung-up")
    }

    /// The app's own hang-up button, pressed from the phone (`e`) while the app is in the foreground.
    func test_theAppsOwnButtonFromThePhone() {
        let t = IOSPhone()
        t.send(.incomingCall(Self.zoe))
        t.send(.answer)
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        t.send(.app(.endCall))
        XCTAssertEqual(t.endReasons, [EndReason.local])
    }

    /// A refused report's error reaches the app as an NSError: localizedDescription names CallKit's domain.
    func test_aRefusedReportsErrorHasCallKitsDomain() throws {
        let t = IOSPhone()
        t.send(.setDoNotDisturb(DoNotDisturb(isOn: true)))
        t.send(.incomingCall(Self.zoe))
        let error = try XCTUnwrap(t.field("error", of: "refused"))
        XCTAssert(error.contains("com.apple.CallKit.error.incomingcall"))
    }

    /// Recents' call-back reaches the app as an INStartCallIntent; the app's DispatchQueue.main.async
    /// block runs inside the same turn of the phone, so the call connects at once, the same way every run.
    func test_mainQueueWorkRunsInsideThePhonesTurn() throws {
        let t = IOSPhone()
        t.send(.incomingCall(Self.zoe))
        t.send(.end)
        t.send(.setLock(.unlocked))
        t.send(.callBack(recent: 1))
        XCTAssert(t.requests.map(\.name).contains("dial"))
        XCTAssert(t.events.contains(.connected(call: 2)))
    }

    /// The caller's hang-up arrives over the app's server connection and ends the call as remote.
    func test_theCallersHangUpEndsTheCall() throws {
        let t = IOSPhone()
        t.send(.incomingCall(Self.zoe))
        t.send(.answer)
        t.send(.remoteEnd(call: 1))
        XCTAssertEqual(t.endReasons, [EndReason.remote])
    }

    /// The notification service extension (a UNNotificationServiceExtension subclass) rewrites the
    /// alert's title with String(format:) from the push's userInfo.
    func test_theServiceExtensionRewritesTheAlert() throws {
        let t = IOSPhone(Self.ringBundle)
        t.send(.incomingCall(Self.zoe))
        let shown = t.events.contains { event in
            if case .notification(let note) = event { "\(note)".contains("Zoë is calling") } else { false }
        }
        XCTAssert(shown)
    }

    /// The built-in voip app and this file of iOS code go through the same steps for the same flow.
    func test_theSameFlowAsTheBuiltInVoIPApp() {
        func steps(_ t: PhoneOnManualClock<some UIApplicationDelegate>) -> [String] {
            t.send(.incomingCall(Self.zoe))
            t.send(.answer, after: .seconds(1))
            t.send(.end, after: .seconds(3))
            return t.effects.compactMap { effect -> String? in
                guard case .event(let event) = effect else { return nil }
                switch event {
                case .incoming, .connected, .ended, .action: return "\(event)".replacingUUIDs()
                default: return nil
                }
            }
        }
        let builtIn = PhoneOnManualClock<VoIPApp>(configuration: .init(app: AppCatalog.voip.bundle), seed: 7)
        XCTAssertEqual(steps(IOSPhone()), steps(builtIn))
    }
}

extension String {
    /// The text with every UUID replaced by `UUID`: the two apps make theirs differently.
    func replacingUUIDs() -> String {
        var out = ""
        var rest = Substring(self)
        while let start = rest.firstIndex(where: \.isHexDigit) {
            let candidate = rest[start...].prefix(36)
            if candidate.count == 36, UUID(uuidString: String(candidate)) != nil {
                out += rest[..<start] + "UUID"
                rest = rest[candidate.endIndex...]
            } else {
                out += rest[...start]
                rest = rest[rest.index(after: start)...]
            }
        }
        return out + rest
    }
}
