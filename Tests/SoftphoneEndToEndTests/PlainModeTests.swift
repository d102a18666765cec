import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

@Suite("Plain mode, end to end", .serialized)
struct PlainModeTests {
    @Test("stdout not a terminal → plain mode: READY, INCOMING, CONNECTED, ENDED, journal row, exit 0")
    func callFlow() throws {
        let phone = try PlainPhone()
        let ready = phone.process.line(startingWith: "READY")
        #expect(ready?.hasPrefix("READY app=voip lock=locked token=") == true)
        #expect(ready.map { $0.split(separator: "=").last!.count } == 64)

        let call = try phone.remote(["call", "--from", "Zoë 张伟", "--handle", "+15551234"])
        #expect(call.status == 0 && call.out == "call 1 ringing\n")
        let incoming = phone.process.line(startingWith: "INCOMING")
        #expect(incoming?.hasPrefix("INCOMING call=1 uuid=") == true)
        #expect(incoming?.hasSuffix(#" from="Zoë 张伟" handle=+15551234 video=no"#) == true)

        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") == "CONNECTED call=1")
        // A second call while connected is call waiting (iOS rule 38): d declines the waiting one.
        #expect(try phone.remote(["call", "--from", "Bob"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=2")?.contains("from=Bob") == true)
        phone.process.send("d")
        #expect(phone.process.line(startingWith: "ENDED call=2") == "ENDED call=2 reason=declined duration=0s")
        phone.process.send("d")
        let ended = phone.process.line(startingWith: "ENDED call=1")
        #expect(ended?.hasPrefix("ENDED call=1 reason=local duration=") == true)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)

        let store = try SQLiteCallStore.open(inDirectory: phone.folder + "/data")
        let rows = try store.journal(limit: 10)
        #expect(rows.map(\.reason) == [.local, .declined])
        #expect(rows.first?.caller == Caller(name: "Zoë 张伟", handle: "+15551234"))
        #expect(rows.first?.actions == ["answer:fulfilled", "end:fulfilled"])
        #expect(try store.recents(app: "voip", limit: 10).count == 2)
        #expect(rows.first?.reason == .local)
    }

