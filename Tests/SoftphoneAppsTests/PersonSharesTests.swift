import SoftphoneApps
import SoftphoneCore
import Testing

/// The person's shares (`Phone.Person.declineShare`, `ignoreShare`, `declinesWhenBusy`): what a
/// fleet of phones is given, each phone drawing from its own seed.
@Suite("The person declining, ignoring and busy")
struct PersonSharesTests {
    static func phone(_ person: Phone.Person, seed: UInt64 = 3) -> Phone {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle, person: person), seed: seed)
        _ = phone.handle(.start, at: .zero)
        return phone
    }

    /// Calls `count` calls one after another, each given a minute to end; the reason each ended with.
    static func outcomes(_ phone: Phone, calls count: Int) -> [EndReason] {
        var reasons: [EndReason] = []
        var now = Instant.zero
        for n in 0..<count {
            now = now + .seconds(100)
            var effects = phone.handle(.incomingCall(Caller(name: "Caller \(n)", handle: "+1")), at: now)
            let end = now + .seconds(90)
            while let due = phone.nextDeadline, due <= end { effects += phone.handle(.tick, at: due) }
            for case .event(.ended(_, _, _, let reason, _, _)) in effects { reasons.append(reason) }
        }
        return reasons
    }

    @Test("declineShare 1: every call declined at answerAfter")
    func declinesAll() {
        let phone = Self.phone(Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(5), declineShare: 1))
        #expect(Self.outcomes(phone, calls: 5) == Array(repeating: .declined, count: 5))
    }

    @Test("ignoreShare 1: every call rings until the app's own 60 s timeout")
    func ignoresAll() {
        let phone = Self.phone(Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(5), ignoreShare: 1))
        #expect(Self.outcomes(phone, calls: 3) == Array(repeating: .unanswered, count: 3))
    }

    @Test("shares of many calls: about as asked, and the same seed gives the same calls")
    func shares() {
        let person = Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(5), declineShare: 0.25, ignoreShare: 0.25)
        let first = Self.outcomes(Self.phone(person), calls: 200)
        #expect(first.count == 200)
        let declined = first.filter { $0 == .declined }.count, ignored = first.filter { $0 == .unanswered }.count
        #expect((30...70).contains(declined) && (30...70).contains(ignored), "declined \(declined), unanswered \(ignored)")
        #expect(first.filter { $0 == .local }.count == 200 - declined - ignored)
        #expect(Self.outcomes(Self.phone(person), calls: 200) == first)
        #expect(Self.outcomes(Self.phone(person, seed: 4), calls: 200) != first)
    }

    @Test("the shares leave the phone's UUIDs and tokens as they were")
    func sameTokens() {
        let plain = Self.phone(Phone.Person(answerAfter: .seconds(2)))
        let drawing = Self.phone(Phone.Person(answerAfter: .seconds(2), declineShare: 0.5))
        #expect(plain.voipToken == drawing.voipToken)
    }

    @Test("busy: a call during a call is declined at answerAfter when told to, else left ringing")
    func busy() {
        for declinesWhenBusy in [true, false] {
            let phone = Self.phone(Phone.Person(answerAfter: .seconds(1), hangUpAfter: .seconds(60), declinesWhenBusy: declinesWhenBusy))
            var effects = phone.handle(.incomingCall(Caller(name: "First", handle: "+1")), at: .zero + .seconds(1))
            effects += phone.handle(.tick, at: .zero + .seconds(2))
            effects += phone.handle(.incomingCall(Caller(name: "Second", handle: "+2")), at: .zero + .seconds(10))
            effects += phone.handle(.tick, at: .zero + .seconds(11))
            let declined = effects.contains { if case .event(.ended(2, _, _, .declined, _, _)) = $0 { true } else { false } }
            #expect(declined == declinesWhenBusy)
            #expect(effects.contains(.event(.connected(call: 1))))
        }
    }
}
