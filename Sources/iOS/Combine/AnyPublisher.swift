// AnyPublisher and `eraseToAnyPublisher()`: a publisher whose type hides what it is made of, as
// app code exposes `$calls.map(…)` chains without their long types.

/// A type-erased publisher: forwards each subscriber to the publisher it wraps.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    private let subscribeBody: (AnySubscriber<Output, Failure>) -> Void

    /// Wraps `publisher` (an `AnyPublisher` is taken as it is).
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
        } else {
            subscribeBody = { publisher.receive(subscriber: $0) }
        }
    }

    public var description: String { "AnyPublisher" }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeBody(AnySubscriber(subscriber))
    }
}

extension Publisher {
    /// This publisher, as an `AnyPublisher`.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}
