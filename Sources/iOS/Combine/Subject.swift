// Subject: a publisher that code sends values into (`PassthroughSubject`, `CurrentValueSubject`),
// and `subscribe(_:)` of a subject to another publisher, which forwards that publisher's values.

/// A publisher whose values are sent to it by `send(_:)`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to the subscribers.
    func send(_ value: Output)
    /// Ends the subject: the subscribers get `completion`, and nothing is sent after it.
    func send(completion: Subscribers.Completion<Failure>)
    /// The subject is subscribed to `subscription`'s publisher; it asks for every value.
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends the empty value.
    public func send() { send(()) }
}

extension Publisher {
    /// Sends this publisher's values and completion to `subject`, until the result is cancelled.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let forwarder = SubjectForwarder(subject)
        subscribe(forwarder)
        return AnyCancellable(forwarder)
    }
}

/// What `subscribe(subject)` attaches: forwards to the subject, and holds the subscription to cancel.
private final class SubjectForwarder<Downstream: Subject>: Subscriber, Cancellable {
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let subject: Downstream
    private let upstream = UpstreamSubscription()

    init(_ subject: Downstream) { self.subject = subject }

    func receive(subscription: any Subscription) {
        if upstream.attach(subscription) { subject.send(subscription: subscription) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if upstream.isAttached { subject.send(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if upstream.end() { subject.send(completion: completion) }
    }

    func cancel() { upstream.cancel() }
}
