// Empty and Fail: publishers with no values, that finish at once (Empty) or fail at once (Fail),
// without waiting for demand, as a completion needs none.

/// Sends no value; finishes at once unless `completeImmediately` is false.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// Whether it finishes at once, or never.
    public let completeImmediately: Bool

    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

    /// An Empty of these types, which may be given with the types' names.
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately { subscriber.receive(completion: .finished) }
    }
}

/// Sends no value and fails at once with `error`.
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error every subscriber gets.
    public let error: Failure

    public init(error: Failure) { self.error = error }

    /// A Fail of this output type, which may be given with its name.
    public init(outputType: Output.Type, failure: Failure) { self.init(error: failure) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

extension Fail: Equatable where Failure: Equatable {}
