// Subscribers.Demand and back-pressure as Apple documents them: `.unlimited` absorbs arithmetic,
// nothing goes below `.none`, and publishers send no more than a subscriber asked for.
import Combine
import Foundation
import XCTest

final class CombineDemandTests: XCTestCase {
    typealias Demand = Subscribers.Demand

    func test_demandArithmetic() {
        XCTAssertEqual(Demand.max(1) + .max(2), .max(3))
        XCTAssertEqual(Demand.max(1) + 2, .max(3))
        XCTAssertEqual(Demand.unlimited + .max(1), .unlimited)
        XCTAssertEqual(Demand.max(1) + .unlimited, .unlimited)
        XCTAssertEqual(Demand.max(Int.max) + 1, .unlimited, "an overflow is unlimited")
        XCTAssertEqual(Demand.max(3) - .max(1), .max(2))
        XCTAssertEqual(Demand.max(1) - .max(2), .none, "never below none")
        XCTAssertEqual(Demand.max(1) - 5, .none)
        XCTAssertEqual(Demand.unlimited - .max(5), .unlimited)
        XCTAssertEqual(Demand.unlimited - .unlimited, .unlimited)
        XCTAssertEqual(Demand.max(5) - .unlimited, .none)
        XCTAssertEqual(Demand.max(3) * 2, .max(6))
        XCTAssertEqual(Demand.unlimited * 2, .unlimited)
        var demand = Demand.max(1)
        demand += 1
        demand += .max(1)
        demand -= 1
        demand *= 3
        XCTAssertEqual(demand, .max(6))
        demand -= .max(10)
        XCTAssertEqual(demand, .none)
    }

    func test_demandComparisonsAndDescription() {
        XCTAssertEqual(Demand.none, .max(0))
        XCTAssert(Demand.max(0) == 0)
        XCTAssert(Demand.max(2) > 1)
        XCTAssert(Demand.max(2) != 3)
        XCTAssert(Demand.unlimited > Int.max)
        XCTAssert(Demand.unlimited != Int.max)
        XCTAssert(0 < Demand.max(1))
        XCTAssert(Demand.max(5) < .unlimited)
        XCTAssertEqual(Demand.max(4).max, 4)
        XCTAssertNil(Demand.unlimited.max)
        XCTAssertEqual("\(Demand.max(4)) \(Demand.unlimited)", "max(4) unlimited")
    }

    func test_demandEncodesAndDecodes() throws {
        let demands: [Demand] = [.none, .max(3), .unlimited]
        XCTAssertEqual(try JSONDecoder().decode([Demand].self, from: JSONEncoder().encode(demands)), demands)
    }

    func test_aPassthroughSubjectSendsNoMoreThanAsked() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneAtATime<Int>()
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subscriber.request(.max(1))
        subject.send(3)
        subject.send(4)
        XCTAssertEqual(subscriber.received, [1, 3], "values sent without demand are missed")
    }

    func test_aCurrentValueSubjectGivesTheLatestValueOnceAsked() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = OneAtATime<Int>()
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(subscriber.received, [0])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.received, [0, 2])
    }

    func test_theDemandASubscriberReturnsIsAdded() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneAtATime<Int>()
        subscriber.moreOnEachValue = .max(1)
        subject.subscribe(subscriber)
        for value in 1...3 { subject.send(value) }
        XCTAssertEqual(subscriber.received, [1, 2, 3])
    }

    func test_justAndFutureWaitForDemand() {
        let just = OneAtATime<String>(initial: .none)
        Just("Alice").subscribe(just)
        XCTAssertEqual(just.received, [])
        just.request(.max(1))
        XCTAssertEqual(just.received, ["Alice"])
        XCTAssertEqual(just.completions, ["finished"])

        let future = OneAtATime<Int>(initial: .none)
        Future<Int, Never> { $0(.success(1)) }.subscribe(future)
        XCTAssertEqual(future.received, [])
        future.request(.max(1))
        XCTAssertEqual(future.received, [1])
        XCTAssertEqual(future.completions, ["finished"])
    }

    func test_filterAsksUpstreamForAValueInPlaceOfEachItDrops() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = OneAtATime<Int>()
        subject.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        XCTAssertEqual(subscriber.received, [], "1 dropped, and one more asked for")
        subject.send(2)
        subject.send(4)
        XCTAssertEqual(subscriber.received, [2])
    }
}
