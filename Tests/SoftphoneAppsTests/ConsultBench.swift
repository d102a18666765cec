import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport

/// The consult app on a phone driven by a manual clock (no sleeps: a 60-second ring costs
/// nothing), fed the sample pushes of `Assets/Payloads/`.
final class ConsultBench: PhoneOnManualClock<ConsultApp> {
    /// Starts a phone with the consult app installed and `settings` set in the Settings app.
    init(lock: LockState = .locked, settings: [String: AppSetting.Value] = [:]) {
        super.init(configuration: Phone.Configuration(app: AppCatalog.consult.bundle, settings: settings), lock: lock, seed: 7)
    }

    /// APNs delivers the sample push `Assets/Payloads/NAME.json`.
    @discardableResult
    func push(_ name: String) throws -> [Effect] {
        send(.push(PushRequest(kind: .voip, payload: try Payloads.json(name))))
    }

    /// The fields of each request the app sent its server under `name`, in order.
    func requests(_ name: String) -> [[String: String]] {
        events.compactMap { event in
            guard case .serverRequest(name, let fields) = event else { return nil }
            return Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) })
        }
    }

    /// The names of the app's server requests, in order (`register` left out).
    var requestNames: [String] {
        events.compactMap { if case .serverRequest(let name, _) = $0, name != "register" { name } else { nil } }
    }

    /// The callers of every call that rang.
    var incoming: [Caller] { events.compactMap { if case .incoming(_, _, let caller) = $0 { caller } else { nil } } }
    /// The errors of the calls CallKit refused (`callUUIDAlreadyExists`, …).
    var refusedReports: [String] { refusedCalls.map(\.error) }
    var refusedCalls: [RefusedCall] { events.compactMap { if case .callRefused(let refused) = $0 { refused } else { nil } } }
}
