import SoftphoneControl
import SoftphoneCore

/// What a phone's reply to a request says, in words: for `softphone call` and friends (lines on
/// stdout and stderr) and for the full screen's `/` line (one line).
struct ReplyText {
    /// Whether the phone did what was asked.
    var ok: Bool
    /// What to show: the error when not ok; "call 1 ringing", the state, the screen, … when ok.
    var lines: [String] = []
    /// Ok, with a word on what did not happen (keys that did nothing).
    var note: String?
    /// The client subcommand's exit status: 0 done, 1 refused, 3 taken but without what was asked
    /// (no call rang; a key did nothing), so a script can tell them apart.
    var exitStatus: Int32 = 1

    init(_ reply: JSON, for request: ControlRequest) {
        ok = reply["ok"]?.boolValue == true
        guard ok else {
            lines = [reply["error"]?.stringValue ?? reply.text]
            return
        }
        note = reply["ignored"]?.stringValue.map { "keys did nothing: " + $0 }
        exitStatus = note != nil || reply["rang"]?.boolValue == false ? 3 : 0
        switch request {
        case .call, .push:
            // What came of it, in one line: `call 2 ringing`, `app killed: iOS rule 5: …`.
            if let outcome = reply["outcome"]?.stringValue { lines.append(outcome) }
        case .state: lines = [reply["state"]?.text ?? "null"]
        case .screen: lines = [reply["screen"]?.stringValue ?? ""]
        default: break
        }
    }
}
