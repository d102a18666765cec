// The phone the framework tests run their app in. This file alone names the core's types (the
// configuration's rules); the tests themselves import only what an iOS app imports.
import SoftphoneCore
import SoftphoneTestSupport

/// A phone on the manual clock running the probe app (ProbeApp.swift), seeded so every run is the same.
final class ProbePhone: PhoneOnManualClock<ProbeAppDelegate> {
    /// `iOS26_4`: PushKit hands VoIP pushes to `didReceiveIncomingVoIPPushWith:metadata:`.
    init(_ bundle: AppBundle = ProbeApp.bundle, iOS26_4: Bool = false) {
        var configuration = Phone.Configuration(app: bundle)
        if iOS26_4 { configuration.rules.systemVersion = .iOS26_4 }
        super.init(configuration: configuration, seed: 7)
    }

    /// The app's own delegate, of this launch.
    var probe: ProbeAppDelegate { app! }

    /// Requests the app sent its server, by name.
    var requestNames: [String] { events.compactMap { if case .serverRequest(let name, _) = $0 { name } else { nil } } }
    /// The UUIDs of the calls the phone rang, in order, as the app reported them.
    var incomingUUIDs: [String] { events.compactMap { if case .incoming(_, let uuid, _) = $0 { uuid } else { nil } } }
    /// The callers' names the phone rang with.
    var incomingNames: [String] { events.compactMap { if case .incoming(_, _, let caller) = $0 { caller.name } else { nil } } }
    /// The callers' names of the ended calls.
    var endedNames: [String] { events.compactMap { if case .ended(_, _, let caller, _, _, _) = $0 { caller.name } else { nil } } }
    /// The numbers of the calls that connected.
    var connectedCalls: [Int] { events.compactMap { if case .connected(let call) = $0 { call } else { nil } } }
    /// The numbers of the outgoing calls.
    var outgoingCalls: [Int] { events.compactMap { if case .outgoing(let call, _, _) = $0 { call } else { nil } } }
    /// How each action of the calls ended: "answer fulfilled", "hold failed", ….
    var actionOutcomes: [String] { events.compactMap { if case .action(_, let name, let outcome) = $0 { "\(name) \(outcome)" } else { nil } } }
    /// How the calls on the phone are translated (iOS 26), nil for none, in order.
    var translations: [CXTranslationEngine?] { phone.currentCalls.map(\.translation) }
    /// The end reasons, spelt as the phone spells them ("local", "remote", "failed", …).
    var endReasonWords: [String] { endReasons.map(\.rawValue) }
    /// The VoIP tokens the phone announced, as hex.
    var announcedTokens: [String] { events.compactMap { if case .token(let hex, _) = $0 { hex } else { nil } } }
    /// The held and muted changes, as "held true", "muted true".
    var callStates: [String] {
        events.compactMap { event in
            switch event {
            case .held(_, let onHold): "held \(onHold)"
            case .muted(_, let muted): "muted \(muted)"
            case .dtmf(_, let digit): "dtmf \(digit)"
            default: nil
            }
        }
    }
    /// Whether the phone rang (the ringer started) at all.
    var rang: Bool { effects.contains { if case .startRinging = $0 { true } else { false } } }
    /// The notifications the phone delivered: "title|body|sound|level|shown".
    var deliveredNotifications: [String] {
        events.compactMap { event in
            guard case .notification(.delivered(let note)) = event else { return nil }
            return "\(note.title)|\(note.body)|\(note.sound ?? "-")|\(note.interruptionLevel)|\(note.shown)"
        }
    }
    /// The system sounds played ("chime.caf") and vibrations ("vibrate"), in order.
    var soundsAndVibrations: [String] {
        events.compactMap { event in
            switch event {
            case .notification(.soundPlayed(let sound, _)): sound
            case .notification(.vibrated): "vibrate"
            default: nil
            }
        }
    }
    /// The titles of the notifications the person opened, in order.
    var openedNotifications: [String] { events.compactMap { if case .notification(.opened(_, let title)) = $0 { title } else { nil } } }
    /// Whether the audio session was activated by the system for a call.
    var audioActivated: Bool { events.contains(.audioSession(active: true)) }
    /// Rule violations reported, by number.
    var ruleViolations: [Int] { violatedRules }

    // Commands, named here so the tests need no core type.
    func unlockAndForeground() { send(.setLock(.unlocked)); send(.app(.foreground)) }
    func toBackground() { send(.app(.background)) }
    func call(from name: String, handle: String) { send(.incomingCall(Caller(name: name, handle: handle))) }
    func routeToSpeaker() { send(.setRoute(.speaker)) }
    func routeToBluetooth() { send(.setRoute(.bluetooth)) }
    func neverActivateAudio() { send(.setAudioFault(.neverActivates)) }
    /// The person enables the app's Call Directory extension in Settings.
    func enableCallDirectory() { send(.setCallDirectory(enabled: true)) }
    /// A cellular call rings from `number`, unless the Call Directory blocks it.
    func cellularCall(from number: String) { send(.cellular(.call(from: number))) }
    /// The Call Directory's label under the ringing cellular call's number.
    var cellularLabel: String? { phone.cellularCall?.label }
    /// The Call Directory's events, as words: "on", "loaded 2 1", "failed extensionDisabled", "blocked +1…".
    var callDirectoryWords: [String] {
        events.compactMap { event in
            guard case .callDirectory(let e) = event else { return nil }
            return switch e {
            case .setting(let enabled): enabled ? "on" : "off"
            case .loaded(_, let blocked, let identified, let incremental): "loaded \(blocked) \(identified)" + (incremental ? " incremental" : "")
            case .failed(_, let error): "failed \(error)"
            case .blocked(let from, _): "blocked \(from)"
            case .identified(let from, let label, _): "identified \(from) \(label)"
            }
        }
    }
}
