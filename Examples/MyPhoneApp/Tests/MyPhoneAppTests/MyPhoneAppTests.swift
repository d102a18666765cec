import MyPhoneApp
import SoftphoneKit
import Testing

/// My Phone on a phone on the manual clock: time moves only when the test says so.
@Test func aCallRingsAndIsAnswered() {
    let phone = Phone(configuration: .init(app: myPhoneApp), seed: 7)
    var effects = phone.handle(.start, at: .zero)
    effects += phone.handle(.incomingCall(Caller(name: "Zoë", handle: "+15551234")), at: .zero)
    #expect(effects.contains(.startRinging(call: 1)))

    effects += phone.handle(.answer, at: .zero + .seconds(2))
    #expect(effects.contains(.event(.connected(call: 1))))
    let requests = effects.compactMap { effect -> String? in
        if case .event(.serverRequest(let name, _)) = effect { name } else { nil }
    }
    #expect(requests == ["register", "answer", "media"])
}
