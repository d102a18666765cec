// CurrentValueSubject: a subject with a value. A new subscriber gets the current value first; a
// subscriber with no demand left gets the latest value once it asks. `value` is already the new
// value when subscribers get it (unlike `@Published`). Thread-safe, as Apple's: any thread may
// send to it (Sendable when its values are).

/// A subject that holds a value and sends it to each new subscriber, then every change.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let subscriptions: SubjectSubscriptions<Output, Failure>

    /// A subject whose current value is `value`.
    public init(_ value: Output) {
        subscriptions = SubjectSubscriptions(current: value)
    }

    /// The current value; setting it sends it, as `send(_:)` does. After the completion,
    /// sending does nothing and the value stays as it was.
    public var value: Output {
        get { subscriptions.current }
        set { send(newValue) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriptions.subscribe(subscriber)
    }

    /// Makes `input` the current value, then sends it to the subscribers.
    public func send(_ input: Output) { subscriptions.send(input) }

    public func send(completion: Subscribers.Completion<Failure>) { subscriptions.send(completion: completion) }

    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
}

// Its state is behind its subscriptions' locks.
extension CurrentValueSubject: @unchecked Sendable where Output: Sendable, Failure: Sendable {}
