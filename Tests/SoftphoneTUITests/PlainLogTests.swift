import SoftphoneCore
import SoftphoneTUI
import Testing

@Suite struct PlainLogTests {
    static let token = String(repeating: "5f1e", count: 16)

    /// An event of each kind (of each plain word), and its line.
    static let samples: [(PhoneEvent, String)] = [
        (.alertPresented(title: "Call failed", message: "The network is down.", style: .alert, buttons: ["Cancel", "Retry"]),
         #"ALERT title="Call failed" message="The network is down." style=alert buttons="[1] Cancel [2] Retry""#),
        (.alertPresented(title: nil, message: nil, style: .actionSheet, buttons: []), #"ALERT style=action-sheet buttons="""#),
        (.alertDismissed(title: "Call failed", button: "Retry"), #"ALERT-DISMISSED title="Call failed" button=Retry by=person"#),
        (.alertDismissed(title: "Call failed", button: nil), #"ALERT-DISMISSED title="Call failed" by=app"#),
        (.network(.offline, latency: .zero), "NETWORK network=offline latency_ms=0"),
        (.network(.cellular, latency: .milliseconds(250)), "NETWORK network=cellular latency_ms=250"),
        (.power(.low), "POWER power=low"),
        (.audioRoute(.bluetooth, previous: .receiver, reason: .newDeviceAvailable), "AUDIO-ROUTE route=bluetooth previous=receiver reason=new-device-available"),
        (.audioInterruption(began: true), "AUDIO-INTERRUPTION type=began"),
        (.audioInterruption(began: false, resumes: false), "AUDIO-INTERRUPTION type=ended should_resume=no"),
        (.mediaServicesReset, "AUDIO-MEDIA-RESET"),
        (.audioFault(.neverActivates, call: nil), "AUDIO-FAULT fault=never-activates"),
        (.audioFault(.neverActivates, call: 1),
         #"AUDIO-FAULT fault=never-activates call=1 "CallKit did not call provider(_:didActivate:): the call has no audio; an app that starts audio there (rule 34) should time out and say so""#),
        (.focus(true), "FOCUS focus=on"),
        (.incomingCalls(.fullScreen), "INCOMING-CALLS style=full-screen"),
        (.voipDelivery(.killedOnReport, unreported: 1), "VOIP-DELIVERY state=killed-on-report unreported=1"),
        (.cellular(.incoming, from: "+15550199"), "CELLULAR state=incoming from=+15550199"),
        (.apns(.stored(apnsID: "A1", reason: .offline, expiration: 1_767_225_600)), "APNS-STORED apns_id=A1 reason=offline expiration=1767225600"),
        (.apns(.stored(apnsID: "A2", reason: .lowPower, expiration: nil)), "APNS-STORED apns_id=A2 reason=low-power"),
        (.apns(.delivered(apnsID: "A1", delay: .seconds(90))), "APNS-DELIVERED apns_id=A1 delay_ms=90000"),
        (.apns(.discarded(apnsID: "A3", reason: .notStored)), "APNS-DISCARDED apns_id=A3 reason=not-stored"),
        (PhoneEvent.ready(app: "voip", lock: .locked, token: token),
         "READY app=voip lock=locked token=\(token)"),
        (.ready(app: "ring-extension", lock: .unlocked, token: token),
         "READY app=ring-extension lock=unlocked token=\(token)"),
        (.incoming(call: 1, uuid: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", caller: Caller(name: "Alice Zoë", handle: "+15551234")),
         #"INCOMING call=1 uuid=E621E1F8-C36C-495A-93FC-0C247A3E6E5F from="Alice Zoë" handle=+15551234 video=no"#),
        (.incoming(call: 2, uuid: "U", caller: Caller(name: "张伟", handle: "", hasVideo: true)),
         #"INCOMING call=2 uuid=U from=张伟 handle="" video=yes"#),
        (.outgoing(call: 2, uuid: "U", caller: Caller(name: "Bob", handle: "+2")), "OUTGOING call=2 uuid=U to=Bob handle=+2 video=no"),
        (.connected(call: 1), "CONNECTED call=1"),
        (.dtmf(call: 1, digit: "5"), "DTMF call=1 digit=5"),
        (.muted(call: 1, muted: true), "MUTED call=1"),
        (.muted(call: 1, muted: false), "UNMUTED call=1"),
        (.token(token, environment: .development), "TOKEN token=\(token) environment=development"),
        (.app(state: .background, reason: "launched (installed)"), #"APP state=background reason="launched (installed)""#),
        (.lock(.locked), "LOCK state=locked"),
        (.audioSession(active: true), "AUDIO session=active"),
        (.push(kind: .voip, delivered: true, reason: nil), "PUSH kind=voip delivered=yes"),
        (.ended(call: 1, uuid: "U", caller: Caller(name: "A", handle: "1"), reason: .declined, duration: .zero, actions: []), "ENDED call=1 reason=declined duration=0s"),
        (.ended(call: 3, uuid: "U", caller: Caller(name: "A", handle: "1"), reason: .local, duration: .milliseconds(42_900), actions: []), "ENDED call=3 reason=local duration=42s"),
        (.ended(call: 4, uuid: "U", caller: Caller(name: "A", handle: "1"), reason: .remote, duration: .seconds(3725), actions: []), "ENDED call=4 reason=remote duration=3725s"),
        (.ended(call: 5, uuid: "U", caller: Caller(name: "A", handle: "1"), reason: .unanswered, duration: .zero, actions: []), "ENDED call=5 reason=unanswered duration=0s"),
        (.ruleViolated(rule: 5, message: "App terminated: VoIP push not reported"), #"RULE id=5 app=voip "App terminated: VoIP push not reported""#),
        (.held(call: 2, onHold: true), "HELD call=2"),
        (.held(call: 2, onHold: false), "RESUMED call=2"),
        (.action(call: 1, name: "answer", outcome: "timed-out"), "ACTION call=1 action=answer outcome=timed-out"),
        (.callRefused(RefusedCall(uuid: "U", caller: Caller(name: "Bob", handle: "+2"), error: "filteredByDoNotDisturb", code: 3, reason: "DND")),
         "REFUSED uuid=U from=Bob handle=+2 video=no error=filteredByDoNotDisturb code=3 reason=DND"),
        (.callRefused(RefusedCall(uuid: "U", caller: Caller(name: "Bob", handle: "+2"), error: "callUUIDAlreadyExists", code: 2, reason: "same", collidedWith: 1)),
         "REFUSED uuid=U from=Bob handle=+2 video=no call=1 error=callUUIDAlreadyExists code=2 reason=same"),
        (.push(kind: .voip, delivered: false, reason: "stopped"), "PUSH kind=voip delivered=no reason=stopped"),
        (.serverRequest(name: "busy", fields: [KeyValue("bizNo", "42")]), "SERVER name=busy bizNo=42"),
        (.notification(.delivered(NotificationDelivery(
            id: 1, source: .remote, shown: true, title: "Alice Zoë", body: "Incoming call, please open the app to answer", sound: nil,
            extensionOutcome: .contentHandler))),
         #"NOTIFICATION id=1 source=remote shown=yes title="Alice Zoë" body="Incoming call, please open the app to answer" sound=none extension=content-handler"#),
        (.notification(.delivered(NotificationDelivery(
            id: 2, source: .remote, shown: false, title: "", body: "", sound: "default", extensionOutcome: .notRun, reason: "no alert (rule 40)"))),
         #"NOTIFICATION id=2 source=remote shown=no title="" body="" sound=default extension=not-run reason="no alert (rule 40)""#),
        (.notification(.delivered(NotificationDelivery(
            id: 3, source: .local, shown: true, title: "Alice", body: "Incoming call", sound: "incoming.wav", extensionOutcome: nil,
            interruptionLevel: .passive, soundOutcome: .silenced(by: "passive")))),
         #"NOTIFICATION id=3 source=local shown=yes title=Alice body="Incoming call" sound=incoming.wav interruption_level=passive sound_outcome=silenced silenced_by=passive"#),
        (.notification(.opened(id: 1, title: "Alice")), "OPENED id=1 title=Alice"),
        (.notification(.extensionStarted(notification: 1)), "EXTENSION notification=1 state=started"),
        (.notification(.extensionExpired(notification: 1)), "EXTENSION notification=1 state=expired"),
        (.notification(.extensionFinished(notification: 1, outcome: .originalAfterExpiry)),
         "EXTENSION notification=1 state=finished outcome=original-after-expiry"),
        (.notification(.soundPlayed(sound: "incoming.wav", by: .appExtension)), "SOUND sound=incoming.wav state=playing by=extension"),
        (.notification(.soundStopped(sound: "incoming.wav", why: "disposed")), "SOUND sound=incoming.wav state=stopped why=disposed"),
        (.notification(.vibrated(milliseconds: 400, by: .system)), "VIBRATE ms=400 by=system"),
        (.notification(.log(by: .appExtension, message: "chatPushVo is not JSON")), #"LOG by=extension "chatPushVo is not JSON""#),
    ]

    @Test(arguments: samples)
    func eventLine(event: PhoneEvent, expected: String) {
        #expect(PlainLog.line(for: event, app: "voip") == expected)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("+15551234", "+15551234"),
        ("Zoë", "Zoë"),
        (#"back\slash"#, #"back\slash"#),
        ("", #""""#),
        ("Alice Zoë", #""Alice Zoë""#),
        ("a=b", #""a=b""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"a "b" \c"#, #""a \"b\" \\c""#),
        ("line\nbreak", #""line\nbreak""#),
        ("tab\there", #""tab\there""#),
        ("cr\r", #""cr\r""#),
        ("\u{1B}[31mred", #""\u{1B}[31mred""#),
        ("bell\u{7}", #""bell\u{7}""#),
        ("nbsp\u{A0}x", "\"nbsp\u{A0}x\""),
    ])
    func quoting(value: String, expected: String) {
        #expect(PlainLog.quote(value) == expected)
    }

    /// Whatever the values hold, an event is one line with no escape sequences.
    @Test func eventIsAlwaysOneCleanLine() {
        let caller = Caller(name: "Eve\n\u{1B}[2J", handle: "\r\u{2028}")
        let line = PlainLog.line(for: .incoming(call: 1, uuid: "u", caller: caller), app: "voip")
        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" })
    }

    @Test func warningIsOneLine() {
        #expect(PlainLog.warning("audio: no device") == "WARNING audio: no device")
        #expect(PlainLog.warning("first\nsecond\u{1B}[0m") == "WARNING first second [0m")
    }
}

@Suite("Plain mode lists Recents, the notification centre and help")
struct PlainLogScreenTests {
    @Test("Recents: a count line, then one line per entry, the selected one marked; a move lists the new selection only")
    func recents() throws {
        let lines = try #require(PlainLog.lines(for: Screens.recents(selected: 1, count: 2)))
        #expect(lines == [
            "RECENTS count=2",
            "RECENT n=1 selected=no direction=incoming missed=yes name=张伟 handle=+8613800138000 minutes_ago=0",
            "RECENT n=2 selected=yes direction=outgoing missed=no name=محمد handle=+966501234567 minutes_ago=12",
        ])
        let moved = PlainLog.lines(for: Screens.recents(selected: 0, count: 2), previous: Screens.recents(selected: 1, count: 2))
        #expect(moved == ["RECENT n=1 selected=yes direction=incoming missed=yes name=张伟 handle=+8613800138000 minutes_ago=0"])
        #expect(PlainLog.lines(for: .recents(RecentsScreen(entries: []))) == ["RECENTS count=0"])
    }

    @Test("the notification centre: a count line, then each notification with its app, title and body")
    func notifications() throws {
        let lines = try #require(PlainLog.lines(for: Screens.notificationCentre(selected: 0)))
        #expect(lines.first == "NOTIFICATIONS count=\(Screens.banners.count)")
        #expect(lines[1] == #"NOTIFICATION n=1 selected=yes app=Ring title="Alice Zoë" body="Incoming call, please open the app to answer" minutes_ago=0"#)
    }

    @Test("help: the screen it explains, then every key of that screen with what it does")
    func help() throws {
        let lines = try #require(PlainLog.lines(for: .help(Screens.inCall())))
        #expect(lines.first == "HELP screen=in-call (any key closes it)")
        #expect(lines.contains(#"KEY keys=m does="mute or unmute the microphone""#))
        #expect(lines.count == 1 + Keymap.bindings(for: Screens.inCall()).count)
    }

    @Test("the conditions panel: how many conditions are set, then each with its value")
    func conditions() throws {
        let lines = try #require(PlainLog.lines(for: Screens.conditions()))
        #expect(lines.first == "CONDITIONS set=5")
        #expect(lines[1] == #"CONDITION name=network value="offline, latency 3000 ms" set=yes"#)
        #expect(lines.contains(#"CONDITION name=focus value=off set=no"#))
        #expect(lines.count == 1 + ConditionsPanel().rows.count)
    }

    @Test("other screens are not listed: their changes are events")
    func others() {
        #expect(PlainLog.lines(for: Screens.lock()) == nil)
        #expect(PlainLog.lines(for: Screens.incoming()) == nil)
    }
}
