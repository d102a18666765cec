import SoftphoneApps
import SoftphoneCore
import Testing

/// `--auto-answer S` and `--auto-hangup S` (`Phone.Person`) on the manual clock: the person
/// presses the keys' own actions at their time, and only where they would by hand.
@Suite("The person answering and hanging up alone")
struct AutoAnswerTests {
    /// The voip app on a phone whose person answers after 3 s and hangs up after 5 s.
    static func phone(answerAfter: Duration? = .seconds(3), hangUpAfter: Duration? = .seconds(5), callGroups: Int = 1) -> Phone {
        let configuration = Phone.Configuration(
            app: AppCatalog.voip.bundle, settings: ["callGroups": .int(callGroups)],
            person: Phone.Person(answerAfter: answerAfter, hangUpAfter: hangUpAfter))
        let phone = Phone(configuration: configuration, seed: 3)
        _ = phone.handle(.start, at: .zero)
        return phone
    }

    /// `seconds` after the phone started.
    static func at(_ seconds: Double) -> Instant { .zero + .milliseconds(Int64(seconds * 1000)) }

    /// Runs the phone's timers up to `time`, collecting the events.
    static func run(_ phone: Phone, until time: Instant) -> [PhoneEvent] {
        var events: [PhoneEvent] = []
        while let due = phone.nextDeadline, due <= time {
            for case .event(let event) in phone.handle(.tick, at: due) { events.append(event) }
        }
        return events
    }

    @Test("answered S after it starts ringing, with the answer action the app fulfils; hung up S after it connects")
    func answersThenHangsUp() {
        let phone = Self.phone()
        _ = phone.handle(.incomingCall(Caller(name: "Bob", handle: "+1")), at: Self.at(1))
        #expect(Self.run(phone, until: Self.at(3.999)).allSatisfy { if case .connected = $0 { false } else { true } }, "still ringing before 3 s")
        let answered = Self.run(phone, until: Self.at(4))
        #expect(answered.contains(.action(call: 1, name: "answer", outcome: "fulfilled")) && answered.contains(.connected(call: 1)))
        #expect(!Self.run(phone, until: Self.at(8.999)).contains { if case .ended = $0 { true } else { false } })
        let ended = Self.run(phone, until: Self.at(9))
        #expect(ended.contains { if case .ended(1, _, _, .local, _, _) = $0 { true } else { false } }, "\(ended)")
    }

    @Test("a call already answered, declined or waiting over another is left to the keys")
    func onlyWhenItWouldByHand() {
        let phone = Self.phone(answerAfter: .seconds(3), hangUpAfter: nil, callGroups: 2)
        _ = phone.handle(.incomingCall(Caller(name: "Bob", handle: "+1")), at: .zero)
        _ = phone.handle(.press("d"), at: Self.at(1))
        #expect(!Self.run(phone, until: Self.at(5)).contains(.connected(call: 1)), "declined before the person's time")
        _ = phone.handle(.incomingCall(Caller(name: "Carol", handle: "+2")), at: Self.at(10))
        _ = Self.run(phone, until: Self.at(13))
        _ = phone.handle(.incomingCall(Caller(name: "Dan", handle: "+3")), at: Self.at(20))
        let waiting = Self.run(phone, until: Self.at(30))
        #expect(!waiting.contains(.connected(call: 3)), "a call waiting asks for End & Accept or Hold & Accept")
        #expect(phone.screen(at: Self.at(30)).name == "call-waiting")
    }
}
