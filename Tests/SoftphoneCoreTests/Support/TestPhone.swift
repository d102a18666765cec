import SoftphoneCore
import SoftphoneTestSupport

/// How the iOS-rule tests make their phones: each test app (`ScriptedApp`, the probes, `HookApp`)
/// has its own small subclass of `PhoneOnManualClock` that says how to make it, from a bundle made
/// here, and sends pushes of the one shape these bundles take.
extension PhoneOnManualClock {
    /// A test app's bundle: its id and how to make it; every push is `{"caller":…,"handle":…}`.
    static func bundle(
        id: String, backgroundModes: Set<String> = ["voip", "audio"], callKitEntitled: Bool = true,
        makeApp: @escaping @Sendable () -> App
    ) -> AppBundle {
        AppBundle(
            id: id, displayName: id, bundleIdentifier: "com.example.\(id)", backgroundModes: backgroundModes,
            callKitEntitled: callKitEntitled, makeDelegate: makeApp,
            callPush: { caller in .object([("caller", .string(caller.name)), ("handle", .string(caller.handle))]) })
    }

    /// A VoIP push whose body has a caller, a handle, the given `uuid` and `extra` members.
    @discardableResult
    func push(caller: String = "Alice", handle: String = "+15551234", uuid: String? = nil, extra: [(String, JSON)] = [], sentAt: Instant? = nil) -> [Effect] {
        var members: [(String, JSON)] = [("aps", .object([])), ("caller", .string(caller)), ("handle", .string(handle))]
        if let uuid { members.append(("uuid", .string(uuid))) }
        return send(.push(PushRequest(kind: .voip, payload: .object(members + extra), sentAt: sentAt)))
    }
}

/// A phone running a `ScriptedApp`.
final class TestPhone: PhoneOnManualClock<ScriptedApp> {
    init(
        _ behaviour: ScriptedApp.Behaviour = .init(), lock: LockState = .locked, rules: Phone.Rules = .init(), callKitEntitled: Bool = true,
        backgroundModes: Set<String> = ["voip", "audio"], build: AppBuild = .appstore
    ) {
        super.init(
            configuration: Phone.Configuration(
                app: Self.bundle(id: "test", backgroundModes: backgroundModes, callKitEntitled: callKitEntitled) { ScriptedApp(behaviour) },
                rules: rules, build: build),
            lock: lock, seed: 42)
    }
}
