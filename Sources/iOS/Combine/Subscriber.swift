// Subscriber and Subscription: the two sides of Apple's contract. A publisher hands its subscriber
// one subscription, the subscriber asks it for values (demand), and the publisher sends at most
// that many, then at most one completion.

/// Receives values and a completion from a publisher, after receiving its subscription.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    /// The publisher accepted the subscription; ask it for values with `request(_:)`.
    func receive(subscription: any Subscription)
    /// One value; returns how many more values the subscriber wants on top of what it asked for.
    func receive(_ input: Input) -> Subscribers.Demand
    /// The publisher finished, normally or with an error; nothing more comes.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives the empty value of a `Void` publisher.
    public func receive() -> Subscribers.Demand { receive(()) }
}

/// The link between a publisher and one subscriber: the subscriber asks for values through it
/// and cancels it to hear nothing more.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks for `demand` more values.
    func request(_ demand: Subscribers.Demand)
}

/// The namespace of Apple's subscription helpers.
public enum Subscriptions {
    /// A subscription that does nothing: what a publisher that has already finished hands out.
    public static var empty: any Subscription { EmptySubscription.shared }
}

/// `Subscriptions.empty`.
private final class EmptySubscription: Subscription, Sendable {
    static let shared = EmptySubscription()
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// The namespace of Apple's subscribers and their types (`Sink`, `Assign`, `Demand`, `Completion`).
public enum Subscribers {}

/// A type-erased subscriber: forwards to the subscriber it wraps, or to closures.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    public let combineIdentifier: CombineIdentifier
    private let receiveSubscriptionBody: ((any Subscription) -> Void)?
    private let receiveValueBody: ((Input) -> Subscribers.Demand)?
    private let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
    private let name: String

    /// Wraps `subscriber` (an `AnySubscriber` is taken as it is).
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = subscriber.combineIdentifier
        receiveSubscriptionBody = { subscriber.receive(subscription: $0) }
        receiveValueBody = { subscriber.receive($0) }
        receiveCompletionBody = { subscriber.receive(completion: $0) }
        name = String(describing: subscriber)
    }

    /// A subscriber made of closures; a missing `receiveValue` asks for nothing more.
    public init(
        receiveSubscription: ((any Subscription) -> Void)? = nil, receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = receiveSubscription
        receiveValueBody = receiveValue
        receiveCompletionBody = receiveCompletion
        name = "Anonymous AnySubscriber"
    }

    public var description: String { name }

    public func receive(subscription: any Subscription) { receiveSubscriptionBody?(subscription) }
    public func receive(_ input: Input) -> Subscribers.Demand { receiveValueBody?(input) ?? .none }
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody?(completion) }
}
