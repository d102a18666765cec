// Publisher: what sends values over time to its subscribers, and the namespace of Apple's
// publisher types (`Publishers.Map`, …); the operators extend it in their own files.

/// Sends a sequence of values, then possibly a completion, to each subscriber that attaches.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches `subscriber`; app code calls `subscribe(_:)`, which calls this.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// The namespace of the publishers Apple's operators return.
public enum Publishers {}
