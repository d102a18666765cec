// AnyCancellable as Apple documents it: it cancels once, when cancelled or deinitialized;
// `store(in:)` keeps it alive in a set or an array.
import Combine
import Foundation
import XCTest

final class CombineCancellableTests: XCTestCase {
    func test_anyCancellableCancelsOnceOnCancelOrDeinit() {
        var cancels = 0
        var dropped: AnyCancellable? = AnyCancellable { cancels += 1 }
        XCTAssertNotNil(dropped)
        dropped = nil
        XCTAssertEqual(cancels, 1)
        var cancelled: AnyCancellable? = AnyCancellable { cancels += 1 }
        cancelled?.cancel()
        cancelled?.cancel()
        cancelled = nil
        XCTAssertEqual(cancels, 2)
    }

    func test_droppingTheCancellableOfASinkEndsItsSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var subscription: AnyCancellable? = subject.sink { received.append($0) }
        subject.send(1)
        subscription = nil
        subject.send(2)
        XCTAssertEqual(received, [1])
        XCTAssertNil(subscription)
    }

    func test_storeInASetOrAnArrayKeepsTheSubscriptionAlive() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [String] = []
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        subject.sink { received.append("set \($0)") }.store(in: &set)
        subject.sink { received.append("array \($0)") }.store(in: &array)
        _ = subject.sink { received.append("dropped \($0)") }
        subject.send(1)
        XCTAssertEqual(received, ["set 1", "array 1"])
        set.removeAll()
        array.removeAll()
        subject.send(2)
        XCTAssertEqual(received, ["set 1", "array 1"])
    }

    func test_anyCancellablesAreEqualOnlyToThemselves() {
        let first = AnyCancellable {}
        let second = AnyCancellable {}
        var set: Set<AnyCancellable> = []
        first.store(in: &set)
        first.store(in: &set)
        second.store(in: &set)
        XCTAssertEqual(set.count, 2)
        XCTAssertEqual(first, first)
        XCTAssertNotEqual(first, second)
    }

    func test_aCancellableStoredAsAnyCancellableIsCancelledWithIt() {
        final class Registration: Cancellable {
            var cancelled = 0
            func cancel() { cancelled += 1 }
        }
        let registration = Registration()
        var set: Set<AnyCancellable> = []
        registration.store(in: &set)
        XCTAssertEqual(registration.cancelled, 0)
        set.removeAll()
        XCTAssertEqual(registration.cancelled, 1)
    }
}
