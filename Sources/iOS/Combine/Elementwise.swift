// What `map`, `filter`, `compactMap`, `removeDuplicates` and `dropFirst` share: each value from
// upstream becomes one value for downstream, or none, in which case upstream is asked for one
// more in its place. Upstream's subscription goes to downstream as it is, so demand and
// cancellation pass straight through.

final class ElementwiseSubscriber<Downstream: Subscriber, Input>: Subscriber {
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let transform: (Input) -> Downstream.Input?

    init(_ downstream: Downstream, _ transform: @escaping (Input) -> Downstream.Input?) {
        self.downstream = downstream
        self.transform = transform
    }

    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let output = transform(input) else { return .max(1) }
        return downstream.receive(output)
    }

    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
}

extension Publisher {
    /// Attaches `downstream` through `transform`, which gives each value's replacement, or nil to drop it.
    func subscribe<D: Subscriber>(_ downstream: D, elementwise transform: @escaping (Output) -> D.Input?) where D.Failure == Failure {
        subscribe(ElementwiseSubscriber(downstream, transform))
    }
}
