import Combine
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Combine in the build without Foundation: `DispatchQueue.main` is the phone's, so
/// `receive(on:)` delivers on the phone's run loop, in the phone's turn.
@Suite("Combine on the phone's main queue")
struct CombineOnThePhoneTests {
    @Test("receive(on: DispatchQueue.main) delivers after the app code that sent, within the same turn, in order")
    func receiveOnTheMainQueue() {
        let t = HookPhone()
        let subject = PassthroughSubject<String, Never>()
        var received: [String] = []
        var receivedInline: [String] = ["not run"]
        var subscription: AnyCancellable?
        t.run { _ in
            subscription = subject.receive(on: DispatchQueue.main).sink { received.append($0) }
            subject.send("incoming")
            subject.send("answered")
            receivedInline = received
        }
        #expect(receivedInline == [], "not inline")
        #expect(received == ["incoming", "answered"], "before the turn ended")
        subscription?.cancel()
    }

    @Test("a value sent by a main-queue block due later is delivered at that block's instant")
    func receiveOnLater() {
        let t = HookPhone()
        let subject = CurrentValueSubject<Int, Never>(0)
        var received: [Int] = []
        var subscription: AnyCancellable?
        t.run { _ in subscription = subject.dropFirst().receive(on: DispatchQueue.main).sink { received.append($0) } }
        t.run { _ in
            DispatchQueue.main.asyncAfter(deadline: .now() + 5) { subject.send(1) }
        }
        t.advance(by: .seconds(4))
        #expect(received == [])
        t.advance(by: .seconds(1))
        #expect(received == [1])
        subscription?.cancel()
    }
}
