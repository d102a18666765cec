// A Call Directory extension as Xcode's template writes one, and the app's calls to
// CXCallDirectoryManager, in the phone (iOS rule 50): off until the person enables it, then
// loaded, and a cellular call from a blocked number is refused, one from an identified number
// rings with the label.
import CallKit
import UIKit
import XCTest

/// Xcode's Call Directory template, with a list of its own.
final class CallDirectoryHandler: CXCallDirectoryProvider {
    static let blocked: [CXCallDirectoryPhoneNumber] = [1_555_0100, 1_555_0300]
    static let identified: [(CXCallDirectoryPhoneNumber, String)] = [(1_555_0200, "Dentist")]

    override func beginRequest(with context: CXCallDirectoryExtensionContext) {
        context.delegate = self
        if context.isIncremental {
            context.removeBlockingEntry(withPhoneNumber: 1_555_0300)
            context.removeIdentificationEntry(withPhoneNumber: 1_555_0200)
            context.addIdentificationEntry(withNextSequentialPhoneNumber: 1_555_0200, label: "Dentist (new)")
        } else {
            for number in Self.blocked { context.addBlockingEntry(withNextSequentialPhoneNumber: number) }
            for (number, label) in Self.identified { context.addIdentificationEntry(withNextSequentialPhoneNumber: number, label: label) }
        }
        context.completeRequest()
    }
}

extension CallDirectoryHandler: CXCallDirectoryExtensionContextDelegate {
    func requestFailed(for extensionContext: CXCallDirectoryExtensionContext, withError error: Error) {
        NSLog("Call Directory load failed: \(error.localizedDescription)")
    }
}

/// An extension that gets its numbers out of order, and ends through Foundation's request.
final class UnsortedDirectoryHandler: CXCallDirectoryProvider, CXCallDirectoryExtensionContextDelegate {
    static var failures: [Int] = []

    override func beginRequest(with context: CXCallDirectoryExtensionContext) {
        context.delegate = self
        context.addBlockingEntry(withNextSequentialPhoneNumber: 1_555_0300)
        context.addBlockingEntry(withNextSequentialPhoneNumber: 1_555_0100)
        context.removeAllBlockingEntries()
        context.removeAllIdentificationEntries()
        let request: NSExtensionContext = context
        request.completeRequest(returningItems: nil, completionHandler: nil)
    }

    func requestFailed(for extensionContext: CXCallDirectoryExtensionContext, withError error: Error) {
        Self.failures.append((error as NSError).code)
    }
}

/// An extension written with Swift concurrency: it awaits the commit, which says whether the
/// request expired.
final class AwaitingDirectoryHandler: CXCallDirectoryProvider {
    nonisolated(unsafe) static var expired: [Bool] = []

    override func beginRequest(with context: CXCallDirectoryExtensionContext) {
        context.addBlockingEntry(withNextSequentialPhoneNumber: 1_555_0100)
        Task { @MainActor in Self.expired.append(await context.completeRequest()) }
    }
}

final class CallDirectoryTests: XCTestCase {
    static let identifier = "com.example.probe.CallDirectoryHandler"

    static func bundle(_ make: @escaping @Sendable () -> CXCallDirectoryProvider) -> AppBundle {
        AppBundle.iOSApp(
            id: "probe", displayName: "Probe", bundleIdentifier: "com.example.probe",
            delegate: { ProbeAppDelegate() },
            callPush: { caller in ["aps": [String: Any](), "caller": caller.name, "handle": caller.handle] },
            callDirectory: make)
    }

    /// What each reload's completion got, as `nil` or "DOMAIN CODE".
    private func reload(_ t: ProbePhone, _ identifier: String = identifier) -> [String] {
        var answers: [String] = []
        t.runInApp { _ in
            CXCallDirectoryManager.sharedInstance.reloadExtension(withIdentifier: identifier) { error in
                answers.append(error.map { "\(($0 as NSError).domain) \(($0 as NSError).code)" } ?? "nil")
            }
        }
        return answers
    }

