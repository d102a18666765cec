import MyPhoneApp
import CallKit
import XCTest

/// My Phone on a phone on the manual clock: time moves only when the test says so.
final class MyPhoneAppTests: XCTestCase {
    func testACallRingsAndIsAnswered() {
        let phone = Phone(configuration: .init(app: myPhoneApp), seed: 7)
        var effects = phone.handle(.start, at: .zero)
        effects += phone.handle(.incomingCall(Caller(name: "Zoë", handle: "+15551234")), at: .zero)
        XCTAssert(effects.contains(.startRinging(call: 1)))

        effects += phone.handle(.answer, at: .zero + .seconds(2))
        XCTAssert(effects.contains(.event(.connected(call: 1))))
        let requests = effects.compactMap { effect -> String? in
            if case .event(.serverRequest(let name, _)) = effect { name } else { nil }
        }
        XCTAssertEqual(requests, ["register", "answer", "media"])
    }
}
