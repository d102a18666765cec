// Just, Future, Empty, Fail, the operators and AnyPublisher as Apple documents them: a Future
// runs its closure once, at init, and every subscriber gets its one result; operators transform
// each subscriber's values on their own.
import Combine
import Foundation
import XCTest

final class CombinePublisherTests: XCTestCase {
    /// What `publisher` sends a sink at once: its values, then its completion, as text.
    static func events<P: Publisher>(of publisher: P) -> [String] {
        var events: [String] = []
        publisher.sink(receiveCompletion: { events.append($0.text) }, receiveValue: { events.append("\($0)") }).cancel()
        return events
    }

    func test_justSendsItsValueThenFinishes() {
        XCTAssertEqual(Self.events(of: Just("Alice")), ["Alice", "finished"])
        XCTAssertEqual(Just(1), Just(1))
    }

    func test_emptyFinishesAtOnceOrNeverAndFailFailsAtOnce() {
        XCTAssertEqual(Self.events(of: Empty<Int, Never>()), ["finished"])
        XCTAssertEqual(Self.events(of: Empty<Int, Never>(completeImmediately: false)), [])
        XCTAssertEqual(Self.events(of: Fail<Int, CallError>(error: .dropped)), ["failure(dropped)"])
        XCTAssertEqual(Self.events(of: Fail(outputType: String.self, failure: CallError.dropped)), ["failure(dropped)"])
    }

    func test_aFutureRunsItsClosureOnceAtInitAndGivesEverySubscriberItsResult() {
        var runs = 0
        var promise: Future<Int, CallError>.Promise?
        let future = Future<Int, CallError> { fulfil in
            runs += 1
            promise = fulfil
        }
        XCTAssertEqual(runs, 1, "run at init, before anyone subscribes")
        var early: [String] = []
        let first = future.sink(receiveCompletion: { early.append($0.text) }, receiveValue: { early.append("\($0)") })
        XCTAssertEqual(early, [])
        promise?(.success(7))
        promise?(.success(8))
        XCTAssertEqual(early, ["7", "finished"])
        XCTAssertEqual(Self.events(of: future), ["7", "finished"], "a late subscriber gets the kept result")
        XCTAssertEqual(runs, 1)
        withExtendedLifetime(first) {}
    }

    func test_aFailedFutureFailsEverySubscriber() {
        let future = Future<Int, CallError> { $0(.failure(.dropped)) }
        XCTAssertEqual(Self.events(of: future), ["failure(dropped)"])
        XCTAssertEqual(Self.events(of: future), ["failure(dropped)"])
    }

    func test_mapFilterCompactMapAndRemoveDuplicatesChain() {
        let digits = PassthroughSubject<String, Never>()
        var out: [Int] = []
        let subscription = digits.compactMap(Int.init).filter { $0 >= 0 }.map { $0 * 2 }.removeDuplicates().sink { out.append($0) }
        for text in ["1", "x", "1", "-3", "2", "2", "1"] { digits.send(text) }
        XCTAssertEqual(out, [2, 4, 2])
        withExtendedLifetime(subscription) {}
    }

    func test_mapKeepsANilItMapsTo() {
        XCTAssertEqual(Self.events(of: Just(1).map { _ in Int?.none }), ["nil", "finished"])
    }

    func test_removeDuplicatesByComparesEachValueWithTheOneBefore() {
        struct State { let name: String; let since: Int }
        let states = PassthroughSubject<State, Never>()
        var names: [String] = []
        let subscription = states.removeDuplicates { $0.name == $1.name }.map(\.name).sink { names.append($0) }
        for (name, since) in [("ringing", 0), ("ringing", 1), ("connected", 2), ("ringing", 3)] { states.send(State(name: name, since: since)) }
        XCTAssertEqual(names, ["ringing", "connected", "ringing"])
        withExtendedLifetime(subscription) {}
    }

    func test_eachSubscriberOfAnOperatorHasItsOwnState() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let deduplicated = subject.removeDuplicates().dropFirst()
        var first: [Int] = []
        var second: [Int] = []
        let a = deduplicated.sink { first.append($0) }
        subject.send(2)
        let b = deduplicated.sink { second.append($0) }
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(first, [2, 3])
        XCTAssertEqual(second, [3], "its first value (2) dropped, then its own previous value compared")
        withExtendedLifetime((a, b)) {}
    }

    func test_eraseToAnyPublisherHidesTheTypeAndKeepsTheValues() {
        let subject = PassthroughSubject<Int, Never>()
        let counts: AnyPublisher<String, Never> = subject.map { "\($0) calls" }.eraseToAnyPublisher()
        var out: [String] = []
        let subscription = counts.eraseToAnyPublisher().sink { out.append($0) }
        subject.send(2)
        XCTAssertEqual(out, ["2 calls"])
        withExtendedLifetime(subscription) {}
    }

    func test_assignToOnWritesEachValueAndHoldsTheObjectUntilCancelled() {
        final class Label { var text = "" }
        let subject = PassthroughSubject<String, Never>()
        var label: Label? = Label()
        weak let shown = label
        let subscription = subject.assign(to: \.text, on: label!)
        subject.send("ringing")
        XCTAssertEqual(label?.text, "ringing")
        label = nil
        subject.send("connected")
        XCTAssertEqual(shown?.text, "connected", "Assign holds its object strongly")
        subscription.cancel()
        XCTAssertNil(shown)
    }

    func test_handleEventsSeesEveryEventInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let subscription = subject.handleEvents(
            receiveSubscription: { _ in log.append("subscription") }, receiveOutput: { log.append("output \($0)") },
            receiveCompletion: { log.append($0.text) }, receiveCancel: { log.append("cancel") }, receiveRequest: { log.append("request \($0)") }
        ).sink { log.append("sink \($0)") }
        subject.send(1)
        subscription.cancel()
        subject.send(2)
        XCTAssertEqual(log, ["subscription", "request unlimited", "output 1", "sink 1", "cancel"])
    }
}