    @Test("keys over the socket act as the person; keys that mean nothing are reported on stderr and exit 3, not fatal")
    func keysOverSocket() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let idle = try phone.remote(["key", "a"])
        #expect(idle.status == 3)
        #expect(idle.err == "softphone: keys did nothing: a does nothing on the lock screen (? lists its keys)\n")
        #expect(try phone.remote(["key", "c"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING")?.contains(#"from="Alice Zoë""#) == true)
        #expect(try phone.remote(["cancel"]).status == 0)
        #expect(phone.process.line(startingWith: "ENDED") == "ENDED call=1 reason=remote duration=0s")
        #expect(try phone.remote(["hangup"]).err == "softphone: there is no call to end\n")
        #expect(try phone.remote(["key", "q"]).status == 0)
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("plain mode lists Recents and help when a key opens them, typed or over the socket")
    func listsRecentsAndHelp() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call", "--from", "Zoë 张伟", "--handle", "+15551234"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING")
        phone.process.send("d")
        #expect(phone.process.line(startingWith: "ENDED") == "ENDED call=1 reason=declined duration=0s")
        #expect(try phone.remote(["key", "r"]).status == 0)
        #expect(phone.process.line(startingWith: "RECENTS") == "RECENTS count=1")
        #expect(phone.process.line(startingWith: "RECENT ")?.hasPrefix(#"RECENT n=1 selected=yes direction=incoming missed=no name="Zoë 张伟" handle=+15551234"#) == true)
        phone.process.send("?")
        #expect(phone.process.line(startingWith: "HELP") == "HELP screen=recents (any key closes it)")
        #expect(phone.process.line(startingWith: "KEY")?.hasPrefix("KEY keys=Enter/c") == true)
        phone.process.send("x")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("SIGTERM while ringing: the call ends as declined, the socket is removed, exit 143")
    func sigterm() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        _ = try phone.remote(["call"])
        _ = phone.process.line(startingWith: "INCOMING")
        kill(phone.process.pid, SIGTERM)
        #expect(phone.process.line(startingWith: "ENDED") == "ENDED call=1 reason=declined duration=0s")
        #expect(phone.process.waitForExit() == 143)
        #expect(access(phone.socket, F_OK) != 0)
    }

    @Test("a second phone on the same socket is refused in one line; the first keeps running")
    func secondPhone() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let second = try PhoneProcess.run(["--no-audio", "--socket", phone.socket, "--data-dir", phone.folder + "/data2"])
        #expect(second.status == 1)
        #expect(second.err == "softphone: another phone is already running on \(phone.socket); stop it, or give this one its own socket with --socket PATH\n")
        #expect(try phone.remote(["call"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING") != nil)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("a missing ringtone is one clear line naming the file; the phone still rings with the built-in tone")
    func missingRingtone() throws {
        let folder = temporaryFolder()
        let phone = try PlainPhone(["--ringtone", "/nonexistent/ring.wav", "--audio-out", folder + "/out.wav"])
        #expect(phone.process.line(startingWith: "READY") != nil)
        #expect(phone.process.stderrText.contains("/nonexistent/ring.wav"))
        #expect(phone.process.stderrText.contains("using the built-in classic ring"))
        #expect(try phone.remote(["call"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING") != nil)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    /// Each kind of bad ringtone file, made from a good 16-bit WAV that sox writes, and the reason the
    /// warning must give.
    static let badRingtones: [(name: String, reason: String, spoil: @Sendable ([UInt8]) -> [UInt8])] = [
        ("truncated.wav", "truncated: the header declares 16000 bytes of audio, the file holds only 956", { Array($0.prefix(1_000)) }),
        ("empty.wav", "empty file (0 bytes)", { _ in [] }),
        ("zero-channels.wav", "channel count is zero", { bytes in var b = bytes; b[22] = 0; b[23] = 0; return b }),
        ("absurd-rate.wav", "sample rate 9999999 Hz is outside the accepted 1000–384000 Hz", { bytes in
            var b = bytes
            for (index, byte) in [0x7F, 0x96, 0x98, 0x00].enumerated() { b[24 + index] = UInt8(byte) }  // 9 999 999 Hz
            return b
        }),
        ("not-audio.wav", "format not recognised", { _ in Array("this is a text file, not a sound\n".utf8) }),
    ]

    @Test("a bad ringtone file is one warning naming the file and what is wrong; the phone rings with the built-in classic ring",
          arguments: 0..<badRingtones.count)
    func badRingtone(index: Int) throws {
        let bad = Self.badRingtones[index]
        let folder = temporaryFolder()
        let good = folder + "/good.wav"
        let sox = try PhoneProcess.run([], as: ["sox", "-n", "-r", "8000", "-c", "1", "-b", "16", good, "synth", "1", "sine", "1000"])
        #expect(sox.status == 0, "sox: \(sox.err)")
        let path = folder + "/" + bad.name
        try writeFile(bad.spoil(try fileBytes(good)), to: path)
        let phone = try PlainPhone(["--ringtone", path, "--audio-out", folder + "/out.wav"])
        #expect(phone.process.line(startingWith: "READY") != nil)
        #expect(try phone.remote(["call"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING") != nil)
        pause(0.5)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        let warnings = phone.process.stderrText.split(separator: "\n")
        #expect(warnings.count == 1, "one line: \(phone.process.stderrText)")
        #expect(warnings.first.map(String.init) == "WARNING ringtone \(path): \(bad.reason); using the built-in classic ring")
        // What rang is the classic ring: its first burst, 400 + 450 Hz.
        let wav = try CapturedWAV(path: folder + "/out.wav")
        let burst = (from: 480, to: 18_720)
        #expect(wav.power(at: 400, from: burst.from, to: burst.to) > 100 * wav.power(at: 1_000, from: burst.from, to: burst.to))
    }

    @Test("the ALSA device cannot be opened: one warning naming it, and the call still works")
    func missingAudioDevice() throws {
        let phone = try PlainPhone(["--audio-device", "softphone_no_such_pcm"])
        _ = phone.process.line(startingWith: "READY")
        _ = try phone.remote(["call"])
        #expect(phone.process.line(startingWith: "INCOMING") != nil)
        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") == "CONNECTED call=1")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        let warnings = phone.process.stderrText.split(separator: "\n")
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("softphone_no_such_pcm") == true)
        #expect(!phone.process.stderrText.contains("ALSA lib"))
    }

    @Test("--vibration picks a built-in, a pattern from --vibrations, steps, or the synchronized pattern; state names it",
          arguments: [(["--vibration", "S.O.S."], "sos"), (["--vibration", "on 300, off 700"], "custom"),
                      (["--vibrations", "FILE", "--vibration", "mine"], "mine"), (["--vibration", "synchronized"], "synchronized")])
    func vibration(arguments: [String], name: String) throws {
        let file = try writeFile(text: "{ \"mine\": \"on 120, off 80\" }\n", to: temporaryFolder() + "/patterns.json")
        let phone = try PlainPhone(["--no-audio"] + arguments.map { $0 == "FILE" ? file : $0 })
        #expect(phone.process.line(startingWith: "READY") != nil)
        let state = try phone.state()
        #expect(state["vibration"] == .string(name))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("keypad digits in a call: a DTMF line and a call.dtmf event per digit; outside a call they do nothing")
    func dtmf() throws {
        let phone = try PlainPhone(["--audio-out", "/dev/null"])
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["key", "5"]).err == "softphone: keys did nothing: 5 does nothing on the lock screen (? lists its keys)\n")
        _ = try phone.remote(["call"])
        _ = phone.process.line(startingWith: "INCOMING")
        phone.process.send("a")
        _ = phone.process.line(startingWith: "CONNECTED")
        phone.process.send("1#")
        #expect(phone.process.line(startingWith: "DTMF") == "DTMF call=1 digit=1")
        #expect(phone.process.line(startingWith: "DTMF") == "DTMF call=1 digit=#")
        #expect(try phone.remote(["wait", "call.dtmf", "--where", "digit=#", "--timeout", "5"]).status == 0)
        let screen = try phone.remote(["screen"]).out
        #expect(screen.contains("keypad   1#"))  // on the keypad button
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("--ring-volume and --buzz-volume reach the speaker: at 0 % the ring is written as silence")
    func volumesReachTheSpeaker() throws {
        let folder = temporaryFolder()
        let phone = try PlainPhone(["--audio-out", folder + "/ring.wav", "--ring-volume", "0", "--buzz-volume", "0"])
        _ = phone.process.line(startingWith: "READY")
        _ = try phone.remote(["call"])
        _ = phone.process.line(startingWith: "INCOMING")
        pause(0.6)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        let wav = try CapturedWAV(path: folder + "/ring.wav")
        #expect(wav.seconds > 0.3)
        #expect(wav.peak(from: 0, to: wav.samples.count) == 0)
    }
}
