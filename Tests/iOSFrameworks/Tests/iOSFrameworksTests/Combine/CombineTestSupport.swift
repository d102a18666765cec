// What the Combine tests share: an error to fail with, completions as text, and a main run loop
// turned until something has happened.
import Combine
import Foundation
import XCTest

enum CallError: Error, Equatable {
    case dropped
}

extension Subscribers.Completion {
    /// "finished", or "failure(ERROR)".
    var text: String {
        switch self {
        case .finished: "finished"
        case .failure(let error): "failure(\(error))"
        }
    }
}

/// Turns the main run loop until `condition` holds, for at most `timeout` seconds; false if it never did.
@discardableResult
func runMainLoop(until condition: () -> Bool, timeout: TimeInterval = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        RunLoop.main.run(until: Date().addingTimeInterval(0.01))
    }
    return true
}

/// A subscriber that asks for one value at a time, when told to.
final class OneAtATime<Input>: Subscriber {
    typealias Failure = Never

    private(set) var subscription: (any Subscription)?
    private(set) var received: [Input] = []
    private(set) var completions: [String] = []
    /// What `receive(_:)` asks for on top of what was asked.
    var moreOnEachValue = Subscribers.Demand.none

    /// Asks for `initial` at once.
    let initial: Subscribers.Demand

    init(initial: Subscribers.Demand = .max(1)) { self.initial = initial }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        received.append(input)
        return moreOnEachValue
    }

    func receive(completion: Subscribers.Completion<Never>) { completions.append(completion.text) }

    func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }
}
