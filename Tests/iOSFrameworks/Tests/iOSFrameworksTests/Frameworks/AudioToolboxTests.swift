// AudioToolbox's system sounds as an app or its extension plays them: a bundle sound registered
// by URL, one sound at a time, completions once the sound's length has passed, and vibration.
import AudioToolbox
import XCTest

/// The C completion routine: counts its calls in the Int its client data points at.
private func countCompletion(_ sound: SystemSoundID, _ clientData: UnsafeMutableRawPointer?) {
    clientData?.assumingMemoryBound(to: Int.self).pointee += 1
}

final class AudioToolboxTests: XCTestCase {
    /// Registers the bundle's chime.caf (2 s long, ProbeApp.bundle) and returns its id and status.
    private func createChime(in t: ProbePhone, named name: String = "chime.caf") -> (OSStatus, SystemSoundID) {
        var result: (OSStatus, SystemSoundID) = (0, 0)
        t.runInApp { _ in
            var id: SystemSoundID = 0
            let status = AudioServicesCreateSystemSoundID(URL(fileURLWithPath: "/var/containers/Bundle/Probe.app/" + name) as CFURL, &id)
            result = (status, id)
        }
        return result
    }

    /// A sound of the app's bundle is found by its file name; any other name is an error.
    func test_createSystemSoundIDFindsTheBundlesSound() {
        let t = ProbePhone()
        let (status, id) = createChime(in: t)
        XCTAssertEqual(status, kAudioServicesNoError)
        XCTAssertNotEqual(id, 0)
        XCTAssertEqual(createChime(in: t, named: "missing.caf").0, kAudioServicesSystemSoundUnspecifiedError)
    }

    /// Playing with a completion: the sound plays, and the completion runs once its 2 s have passed, not before.
    func test_playSystemSoundWithCompletionRunsOnceTheSoundEnds() {
        let t = ProbePhone()
        let (_, id) = createChime(in: t)
        var done = 0
        t.runInApp { _ in AudioServicesPlaySystemSoundWithCompletion(id) { done += 1 } }
        XCTAssertEqual(t.soundsAndVibrations, ["chime.caf"])
        t.advance(by: .milliseconds(1900))
        XCTAssertEqual(done, 0)
        t.advance(by: .milliseconds(100))
        XCTAssertEqual(done, 1)
    }

    /// An alert sound vibrates too; a plain system sound does not.
    func test_alertSoundsVibrateAndSystemSoundsDoNot() {
        let t = ProbePhone()
        let (_, id) = createChime(in: t)
        t.runInApp { _ in AudioServicesPlaySystemSound(id) }
        XCTAssertEqual(t.soundsAndVibrations, ["chime.caf"])
        t.advance(by: .seconds(3))
        t.runInApp { _ in AudioServicesPlayAlertSound(id) }
        XCTAssertEqual(t.soundsAndVibrations, ["chime.caf", "chime.caf", "vibrate"])
        var done = 0
        t.advance(by: .seconds(3))
        t.runInApp { _ in AudioServicesPlayAlertSoundWithCompletion(id) { done += 1 } }
        t.advance(by: .seconds(3))
        XCTAssertEqual(done, 1)
    }

    /// kSystemSoundID_Vibrate vibrates the phone, with no sound.
    func test_theVibrateSoundVibrates() {
        let t = ProbePhone()
        t.runInApp { _ in AudioServicesPlaySystemSound(kSystemSoundID_Vibrate) }
        XCTAssertEqual(t.soundsAndVibrations, ["vibrate"])
    }

    /// A completion routine added for a sound runs with its client data after each play; once
    /// removed, it no longer runs.
    func test_addedCompletionRoutinesRunUntilRemoved() {
        let t = ProbePhone()
        let (_, id) = createChime(in: t)
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            t.runInApp { _ in
                let routine: AudioServicesSystemSoundCompletionProc = countCompletion
                let status = AudioServicesAddSystemSoundCompletion(id, CFRunLoopGetMain(), nil, routine, UnsafeMutableRawPointer(counter))
                XCTAssertEqual(status, kAudioServicesNoError)
                AudioServicesPlaySystemSound(id)
            }
            t.advance(by: .seconds(2))
            t.runInApp { _ in
                AudioServicesRemoveSystemSoundCompletion(id)
                AudioServicesPlaySystemSound(id)
            }
            t.advance(by: .seconds(2))
        }
        XCTAssertEqual(count, 1)
    }

    /// A disposed sound is gone: disposing it again fails, and playing it plays nothing.
    func test_aDisposedSoundIsGone() {
        let t = ProbePhone()
        let (_, id) = createChime(in: t)
        var statuses: [OSStatus] = []
        t.runInApp { _ in
            statuses.append(AudioServicesDisposeSystemSoundID(id))
            statuses.append(AudioServicesDisposeSystemSoundID(id))
            AudioServicesPlaySystemSound(id)
        }
        XCTAssertEqual(statuses, [kAudioServicesNoError, kAudioServicesSystemSoundUnspecifiedError])
        XCTAssert(t.soundsAndVibrations.isEmpty)
    }
}