    func test_theTemplatesExtensionIsOffUntilEnabledThenScreensCellularCalls() {
        let t = ProbePhone(Self.bundle { CallDirectoryHandler() })
        XCTAssertEqual(reload(t), ["com.apple.CallKit.error.calldirectorymanager 6"])
        t.enableCallDirectory()
        XCTAssertEqual(t.callDirectoryWords, ["failed extensionDisabled", "on", "loaded 2 1"])
        XCTAssertEqual(reload(t), ["nil"])
        XCTAssertEqual(t.callDirectoryWords.last, "loaded 1 1 incremental")

        t.cellularCall(from: "+15550100")
        XCTAssertEqual(t.callDirectoryWords.last, "blocked +15550100")
        XCTAssertNil(t.cellularLabel)
        t.cellularCall(from: "+1 555 0200")
        XCTAssertEqual(t.cellularLabel, "Probe Caller ID: Dentist (new)")
    }

    /// An extension that awaits `completeRequest()` has its load committed, and is told it did
    /// not expire.
    func test_anAwaitedCompletionCommitsTheLoad() {
        AwaitingDirectoryHandler.expired = []
        let t = ProbePhone(Self.bundle { AwaitingDirectoryHandler() })
        t.enableCallDirectory()
        XCTAssertEqual(AwaitingDirectoryHandler.expired, [false])
        XCTAssertEqual(t.callDirectoryWords.last, "loaded 1 0")
        t.cellularCall(from: "+15550100")
        XCTAssertEqual(t.callDirectoryWords.last, "blocked +15550100")
    }

    func test_theManagerAnswersAnUnknownIdentifierNoExtensionFound() {
        let t = ProbePhone(Self.bundle { CallDirectoryHandler() })
        t.enableCallDirectory()
        XCTAssertEqual(reload(t, "com.example.other.CallDirectoryHandler"), ["com.apple.CallKit.error.calldirectorymanager 1"])
        var answers: [String] = []
        t.runInApp { _ in
            for identifier in [Self.identifier, "com.example.probe"] {
                CXCallDirectoryManager.sharedInstance.getEnabledStatusForExtension(withIdentifier: identifier) { status, error in
                    let code = (error as? CXErrorCodeCallDirectoryManagerError)?.code
                    answers.append("\(status == .enabled ? "enabled" : status == .disabled ? "disabled" : "unknown") \(code == .noExtensionFound)")
                }
            }
        }
        XCTAssertEqual(answers, ["enabled false", "unknown true"])
    }

    func test_awaitingTheManagerThrowsWhatTheCompletionWouldGet() {
        let t = ProbePhone(Self.bundle { CallDirectoryHandler() })
        var said: [String] = []
        t.runInApp { _ in
            Task { @MainActor in
                let manager = CXCallDirectoryManager.sharedInstance
                do { try await manager.reloadExtension(withIdentifier: Self.identifier) } catch CXErrorCodeCallDirectoryManagerError.extensionDisabled {
                    said.append("\(CXErrorCodeCallDirectoryManagerError.errorDomain == CXErrorDomainCallDirectoryManager)")
                } catch {
                    said.append("other error: \(error)")
                }
                let status = try? await manager.enabledStatusForExtension(withIdentifier: Self.identifier)
                said.append(status == .disabled ? "disabled" : "?")
                try? await manager.openSettings()
                manager.openSettings { error in said.append("settings \(error == nil)") }
            }
        }
        XCTAssertEqual(said, ["true", "disabled", "settings true"])
    }

    func test_entriesOutOfOrderFailTheLoadAndTellTheDelegate() {
        UnsortedDirectoryHandler.failures = []
        let t = ProbePhone(Self.bundle { UnsortedDirectoryHandler() })
        let provider: any NSExtensionRequestHandling = UnsortedDirectoryHandler()
        XCTAssertTrue(provider is CXCallDirectoryProvider)
        t.enableCallDirectory()
        XCTAssertEqual(UnsortedDirectoryHandler.failures, [CXErrorCodeCallDirectoryManagerError.Code.entriesOutOfOrder.rawValue])
        XCTAssertEqual(t.callDirectoryWords.last, "failed entriesOutOfOrder")
        XCTAssertEqual(t.violatedRules, [50])
    }
}
