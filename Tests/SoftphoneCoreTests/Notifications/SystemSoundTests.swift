import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// AudioToolbox's system sounds on the manual clock, and notification sounds (iOS rule 42).
@Suite("system sounds")
struct SystemSoundTests {
    /// Runs `body` in the extension of a phone whose mutable alert has just arrived.
    static func inExtension(rules: Phone.Rules = .init(), _ body: @escaping ProbeExtension.Receive) -> NotificationPhone {
        let t = NotificationPhone(rules: rules, receive: body)
        t.mutableAlert()
        return t
    }

    @Test("a bundled file registers; one not in the bundle gives kAudioServicesSystemSoundUnspecifiedError")
    func register() {
        let t = Self.inExtension { _, _ in
            var ring: SystemSoundID = 0
            var missing: SystemSoundID = 0
            let url = Bundle.main.url(forResource: "ring", withExtension: "wav")
            let status = url.map { AudioServicesCreateSystemSoundID($0 as CFURL, &ring) }
            let missingStatus = AudioServicesCreateSystemSoundID(URL(fileURLWithPath: "/tmp/other.wav") as CFURL, &missing)
            NSLog("\(status.map(String.init) ?? "no url") \(ring > kSystemSoundID_Vibrate) \(missingStatus) \(missing)")
            NSLog("\(Bundle.main.url(forResource: "nothing", withExtension: "wav") == nil)")
        }
        #expect(t.logs == ["0 true -1500 0", "true"])
    }

    @Test("a sound's completion runs when its length has passed in virtual time, in the process that added it")
    func completionAfterLength() {
        let t = Self.inExtension { probe, _ in
            var ring: SystemSoundID = 0
            _ = AudioServicesCreateSystemSoundID(Bundle.main.url(forResource: "ring", withExtension: "wav")! as CFURL, &ring)
            AudioServicesAddSystemSoundCompletion(ring, nil, nil, { _, data in
                Unmanaged<ProbeExtension>.fromOpaque(data!).takeUnretainedValue().handBack(body: "sound ended")
            }, Unmanaged.passUnretained(probe).toOpaque())
            AudioServicesPlaySystemSound(ring)
        }
        #expect(t.soundEffects == [.play(sound: "ring.wav", id: 1)])
        #expect(t.notificationEvents.contains(.soundPlayed(sound: "ring.wav", by: .appExtension)))
        t.advance(by: .milliseconds(4_999))
        #expect(t.deliveries.isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(t.deliveries.map(\.body) == ["sound ended"])
    }

    @Test("kSystemSoundID_Vibrate buzzes for Rules.systemVibration; its completion fires then; an alert sound also buzzes")
    func vibrate() {
        var rules = Phone.Rules()
        rules.systemVibration = .milliseconds(300)
        let t = Self.inExtension(rules: rules) { _, _ in
            AudioServicesPlaySystemSoundWithCompletion(kSystemSoundID_Vibrate) { NSLog("buzz done") }
            var ring: SystemSoundID = 0
            _ = AudioServicesCreateSystemSoundID(Bundle.main.url(forResource: "ring", withExtension: "wav")! as CFURL, &ring)
            AudioServicesPlayAlertSound(ring)
        }
        #expect(t.soundEffects == [.vibrate(milliseconds: 300), .play(sound: "ring.wav", id: 1), .vibrate(milliseconds: 300)])
        guard case .lock(let buzzing) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(buzzing.isVibrating)
        #expect(t.phone.nextScreenChange(after: t.now) == t.now + .milliseconds(300))
        t.advance(by: .milliseconds(299))
        #expect(t.logs.isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(t.logs == ["buzz done"])
        guard case .lock(let still) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(!still.isVibrating)
    }

