import SoftphoneCore
import SoftphoneTestSupport
import Testing

@Suite("smoke")
struct SmokeTests {
    @Test func aReportedPushRings() {
        let t = TestPhone()
        t.push()
        #expect(t.events.contains { if case .incoming = $0 { true } else { false } })
        #expect(t.effects.contains(.startRinging(call: 1)))
        t.send(.answer)
        #expect(t.app?.log.contains("didActivate") == true)
        t.send(.end)
        #expect(t.endReasons == [.local])
    }
}
