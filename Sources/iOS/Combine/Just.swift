// Just: a publisher of one value, then `.finished`, for each subscriber once it asks.

/// Sends one value to each subscriber, then finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value sent.
    public let output: Output

    public init(_ output: Output) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: ResultSubscription(subscriber, result: .success(output)))
    }
}

extension Just: Equatable where Output: Equatable {}