    @Test("one sound at a time: a new play replaces the one playing; disposing cuts it short and calls no completion")
    func replaceAndDispose() {
        let t = Self.inExtension { _, _ in
            var ring: SystemSoundID = 0
            _ = AudioServicesCreateSystemSoundID(Bundle.main.url(forResource: "ring", withExtension: "wav")! as CFURL, &ring)
            AudioServicesPlaySystemSoundWithCompletion(ring) { NSLog("first ended") }
            AudioServicesPlaySystemSoundWithCompletion(ring) { NSLog("second ended") }
            _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in AudioServicesDisposeSystemSoundID(ring) }
        }
        t.advance(by: .seconds(10))
        #expect(t.soundEffects == [.play(sound: "ring.wav", id: 1), .stop(id: 1), .play(sound: "ring.wav", id: 2), .stop(id: 2)])
        #expect(t.notificationEvents.contains(.soundStopped(sound: "ring.wav", why: "replaced")))
        #expect(t.notificationEvents.contains(.soundStopped(sound: "ring.wav", why: "disposed")))
        #expect(t.logs.isEmpty)
    }

    @Test("a notification's sound plays on delivery with one buzz; the default sound is `default`")
    func notificationSound() {
        let t = NotificationPhone()
        t.alert([("alert", .string("hi")), ("sound", .string("ring.wav"))])
        t.alert([("alert", .string("hi")), ("sound", .string("default"))])
        t.alert([("alert", .string("no sound"))])
        #expect(t.deliveries.map(\.sound) == ["ring.wav", "default", nil])
        #expect(t.soundEffects == [.play(sound: "ring.wav", id: 1), .vibrate(milliseconds: 400), .play(sound: "default", id: 2), .vibrate(milliseconds: 400)])
        #expect(t.violatedRules.isEmpty)
    }

    @Test("rule 42: a sound not in the bundle, or 30 s or longer, plays the default sound and says why")
    func rule42() {
        let t = NotificationPhone(sounds: ["long.wav": .seconds(30), "ok.caf": .milliseconds(29_999)])
        t.alert([("alert", .string("hi")), ("sound", .string("missing.wav"))])
        t.alert([("alert", .string("hi")), ("sound", .string("long.wav"))])
        t.alert([("alert", .string("hi")), ("sound", .string("ok.caf"))])
        #expect(t.deliveries.map(\.sound) == ["default", "default", "ok.caf"])
        let messages = t.violations(of: 42)
        #expect(messages.count == 2)
        #expect(messages.first?.contains("\"missing.wav\" is not in the app's Library/Sounds, an App Group's Library/Sounds or the app's bundle") == true)
        #expect(messages.last?.contains("\"long.wav\" lasts 30 s") == true)
    }

    @Test("rule 42: a ringtone the extension writes to the App Group's Library/Sounds plays, with no RULE; one in its own container is not found")
    func appGroupLibrarySound() {
        let t = Self.inExtension { probe, _ in
            let shared = LibrarySounds.write("custom.caf", length: .seconds(8), toAppGroup: NotificationPhone.group)
            let own = LibrarySounds.write("own.caf", length: .seconds(8))
            let other = LibrarySounds.write("x.caf", length: .seconds(8), toAppGroup: "group.com.example.other")
            NSLog("\(shared) \(own) \(other)")
            probe.handBack(body: "written")
        }
        #expect(t.logs == ["true true false"])
        t.alert([("alert", .string("hi")), ("sound", .string("custom.caf"))])
        t.alert([("alert", .string("hi")), ("sound", .string("own.caf"))])
        #expect(t.deliveries.map(\.sound) == [nil, "custom.caf", "default"])
        #expect(t.violations(of: 42).count == 1)
        #expect(t.violations(of: 42).first?.contains("\"own.caf\"") == true)
    }

    @Test("rule 42: the app's own Library/Sounds comes first, then the App Group's, then the bundle; a file written there is judged by its own length")
    func librarySoundOrder() {
        let t = NotificationPhone(sounds: ["ring.wav": .seconds(5)])
        t.runInApp { _ in
            LibrarySounds.write("ring.wav", length: .seconds(40), toAppGroup: NotificationPhone.group)
            LibrarySounds.write("tone.caf", length: .seconds(4), toAppGroup: NotificationPhone.group)
            LibrarySounds.write("tone.caf", length: .seconds(3))
        }
        t.alert([("alert", .string("hi")), ("sound", .string("ring.wav"))])
        t.alert([("alert", .string("hi")), ("sound", .string("tone.caf"))])
        #expect(t.deliveries.map(\.sound) == ["default", "tone.caf"])
        #expect(t.violations(of: 42) == ["notification sound \"ring.wav\" lasts 40 s; iOS plays the default sound instead of one of 30 s or more (rule 42)"])
        // Deleted, the app's containers go: the bundle's ring.wav is the one found again.
        t.send(.app(.delete))
        t.send(.app(.install))
        t.alert([("alert", .string("hi")), ("sound", .string("ring.wav"))])
        #expect(t.deliveries.last?.sound == "ring.wav")
    }

    @Test("rule 42: a bundled file the shell found unplayable (an encoding iOS does not take, really 30 s or more) plays the default sound, naming the file and why")
    func rule42FileProblems() {
        let t = NotificationPhone(
            sounds: ["ring.mp3": .seconds(2), "ring.wav": .seconds(5)],
            soundProblems: ["ring.mp3": "is MPEG-1/2 Audio, MPEG Layer III, which iOS does not play as a notification sound"])
        t.alert([("alert", .string("hi")), ("sound", .string("ring.mp3"))])
        t.alert([("alert", .string("hi")), ("sound", .string("ring.wav"))])
        #expect(t.deliveries.map(\.sound) == ["default", "ring.wav"])
        #expect(t.soundEffects.filter { if case .play = $0 { true } else { false } } == [.play(sound: "default", id: 1), .play(sound: "ring.wav", id: 2)])
        #expect(t.violations(of: 42) == [
            "notification sound \"ring.mp3\" is MPEG-1/2 Audio, MPEG Layer III, which iOS does not play as a notification sound, so the default sound played (rule 42)",
        ])
    }
}
