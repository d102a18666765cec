// `merge(with:)` and `combineLatest(_:)` as Apple documents them: merge sends both publishers'
// values as they come, combineLatest the latest pair once both have a value; each finishes when
// both upstreams have, fails at the first failure, and sends no more than its subscriber asks for.
import Combine
import Foundation
import XCTest

final class CombineMergeTests: XCTestCase {
    func test_mergeSendsBothPublishersValuesAsTheyComeAndFinishesWhenBothHave() {
        let pushes = PassthroughSubject<String, CallError>()
        let server = PassthroughSubject<String, CallError>()
        var log: [String] = []
        let subscription = pushes.merge(with: server).sink(receiveCompletion: { log.append($0.text) }, receiveValue: { log.append($0) })
        pushes.send("push 1")
        server.send("server 1")
        pushes.send("push 2")
        pushes.send(completion: .finished)
        server.send("server 2")
        XCTAssertEqual(log, ["push 1", "server 1", "push 2", "server 2"], "one finished: the other goes on")
        server.send(completion: .finished)
        XCTAssertEqual(log.last, "finished")
        withExtendedLifetime(subscription) {}
    }

    func test_mergeFailsAtTheFirstFailureAndCancelsTheOther() {
        let pushes = PassthroughSubject<String, CallError>()
        let server = PassthroughSubject<String, CallError>()
        var log: [String] = []
        let subscription = pushes.merge(with: server.handleEvents(receiveCancel: { log.append("server cancelled") }))
            .sink(receiveCompletion: { log.append($0.text) }, receiveValue: { log.append($0) })
        pushes.send(completion: .failure(.dropped))
        server.send("late")
        XCTAssertEqual(log.sorted(), ["failure(dropped)", "server cancelled"], "in either order")
        withExtendedLifetime(subscription) {}
    }

    func test_mergeKeepsTheValuesItsSubscriberHasNotAskedForYet() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = OneAtATime<Int>()
        a.merge(with: b).subscribe(subscriber)
        a.send(1)
        b.send(2)
        a.send(3)
        XCTAssertEqual(subscriber.received, [1])
        subscriber.request(.max(2))
        XCTAssertEqual(subscriber.received, [1, 2, 3])
        subscriber.subscription?.cancel()
    }

    func test_mergeCallsItsSubscriberFromOneThreadAtATime() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let inside = NSLock()
        var received = 0
        var overlaps = 0
        let subscription = a.merge(with: b).sink { _ in
            guard inside.try() else {
                overlaps += 1  // never reached if deliveries do not overlap
                return
            }
            received += 1
            usleep(20)  // long enough for another thread to come in, were it let in
            inside.unlock()
        }
        DispatchQueue.concurrentPerform(iterations: 2000) { $0.isMultiple(of: 2) ? a.send($0) : b.send($0) }
        XCTAssertEqual(overlaps, 0)
        XCTAssertEqual(received, 2000)
        withExtendedLifetime(subscription) {}
    }

    func test_combineLatestSendsThePairOnceBothHaveAValueThenOnEachChange() {
        let muted = CurrentValueSubject<Bool, Never>(false)
        let held = PassthroughSubject<Bool, Never>()
        var states: [String] = []
        let subscription = muted.combineLatest(held) { "muted \($0), held \($1)" }.sink { states.append($0) }
        XCTAssertEqual(states, [], "no value from held yet")
        held.send(false)
        muted.send(true)
        held.send(true)
        XCTAssertEqual(states, ["muted false, held false", "muted true, held false", "muted true, held true"])
        withExtendedLifetime(subscription) {}
    }

    func test_combineLatestGivesASubscriberWithoutDemandOnlyTheLatestPair() {
        let a = CurrentValueSubject<Int, Never>(1)
        let b = CurrentValueSubject<Int, Never>(10)
        let subscriber = OneAtATime<(Int, Int)>()
        a.combineLatest(b).subscribe(subscriber)
        a.send(2)
        b.send(20)
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.received.map { "\($0.0),\($0.1)" }, ["1,10", "2,20"])
        subscriber.subscription?.cancel()
    }

    func test_combineLatestFinishesWhenBothFinishAndFailsWhenEitherFails() {
        let a = PassthroughSubject<Int, CallError>()
        let b = PassthroughSubject<Int, CallError>()
        var log: [String] = []
        let finishing = a.combineLatest(b).sink(receiveCompletion: { log.append($0.text) }, receiveValue: { log.append("\($0.0),\($0.1)") })
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(3)
        XCTAssertEqual(log, ["1,2", "1,3"])
        b.send(completion: .finished)
        XCTAssertEqual(log, ["1,2", "1,3", "finished"])

        let c = PassthroughSubject<Int, CallError>()
        let d = PassthroughSubject<Int, CallError>()
        var failures: [String] = []
        let failing = c.combineLatest(d).sink(receiveCompletion: { failures.append($0.text) }, receiveValue: { _ in failures.append("value") })
        d.send(completion: .failure(.dropped))
        c.send(1)
        XCTAssertEqual(failures, ["failure(dropped)"])
        withExtendedLifetime((finishing, failing)) {}
    }

    func test_combineLatestOfTwoPublishedProperties() {
        final class CallControls: ObservableObject {
            @Published var isMuted = false
            @Published var isOnHold = false
        }
        let controls = CallControls()
        var labels: [String] = []
        let subscription = controls.$isMuted.combineLatest(controls.$isOnHold)
            .map { muted, held in held ? "on hold" : muted ? "muted" : "live" }
            .removeDuplicates()
            .sink { labels.append($0) }
        controls.isMuted = true
        controls.isOnHold = true
        controls.isMuted = false
        controls.isOnHold = false
        XCTAssertEqual(labels, ["live", "muted", "on hold", "live"])
        withExtendedLifetime(subscription) {}
    }
}
