import SoftphoneApps
import SoftphoneCore
import Testing

/// The voip app's `audioWatchdog` on the manual clock: with CallKit's `didActivate` withheld
/// (`fault audio-session never-activates`) it gives up on the call after N seconds; with the
/// activation on time, or the setting at 0, the call goes on.
@Suite("The voip app: the audio watchdog")
struct VoIPAudioWatchdogTests {
    /// The voip app with `audioWatchdog` at `seconds`, the fault set or not, a call answered at 1 s.
    private func answered(watchdog seconds: Int, fault: AudioFault) -> Phone {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle, settings: ["audioWatchdog": .int(seconds)]), seed: 5)
        _ = phone.handle(.start, at: .zero)
        _ = phone.handle(.setAudioFault(fault), at: .zero)
        _ = phone.handle(.incomingCall(Caller(name: "Ana", handle: "+15550001")), at: .zero)
        _ = phone.handle(.answer, at: .zero + .seconds(1))
        return phone
    }

    /// The events of the phone's timers up to `seconds` after it started.
    private func run(_ phone: Phone, until seconds: Int64) -> [PhoneEvent] {
        var events: [PhoneEvent] = []
        while let due = phone.nextDeadline, due <= .zero + .seconds(seconds) {
            for case .event(let event) in phone.handle(.tick, at: due) { events.append(event) }
        }
        return events
    }

    private func ended(_ events: [PhoneEvent]) -> [EndReason] {
        events.compactMap { if case .ended(_, _, _, let reason, _, _) = $0 { reason } else { nil } }
    }

    @Test("no didActivate within 5 s: the app logs why, tells its server, and the call ends as failed at 6 s")
    func givesUp() {
        let phone = answered(watchdog: 5, fault: .neverActivates)
        #expect(ended(run(phone, until: 5)).isEmpty)
        let events = run(phone, until: 6)
        #expect(ended(events) == [.failed])
        #expect(events.contains { if case .serverRequest("audio-failed", _) = $0 { true } else { false } })
        #expect(events.contains { if case .notification(.log(_, let message)) = $0 { message.hasPrefix("no call audio") } else { false } })
    }

    @Test("didActivate on time stands the watchdog down; at 0 the app waits without one")
    func standsDown() {
        #expect(ended(run(answered(watchdog: 5, fault: .none), until: 30)).isEmpty)
        #expect(ended(run(answered(watchdog: 0, fault: .neverActivates), until: 30)).isEmpty)
    }
}
