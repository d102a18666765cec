import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The call audio around CallKit, on the manual clock: routes and their notification, other
/// audio's interruptions, the headset's button, and the fault that withholds `didActivate`.
@Suite("AVFoundation: audio routes, interruptions, the headset button, the never-activates fault")
struct AudioSessionTests {
    /// What the app's observers heard, in order.
    final class Heard {
        var notes: [String] = []
    }

    /// Observes both audio notifications in the running app, writing down what each says.
    func observe(_ t: TestPhone) -> Heard {
        let heard = Heard()
        t.runInApp { _ in
            let center = NotificationCenter.default
            center.addObserver(forName: AVAudioSession.routeChangeNotification) { note in
                let reason = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
                let previous = note.userInfo?[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription
                let now = AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType.rawValue)
                heard.notes.append("route \(previous?.outputs.first?.portType.rawValue ?? "?")>\(now.joined()) reason \(reason.map { String($0) } ?? "?")")
            }
            center.addObserver(forName: AVAudioSession.interruptionNotification) { note in
                let type = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
                let options = note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt
                let reason = note.userInfo?[AVAudioSessionInterruptionReasonKey] as? UInt
                heard.notes.append("interruption \(type.map { String($0) } ?? "?")" + (reason.map { " reason \($0)" } ?? "") + (options.map { " options \($0)" } ?? ""))
            }
        }
        return heard
    }

    func routes(_ t: TestPhone) -> [String] {
        t.events.compactMap { if case .audioRoute(let route, let previous, let reason) = $0 { "\(previous.rawValue)>\(route.rawValue) \(reason.name)" } else { nil } }
    }

