import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// A media services reset during a call, on the manual clock: the two notifications, the
/// session back to iOS's defaults between them, and CallKit's call going on.
@Suite("AVFoundation: media services reset")
struct MediaServicesResetTests {
    private final class Heard {
        var notes: [String] = []
    }

    @Test("lost, then reset with the session at its defaults and inactive; the call goes on, with no new didActivate, and the app may reactivate")
    func resetDuringACall() {
        let t = TestPhone()
        let heard = Heard()
        t.runInApp { _ in
            let center = NotificationCenter.default
            for name in [AVAudioSession.mediaServicesWereLostNotification, AVAudioSession.mediaServicesWereResetNotification] {
                center.addObserver(forName: name) { note in
                    let session = AVAudioSession.sharedInstance()
                    let word = note.name == AVAudioSession.mediaServicesWereLostNotification ? "lost" : "reset"
                    heard.notes.append("\(word) \(session.category.rawValue) \(session.mode.rawValue) \(session.isActive ? "active" : "inactive") \(note.userInfo == nil ? "no-info" : "info")")
                }
            }
        }
        t.send(.incomingCall(Caller(name: "Alice", handle: "+15550001")))
        t.send(.answer)
        t.runInApp { _ in
            let session = AVAudioSession.sharedInstance()
            try? session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetoothHFP])
            try? session.setPreferredSampleRate(16_000)
        }
        t.send(.resetMediaServices, after: .seconds(2))
        #expect(heard.notes == [
            "lost AVAudioSessionCategoryPlayAndRecord AVAudioSessionModeVoiceChat active no-info",
            "reset AVAudioSessionCategorySoloAmbient AVAudioSessionModeDefault inactive no-info",
        ])
        #expect(t.events.contains(.mediaServicesReset))
        var preferences: [Double] = []
        var options: AVAudioSession.CategoryOptions = [.mixWithOthers]
        t.runInApp { _ in
            preferences = [AVAudioSession.sharedInstance().preferredSampleRate, AVAudioSession.sharedInstance().preferredIOBufferDuration]
            options = AVAudioSession.sharedInstance().categoryOptions
        }
        #expect(preferences == [0, 0])
        #expect(options == [])
        #expect(t.endReasons.isEmpty)
        #expect(t.events.filter { $0 == .audioSession(active: true) }.count == 1)
        var failure: AVAudioSession.SessionError?
        t.runInApp { _ in
            do { try AVAudioSession.sharedInstance().setActive(true) } catch { failure = error as? AVAudioSession.SessionError }
        }
        #expect(failure == nil)
        #expect(t.phone.lastViolation == nil)
    }

    @Test("without a running app the reset is only the event")
    func withoutAnApp() {
        let t = TestPhone()
        t.send(.app(.kill))
        #expect(t.send(.resetMediaServices).contains(.event(.mediaServicesReset)))
    }
}
