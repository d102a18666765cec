// `receive(on:)` as Apple documents it: through DispatchQueue.main or RunLoop.main a value is
// delivered later, on the main thread, never inline, even when sent on the main thread; through
// ImmediateScheduler at once.
import Combine
import Foundation
import XCTest

final class CombineSchedulerTests: XCTestCase {
    func test_receiveOnTheMainQueueDeliversLaterOnTheMainThread() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var offMain = 0
        var completion: String?
        let subscription = subject.receive(on: DispatchQueue.main).sink(
            receiveCompletion: { completion = $0.text },
            receiveValue: {
                received.append($0)
                if !Thread.isMainThread { offMain += 1 }
            })
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(received, [], "not inline, though sent on the main thread")
        XCTAssertNil(completion, "the completion too")
        XCTAssert(runMainLoop(until: { completion != nil }))
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(completion, "finished")
        XCTAssertEqual(offMain, 0)
        withExtendedLifetime(subscription) {}
    }

    func test_receiveOnTheMainQueueBringsAnotherThreadsValuesToTheMainThread() {
        let subject = PassthroughSubject<String, Never>()
        var received: [String] = []
        var onMain: [Bool] = []
        let subscription = subject.receive(on: DispatchQueue.main).sink {
            received.append($0)
            onMain.append(Thread.isMainThread)
        }
        DispatchQueue.global().async {
            subject.send("from a push")
            subject.send("from the network")
        }
        XCTAssert(runMainLoop(until: { received.count == 2 }))
        XCTAssertEqual(received, ["from a push", "from the network"])
        XCTAssertEqual(onMain, [true, true])
        withExtendedLifetime(subscription) {}
    }

    func test_receiveOnTheMainRunLoopDeliversInALaterTurnInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let subscription = subject.receive(on: RunLoop.main).sink { received.append($0) }
        for value in 0..<100 { subject.send(value) }
        XCTAssertEqual(received, [])
        XCTAssert(runMainLoop(until: { received.count == 100 }))
        XCTAssertEqual(received, Array(0..<100))
        withExtendedLifetime(subscription) {}
    }

    func test_receiveOnTheMainRunLoopWakesItForAnotherThread() {
        let subject = PassthroughSubject<Int, Never>()
        var deliveredAfter: TimeInterval?
        let start = Date()
        let subscription = subject.receive(on: RunLoop.main).sink { _ in deliveredAfter = Date().timeIntervalSince(start) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { subject.send(1) }
        // One turn, which sleeps for half a second unless something wakes it.
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.5))
        XCTAssert(runMainLoop(until: { deliveredAfter != nil }))
        XCTAssertLessThan(deliveredAfter ?? 99, 0.4, "delivered as soon as sent, not when the turn timed out")
        withExtendedLifetime(subscription) {}
    }

    func test_receiveOnTheImmediateSchedulerDeliversAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let subscription = subject.receive(on: ImmediateScheduler.shared).sink { received.append($0) }
        subject.send(1)
        XCTAssertEqual(received, [1])
        withExtendedLifetime(subscription) {}
    }

    func test_receiveOnKeepsTheSubscribersDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneAtATime<Int>()
        subject.receive(on: DispatchQueue.main).subscribe(subscriber)
        subject.send(1)
        subject.send(2)  // no demand left: a pass-through subject drops it
        XCTAssert(runMainLoop(until: { subscriber.received == [1] }))
        subscriber.request(.max(1))
        subject.send(3)
        XCTAssert(runMainLoop(until: { subscriber.received == [1, 3] }))
        subscriber.subscription?.cancel()
    }
}
