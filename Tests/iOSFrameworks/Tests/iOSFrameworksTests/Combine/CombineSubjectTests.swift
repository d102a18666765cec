// PassthroughSubject and CurrentValueSubject as Apple documents them: a pass-through subject
// replays nothing, a current-value one its value; a completion ends both for every subscriber,
// late ones included; values may be sent from any thread.
import Combine
import Foundation
import XCTest

final class CombineSubjectTests: XCTestCase {
    func test_aPassthroughSubjectSendsOnlyToThoseSubscribedAtTheTime() {
        let subject = PassthroughSubject<String, Never>()
        var early: [String] = []
        var late: [String] = []
        let first = subject.sink { early.append($0) }
        subject.send("incoming")
        let second = subject.sink { late.append($0) }
        subject.send("answered")
        XCTAssertEqual(early, ["incoming", "answered"])
        XCTAssertEqual(late, ["answered"])
        withExtendedLifetime((first, second)) {}
    }

    func test_aCurrentValueSubjectSendsItsValueFirstAndHoldsTheNewValueWhenSending() {
        let subject = CurrentValueSubject<String, Never>("idle")
        var seen: [String] = []
        let first = subject.sink { [unowned subject] in seen.append("\($0) (value \(subject.value))") }
        subject.send("ringing")
        subject.value = "connected"
        XCTAssertEqual(seen, ["idle (value idle)", "ringing (value ringing)", "connected (value connected)"])
        var late: [String] = []
        let second = subject.sink { late.append($0) }
        XCTAssertEqual(late, ["connected"])
        withExtendedLifetime((first, second)) {}
    }

    func test_aCurrentValueSubjectOfOptionalsSendsNil() {
        let subject = CurrentValueSubject<Int?, Never>(nil)
        var seen: [Int?] = []
        let subscription = subject.sink { seen.append($0) }
        subject.send(3)
        subject.send(nil)
        XCTAssertEqual(seen, [nil, 3, nil])
        withExtendedLifetime(subscription) {}
    }

    func test_aCompletionEndsTheSubjectForEverySubscriber() {
        let subject = PassthroughSubject<Int, CallError>()
        var log: [String] = []
        let first = subject.sink(receiveCompletion: { log.append("first: \($0.text)") }, receiveValue: { log.append("first: \($0)") })
        subject.send(1)
        subject.send(completion: .failure(.dropped))
        subject.send(2)
        subject.send(completion: .finished)
        let late = subject.sink(receiveCompletion: { log.append("late: \($0.text)") }, receiveValue: { log.append("late: \($0)") })
        XCTAssertEqual(log, ["first: 1", "first: failure(dropped)", "late: failure(dropped)"])
        withExtendedLifetime((first, late)) {}
    }

    func test_aCompletedCurrentValueSubjectKeepsItsValueAndSendsOnlyTheCompletion() {
        let subject = CurrentValueSubject<Int, Never>(1)
        subject.send(completion: .finished)
        subject.send(2)
        XCTAssertEqual(subject.value, 1)
        var log: [String] = []
        let late = subject.sink(receiveCompletion: { log.append($0.text) }, receiveValue: { log.append("\($0)") })
        XCTAssertEqual(log, ["finished"])
        withExtendedLifetime(late) {}
    }

    func test_aSinkLetsItsClosuresGoAtTheCompletion() {
        final class Listener {}
        let subject = PassthroughSubject<Int, Never>()
        weak var gone: Listener?
        var subscription: AnyCancellable?
        do {
            let listener = Listener()
            gone = listener
            subscription = subject.sink { _ in withExtendedLifetime(listener) {} }
        }
        XCTAssertNotNil(gone, "the sink's closure holds the listener")
        subject.send(completion: .finished)
        XCTAssertNil(gone, "released at the completion, though the cancellable is still kept")
        withExtendedLifetime(subscription) {}
    }

    func test_aSubjectSubscribedToAPublisherRelaysItUntilCancelled() {
        let calls = PassthroughSubject<String, Never>()
        let relay = PassthroughSubject<String, Never>()
        var relayed: [String] = []
        let listening = relay.sink { relayed.append($0) }
        let relaying = calls.subscribe(relay)
        calls.send("Alice")
        relaying.cancel()
        calls.send("Bob")
        XCTAssertEqual(relayed, ["Alice"])
        withExtendedLifetime(listening) {}
    }

    func test_subjectsTakeValuesAndSubscribersFromManyThreadsAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let lock = NSLock()
        var sum = 0
        let subscription = subject.sink { value in
            lock.lock()
            sum += value
            lock.unlock()
        }
        DispatchQueue.concurrentPerform(iterations: 1000) { subject.send($0) }
        XCTAssertEqual(sum, 999 * 1000 / 2)

        let current = CurrentValueSubject<Int, Never>(0)
        var subscribersServed = 0
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            if index % 2 == 0 {
                current.send(index)
            } else {
                var got: Int?
                current.sink { got = $0 }.cancel()
                lock.lock()
                if got.map({ $0 % 2 == 0 }) == true { subscribersServed += 1 }
                lock.unlock()
            }
        }
        XCTAssertEqual(subscribersServed, 500, "each new subscriber got a current value")
        withExtendedLifetime(subscription) {}
    }
}