    @Test("a route change posts routeChangeNotification with iOS's reason and the route before; currentRoute is the new one")
    func routeChanges() {
        let t = TestPhone()
        let heard = observe(t)
        t.send(.setRoute(.bluetooth))
        t.send(.setRoute(.carplay))
        t.send(.setRoute(.receiver))
        t.send(.setRoute(.speaker))
        t.send(.setRoute(.wired))
        #expect(routes(t) == [
            "receiver>bluetooth new-device-available", "bluetooth>carplay new-device-available", "carplay>receiver old-device-unavailable",
            "receiver>speaker override", "speaker>wired new-device-available",
        ])
        #expect(inputs(t) == ["MicrophoneBuiltIn", "MicrophoneWired"])
        #expect(heard.notes == [
            "route Receiver>BluetoothHFP reason 1", "route BluetoothHFP>CarAudio reason 1", "route CarAudio>Receiver reason 2",
            "route Receiver>Speaker reason 4", "route Speaker>Headphones reason 1",
        ])
        #expect(t.phone.audioRoute == .wired)
    }

    @Test("the same route again changes nothing and posts nothing")
    func sameRoute() {
        let t = TestPhone()
        let heard = observe(t)
        t.send(.setRoute(.receiver))
        #expect(routes(t).isEmpty)
        #expect(heard.notes.isEmpty)
    }

    @Test("the in-call screen shows the route; the loudspeaker key is an override that ends with the call")
    func speakerKeyAndScreen() {
        let t = TestPhone()
        t.send(.incomingCall(Caller(name: "Alice", handle: "+15550001")))
        t.send(.answer)
        t.send(.setRoute(.bluetooth))
        guard case .inCall(let call) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(call.route == .bluetooth)
        t.send(.toggleSpeaker)
        #expect(t.phone.speakerOn)
        t.send(.end)
        #expect(routes(t) == ["receiver>bluetooth new-device-available", "bluetooth>speaker override", "speaker>bluetooth override"])
    }

    @Test("interruptions post interruptionNotification: began for another session (reason default), then ended with shouldResume; other audio plays between")
    func interruptions() {
        let t = TestPhone()
        let heard = observe(t)
        var playing: [Bool] = []
        t.send(.interruptAudio(began: true))
        t.runInApp { _ in playing.append(AVAudioSession.sharedInstance().isOtherAudioPlaying) }
        t.send(.interruptAudio(began: false), after: .seconds(3))
        t.runInApp { _ in playing.append(AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint) }
        #expect(playing == [true, false])
        #expect(t.events.filter { if case .audioInterruption = $0 { true } else { false } } == [.audioInterruption(began: true), .audioInterruption(began: false)])
        #expect(heard.notes == ["interruption 1 reason 0", "interruption 0 options 1"])
    }

    @Test("an interruption's end need not say shouldResume (Apple: only sometimes): ended with no options, and the event says so")
    func interruptionWithoutResume() {
        let t = TestPhone()
        let heard = observe(t)
        t.send(.interruptAudio(began: true))
        t.send(.interruptAudio(began: false, resumes: false))
        #expect(heard.notes == ["interruption 1 reason 0", "interruption 0 options 0"])
        #expect(t.events.last { if case .audioInterruption = $0 { true } else { false } } == .audioInterruption(began: false, resumes: false))
    }

    @Test("an interruption's start deactivates the app's session (Apple: no longer active); the app activates it again after the end")
    func interruptionDeactivates() throws {
        let t = TestPhone()
        var active: [Bool] = []
        t.runInApp { _ in try? AVAudioSession.sharedInstance().setActive(true) }
        t.send(.interruptAudio(began: true))
        t.runInApp { _ in active.append(AVAudioSession.sharedInstance().isActive) }
        t.send(.interruptAudio(began: false))
        t.runInApp { _ in active.append(AVAudioSession.sharedInstance().isActive) }
        t.runInApp { _ in try? AVAudioSession.sharedInstance().setActive(true) }
        t.runInApp { _ in active.append(AVAudioSession.sharedInstance().isActive) }
        #expect(active == [false, false, true])
        #expect(t.refusals.isEmpty)
    }

    @Test("interrupt is refused during a CallKit call (other audio cannot interrupt its session), and a second begin or an end without one is refused")
    func interruptionRefusals() {
        let t = TestPhone()
        t.send(.interruptAudio(began: false))
        t.send(.interruptAudio(began: true))
        t.send(.interruptAudio(began: true))
        t.send(.interruptAudio(began: false))
        t.send(.incomingCall(Caller(name: "Alice", handle: "+15550001")))
        t.send(.answer)
        t.send(.interruptAudio(began: true))
        #expect(t.refusals == [.noInterruption, .interruptionInProgress, .callKitAudioUninterruptible])
        #expect(t.events.filter { if case .audioInterruption = $0 { true } else { false } } == [.audioInterruption(began: true), .audioInterruption(began: false)])
        #expect(t.events.last { if case .audioSession = $0 { true } else { false } } == .audioSession(active: true))
        #expect(Refusal.callKitAudioUninterruptible.description.contains("softphone cellular call --from NUMBER"))
        #expect(Refusal.noInterruption.description == "there is no interruption; softphone interrupt begin starts one")
    }

    @Test("the headset button answers a ringing call and ends a connected one, through CallKit's actions")
    func headsetButton() {
        let t = TestPhone()
        t.send(.incomingCall(Caller(name: "Alice", handle: "+15550001")))
        t.send(.headsetButton)
        #expect(t.events.contains(.connected(call: 1)))
        t.send(.headsetButton, after: .seconds(5))
        #expect(t.endReasons == [.local])
        #expect(t.app?.log.filter { $0 == "answer" || $0 == "end" } == ["answer", "end"])
        #expect(t.send(.headsetButton) == [.refused(.nothingToEnd)])
    }

    @Test("never-activates: the answered call connects without didActivate, an audio.fault says so; cleared, CallKit activates late")
    func neverActivates() {
        let t = TestPhone()
        t.send(.setAudioFault(.neverActivates))
        #expect(t.events.last == .audioFault(.neverActivates, call: nil))
        t.send(.incomingCall(Caller(name: "Alice", handle: "+15550001")))
        t.send(.answer)
        #expect(t.events.contains(.connected(call: 1)))
        #expect(t.events.contains(.audioFault(.neverActivates, call: 1)))
        #expect(!t.events.contains(.audioSession(active: true)))
        #expect(t.app?.log.contains("didActivate") == false)
        #expect(t.phone.lastViolation?.rule == 34)
        t.send(.setAudioFault(.none), after: .seconds(10))
        #expect(t.events.suffix(2) == [.audioFault(.none, call: nil), .audioSession(active: true)])
        #expect(t.app?.log.contains("didActivate") == true)
    }

    @Test("never-activates holds for a started call too; after none the next call activates as usual")
    func startedCallAndBack() {
        let t = TestPhone(lock: .unlocked)
        t.send(.setAudioFault(.neverActivates))
        t.send(.incomingCall(Caller(name: "Alice", handle: "+15550001")))
        t.send(.answer)
        t.send(.end)
        t.send(.setAudioFault(.none))
        #expect(!t.events.contains(.audioSession(active: true)))
        t.send(.callBack(recent: 1))
        #expect(t.events.contains(.audioSession(active: true)))
        t.send(.end)
        t.send(.setAudioFault(.neverActivates))
        t.send(.callBack(recent: 1))
        #expect(t.events.contains(.audioFault(.neverActivates, call: 3)))
    }
}
