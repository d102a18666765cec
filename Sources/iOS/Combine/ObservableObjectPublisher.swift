// ObservableObjectPublisher: the `objectWillChange` publisher of an ObservableObject, which sends
// an empty value before each change; `@Published` properties send it for their object. Thread-safe,
// as Apple's subjects are.

/// A publisher of empty values that `send()` fires: "the object is about to change".
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    // Its only state, behind their locks.
    private let subscriptions = SubjectSubscriptions<Void, Never>()

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subscriptions.subscribe(subscriber)
    }

    /// Tells the subscribers that the object is about to change.
    public func send() { subscriptions.send(()) }
}
