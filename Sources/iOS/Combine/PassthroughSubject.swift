// PassthroughSubject: a subject that sends each value to the subscribers attached at that moment
// and keeps nothing: a later subscriber gets no earlier value, only the completion if it came.
// Thread-safe, as Apple's: any thread may send to it (Sendable when its values are).

/// A subject that relays values to its current subscribers, without a current value.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let subscriptions = SubjectSubscriptions<Output, Failure>()

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriptions.subscribe(subscriber)
    }

    /// Sends `input` to each subscriber that has demand left; the others miss it.
    public func send(_ input: Output) { subscriptions.send(input) }

    public func send(completion: Subscribers.Completion<Failure>) { subscriptions.send(completion: completion) }

    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
}

// Its state is behind its subscriptions' locks.
extension PassthroughSubject: @unchecked Sendable where Output: Sendable, Failure: Sendable {}
