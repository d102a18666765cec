import SoftphoneCore

/// What each event of the stream draws, in Apple's words: who tells whom what. Every event in
/// docs/events.md has its row; an event this does not know still gets one, a note at the left,
/// so a newer phone's stream is never drawn with holes.
enum FlowVocabulary {
    /// The row's shape, its words, and whether it went wrong.
    struct Row {
        var shape: FlowItem.Shape
        var label: String
        var isProblem = false
    }

    /// The row for one event object.
    static func row(for event: JSON) -> Row {
        let name = event["event"]?.stringValue ?? "(no event name)"
        func string(_ key: String) -> String { event[key]?.stringValue ?? "" }
        func number(_ key: String) -> Int64? { event[key]?.numberValue.map { Int64($0) } }
        func bool(_ key: String) -> Bool { event[key]?.boolValue ?? false }
        switch name {
        case "phone.ready":
            return Row(shape: .note(.phoneUI), label: "phone ready: \(string("app")), \(string("lock"))")
        case "app.state":
            return Row(shape: .note(.app), label: "app \(string("state")) (\(string("reason")))")
        case "push.token":
            return Row(shape: .arrow(from: .pushKit, to: .app), label: "pushRegistry(_:didUpdate:for:)")
        case "server.request":
            return Row(shape: .arrow(from: .app, to: .server), label: "server: \(string("name"))")
        case "push.received":
            if string("kind") == "voip" {
                return Row(shape: .arrow(from: .apns, to: .app), label: "pushRegistry(_:didReceiveIncomingPushWith:)")
            }
            return Row(shape: .arrow(from: .apns, to: .phoneUI), label: "alert push (\(string("kind")))")
        case "push.dropped":
            return Row(shape: .arrow(from: .apns, to: .pushKit), label: "push not delivered: \(string("reason"))", isProblem: true)
        case "call.incoming":
            return Row(shape: .arrow(from: .app, to: .callKit), label: "reportNewIncomingCall \(string("caller"))" + (bool("video") ? " (video)" : ""))
        case "call.outgoing":
            return Row(shape: .arrow(from: .app, to: .callKit), label: "request(CXStartCallAction) to \(string("caller"))")
        case "call.refused":
            return Row(shape: .arrow(from: .callKit, to: .app), label: "reportNewIncomingCall error: \(string("error")) (\(number("code") ?? 0))", isProblem: true)
        case "call.action":
            let action = actionName(string("action"))
            switch string("outcome") {
            case "fulfilled": return Row(shape: .arrow(from: .app, to: .callKit), label: "\(action) fulfill()")
            case "failed": return Row(shape: .arrow(from: .app, to: .callKit), label: "\(action) fail()", isProblem: true)
            default: return Row(shape: .arrow(from: .callKit, to: .app), label: "\(action) \(string("outcome"))", isProblem: true)
            }
        case "call.connected":
            return Row(shape: .arrow(from: .callKit, to: .phoneUI), label: "call connected")
        case "call.held":
            return Row(shape: .arrow(from: .callKit, to: .phoneUI), label: bool("on_hold") ? "call held" : "call resumed")
        case "call.muted":
            return Row(shape: .arrow(from: .callKit, to: .phoneUI), label: bool("muted") ? "muted" : "unmuted")
        case "call.dtmf":
            return Row(shape: .arrow(from: .person, to: .phoneUI), label: "keypad \(string("digit")) (CXPlayDTMFCallAction)")
        case "call.ended":
            let seconds = FlowItem.seconds(number("duration_ms") ?? 0)
            return Row(shape: .arrow(from: .callKit, to: .phoneUI), label: "call ended: \(string("reason")), \(seconds) s connected")
        case "rule.violated":
            return Row(shape: .violation(rule: Int(number("rule") ?? 0)), label: "iOS rule \(number("rule") ?? 0): \(string("message"))", isProblem: true)
        case "audio.session":
            return Row(shape: .arrow(from: .callKit, to: .app), label: bool("active") ? "provider(_:didActivate:)" : "provider(_:didDeactivate:)")
        case "device.lock":
            switch string("lock") {
            case "locked": return Row(shape: .arrow(from: .person, to: .phoneUI), label: "lock")
            case "unlocked": return Row(shape: .arrow(from: .person, to: .phoneUI), label: "unlock")
            default: return Row(shape: .note(.phoneUI), label: "restarted: \(string("lock"))")
            }
        case "device.network":
            // A marker on the phone's lane: the condition every later push meets.
            let latency = number("latency_ms") ?? 0
            return Row(shape: .note(.phoneUI), label: "network: \(string("network"))" + (latency > 0 ? ", pushes take \(latency) ms" : ""))
        case "device.focus":
            return Row(shape: .note(.phoneUI), label: string("focus") == "on" ? "Focus on (Do Not Disturb)" : "Focus off")
        case "device.incoming-calls":
            return Row(shape: .note(.phoneUI), label: string("style") == "banner" ? "Incoming Calls: Banner" : "Incoming Calls: Full Screen")
        case "device.power":
            return Row(shape: .note(.phoneUI), label: string("power") == "low" ? "Low Power Mode on" : "Low Power Mode off")
        case "cellular.call":
            // A marker on the phone's lane: the cellular call is the Phone app's, not the app's;
            // what CallKit does to the app's call for it follows as the app's own actions.
            return Row(shape: .note(.phoneUI), label: "cellular \(string("state")): \(string("from"))")
        case "cellular.blocked":
            return Row(shape: .note(.phoneUI), label: "cellular blocked: \(string("from"))")
        case "cellular.identified":
            return Row(shape: .note(.phoneUI), label: "cellular: \(string("from")), \(string("label"))")
        case "directory.setting":
            return Row(shape: .note(.phoneUI), label: string("enabled") == "on" ? "Call Directory on" : "Call Directory off")
        case "directory.loaded":
            // The extension is the app's, loaded by the system: a marker on the app's lane.
            return Row(shape: .note(.app), label: "directory: \(number("blocked") ?? 0) blocked, \(number("identified") ?? 0) named")
        case "directory.failed":
            return Row(shape: .note(.app), label: "directory: \(string("error"))", isProblem: true)
        case "audio.route":
            // A marker on the phone's lane: where call audio goes from here on.
            return Row(shape: .note(.phoneUI), label: "route: \(string("route")) (\(string("reason")))")
        case "audio.interruption":
            return Row(shape: .note(.phoneUI), label: string("type") == "began" ? "audio interrupted" : "interruption ended")
        case "audio.media-reset":
            return Row(shape: .note(.phoneUI), label: "media services reset", isProblem: true)
        case "audio.fault":
            if let call = number("call") {
                return Row(shape: .note(.phoneUI), label: "no didActivate for call \(call)", isProblem: true)
            }
            return Row(shape: .note(.phoneUI), label: "audio fault: \(string("fault"))", isProblem: string("fault") != "none")
        case "push.delivery":
            let state = string("state")
            // Short, to fit left of the PushKit lane; the count is in the event's details.
            return Row(shape: .note(.pushKit), label: "VoIP: \(state)", isProblem: state != "on")
        case "apns.stored":
            // Short: a note on the APNs lane has the width of the lanes to its left; the apns-id
            // is in the event's details.
            return Row(shape: .note(.apns), label: string("reason") == "low-power" ? "held, Low Power" : "stored, offline")
        case "apns.delivered":
            return Row(shape: .arrow(from: .apns, to: .pushKit), label: "delivered \(number("delay_ms") ?? 0) ms late")
        case "apns.discarded":
            return Row(shape: .note(.apns), label: "discarded, \(string("reason"))", isProblem: true)
        case "ring.started":
            return Row(shape: .note(.phoneUI), label: "ringtone starts (\(number("latency_us") ?? 0) µs)")
        case "ring.stopped":
            return Row(shape: .note(.phoneUI), label: "ringtone stops (\(number("latency_us") ?? 0) µs)")
        case "audio.underrun":
            return Row(shape: .note(.phoneUI), label: "audio underrun (\(number("total") ?? 0) in all)", isProblem: true)
        case "sounds.ready":
            return Row(shape: .note(.phoneUI), label: "app sounds decoded")
        case "webhook.delivered":
            return Row(shape: .note(.server), label: "webhook HTTP \(number("status") ?? 0)")
        case "webhook.failed":
            return Row(shape: .note(.server), label: "webhook failed: \(string("error"))", isProblem: true)
        case "apns.request":
            let status = number("status") ?? 0
            let reason = string("reason")
            return Row(shape: .arrow(from: .server, to: .apns), label: "POST /3/device \(status)" + (reason.isEmpty ? "" : " \(reason)"), isProblem: status != 200)
        case "apns.connections":
            let closed = "\(number("evicted") ?? 0) made room, \(number("unfinished") ?? 0) never began HTTP/2"
            return Row(shape: .note(.apns), label: "APNs connections closed: \(closed) (\(number("open") ?? 0) of \(number("limit") ?? 0) open)", isProblem: true)
        case "client.dropped":
            return Row(shape: .note(.phoneUI), label: "control client dropped: \(string("reason"))", isProblem: true)
        case "storage.failed":
            return Row(shape: .note(.phoneUI), label: "journal not written: \(string("error"))", isProblem: true)
        case "storage.recovered":
            return Row(shape: .note(.phoneUI), label: "journal written again (\(number("written") ?? 0) waited)")
        case "notification.delivered":
            let from: FlowParty = string("extension") == "content-handler" ? .extension : .apns
            let what = bool("shown") ? "notification shown: \(string("title"))" : "notification (not shown)"
            return Row(shape: .arrow(from: string("source") == "local" ? .app : from, to: .phoneUI), label: what)
        case "notification.opened":
            return Row(shape: .arrow(from: .person, to: .app), label: "userNotificationCenter(_:didReceive:) \(string("title"))")
        case "extension.started":
            return Row(shape: .arrow(from: .apns, to: .extension), label: "didReceive(_:withContentHandler:)")
        case "extension.expired":
            return Row(shape: .arrow(from: .phoneUI, to: .extension), label: "serviceExtensionTimeWillExpire()", isProblem: true)
        case "extension.finished":
            let handed = string("outcome") == "content-handler"
            return Row(shape: .arrow(from: .extension, to: .phoneUI), label: handed ? "contentHandler(_:)" : "ended: \(string("outcome"))", isProblem: !handed)
        case "sound.played":
            let by = party(string("by"))
            let label = by == .phoneUI ? "plays \(string("sound"))" : "AudioServicesPlaySystemSound(\(string("sound")))"
            return Row(shape: by == .phoneUI ? .note(.phoneUI) : .arrow(from: by, to: .phoneUI), label: label)
        case "sound.stopped":
            let by = party(string("by"))
            if string("why") == "disposed", by != .phoneUI {
                return Row(shape: .arrow(from: by, to: .phoneUI), label: "AudioServicesDisposeSystemSoundID(\(string("sound")))")
            }
            return Row(shape: .note(.phoneUI), label: "\(string("sound")) stops (\(string("why")))")
        case "device.vibrated":
            let by = party(string("by"))
            let label = "vibrates \(number("ms") ?? 0) ms"
            return Row(shape: by == .phoneUI ? .note(.phoneUI) : .arrow(from: by, to: .phoneUI), label: label)
        case "app.log":
            return Row(shape: .note(party(string("by"))), label: "NSLog: \(string("message"))")
        case "alert.presented":
            return Row(shape: .arrow(from: .app, to: .phoneUI), label: "present(UIAlertController) \(string("title"))")
        case "alert.dismissed":
            if string("by") == "app" { return Row(shape: .arrow(from: .app, to: .phoneUI), label: "dismiss(animated:) \(string("title"))") }
            return Row(shape: .arrow(from: .person, to: .app), label: "UIAlertAction \(string("button"))")
        default:
            // Unknown to this version: still shown, with its fields, never dropped.
            var words = [name]
            if case .object(let members) = event {
                for (key, value) in members where key != "t_ms" && key != "event" {
                    words.append("\(key)=\(value.stringValue ?? value.text)")
                }
            }
            return Row(shape: .note(.server), label: words.joined(separator: " "))
        }
    }

    /// CallKit's class for an action name of `call.action`.
    static func actionName(_ action: String) -> String {
        switch action {
        case "answer": "CXAnswerCallAction"
        case "end": "CXEndCallAction"
        case "start": "CXStartCallAction"
        case "hold", "unhold": "CXSetHeldCallAction"
        case "mute", "unmute": "CXSetMutedCallAction"
        case "group": "CXSetGroupCallAction"
        case "dtmf": "CXPlayDTMFCallAction"
        default: "CXAction(\(action))"
        }
    }

    /// The party a `by` field names: the app, its extension, or the system.
    static func party(_ by: String) -> FlowParty {
        switch by {
        case "app": .app
        case "extension": .extension
        default: .phoneUI
        }
    }
}
