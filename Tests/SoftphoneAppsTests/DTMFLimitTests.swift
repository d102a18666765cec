import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// A call sent a flood of DTMF digits keeps a bounded log and shows a bounded keypad line: its
/// journal row and its `call.ended` line do not grow with every digit.
@Suite("DTMF without limit")
struct DTMFLimitTests {
    @Test("60,000 digits: the keypad shows the last 32, the call's actions are the first 48, omitted:N and the newest")
    func flood() {
        let bench = VoIPBench()
        bench.send(.incomingCall(Caller(name: "Flood", handle: "+1")))
        bench.send(.answer)
        let digits: [Character] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "*", "#"]
        for n in 0..<60_000 { bench.send(.dtmf(digits[n % digits.count])) }
        guard case .inCall(let shown) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(shown.digits.count == 32 && shown.digits.hasSuffix("90*#"))
        let ended = bench.send(.end).compactMap { effect -> [String]? in
            if case .event(.ended(_, _, _, _, _, let actions)) = effect { actions } else { nil }
        }.first ?? []
        #expect(ended.count == 50)
        #expect(ended.first == "answer:fulfilled" && ended[1] == "dtmf:fulfilled")
        // answer + 47 digits kept; 59,953 digits left out; the end shown.
        #expect(ended[48] == "omitted:59953")
        #expect(ended.last == "end:fulfilled")
    }
}
