import SoftphoneControl
import SoftphoneCore

/// What the tour's caption says at each `at` step of a flow: what the step does, in iOS's terms,
/// and why the phone answers as it does. Written per app, since the same key or push means a
/// different API path in each (a CallKit call, a notification service extension); a step the
/// tour has no words for is said as the scenario writes it. Each fits, with the tour's `9/9 · `
/// before it, on the two caption rows of an 80-column terminal.
public enum DemoCaption {
    /// The longest caption, in characters: two rows of 78 columns, less the progress and the
    /// room a break between words may waste.
    public static let longest = 144

    /// The caption of each `at` step of `scenario`, in order.
    public static func steps(of scenario: Scenario) -> [String] {
        var answered = false  // a key after an answer hangs up rather than declines
        var captions: [String] = []
        for step in scenario.steps {
            guard case .action(_, let request) = step.kind else { continue }
            captions.append(caption(for: request, text: step.text, scenario: scenario, answered: answered))
            if case .key(let keys) = request, keys.contains("a") || keys.contains("1") { answered = true }
        }
        return captions
    }

    /// The caption of one action; `text` is its line as written (a push's payload file names
    /// what the push is), `answered` whether a call was answered earlier in the flow.
    static func caption(for request: ControlRequest, text: String, scenario: Scenario, answered: Bool) -> String {
        switch (scenario.app, request) {
        case ("voip", .call), ("voip", .push):
            if answered {
                return "A second call during the first: CallKit shows it as call waiting (iOS rule 38); this app's calls cannot be held, so it offers End & Accept"
            }
            return "The app's server sends a VoIP push; the app reports the call to CallKit before its PushKit handler returns (iOS rule 4), and the phone rings"
        case ("consult", .call), ("consult", .push):
            if names(text, "-other-bizno.json") {
                return "Another consultation's start push during the call: the app reports the existing call's UUID (nothing new rings) and tells its server busy"
            }
            if names(text, "-newer-topic.json") {
                return "A start push for the same consultation with a newer room: the app reports the existing call, leaves the old room and joins the new one"
            }
            if scenario.settings["loggedIn"]?.description == "NO" {
                return "The hospital sends a VoIP push, but the app is logged out and returns without reporting a call: iOS kills it (rules 4, 5)"
            }
            return "The hospital's server sends a VoIP push; the app reads its session from the keychain and reports the call to CallKit at once (rules 4, 5)"
        case ("ring-extension", .call), ("ring-extension", .push):
            return "An alert push with mutable-content runs the app's notification service extension (rule 40), which rings and buzzes; the app sleeps on (rule 44)"
        case (_, .key(let keys)):
            return caption(forKeys: keys, app: scenario.app, answered: answered)
        case (_, .cancel):
            return "The caller gives up: the app hears it over its own server connection, not a push (rule 10), and reports the call ended to CallKit"
        case (_, .hangup):
            return "The caller hangs up: the app hears it over its own server connection (rule 10) and reports the call ended to CallKit"
        case (_, .lock): return "The person locks the phone"
        case (_, .unlock): return "The person unlocks the phone"
        case (_, .app(let action)): return "The app: \(action.rawValue)"
        default: return text
        }
    }

    /// Whether a step's line names a file ending in `suffix` (its push's payload).
    private static func names(_ text: String, _ suffix: String) -> Bool {
        text.split(separator: " ").contains { $0.hasSuffix(suffix) }
    }

    private static func caption(forKeys keys: String, app: String, answered: Bool) -> String {
        switch keys {
        case "a":
            return app == "consult"
                ? "The person answers: CallKit sends the app a CXAnswerCallAction; it joins the consultation's room on its server and fulfils the action"
                : "The person answers: CallKit sends the app a CXAnswerCallAction; it tells its server, fulfils it, and iOS activates the audio session (rule 34)"
        case "d" where answered:
            return app == "consult"
                ? "The person hangs up: CallKit sends a CXEndCallAction; the app leaves the room on its server and fulfils it"
                : "The person hangs up: CallKit sends the app a CXEndCallAction; it tells its server, fulfils it, and the audio session ends"
        case "d":
            return app == "consult"
                ? "The person declines: CallKit sends a CXEndCallAction; the app tells its server reject, and its ring timer is cancelled"
                : "The person declines: CallKit sends the app a CXEndCallAction; it tells its server and fulfils it"
        case "1":
            return "The person picks End & Accept: CallKit ends the first call and answers the waiting one (rule 38)"
        case "no":
            return "The person opens the notification: the app, now in the foreground, sets an App Group flag; the extension sees it at its next buzz and stops"
        default:
            return "The person presses \(keys)"
        }
    }
}
