// `handleEvents(…)`: closures run on each event of a subscription — its start, every value, the
// completion, a cancellation, each request — for logging and side effects; the events themselves
// pass through unchanged.

extension Publishers {
    /// Runs closures on upstream's events and passes the events on.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public var receiveSubscription: ((any Subscription) -> Void)?
        public var receiveOutput: ((Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        public init(
            upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(EventHandler(subscriber, events: self))
        }
    }
}

extension Publisher {
    /// Runs the given closures on this publisher's events, which pass through unchanged.
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput, receiveCompletion: receiveCompletion,
            receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}

private final class EventHandler<Downstream: Subscriber, Upstream: Publisher>: Subscriber, Subscription
where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let events: Publishers.HandleEvents<Upstream>
    private let upstream = UpstreamSubscription()

    init(_ downstream: Downstream, events: Publishers.HandleEvents<Upstream>) {
        self.downstream = downstream
        self.events = events
    }

    func receive(subscription: any Subscription) {
        events.receiveSubscription?(subscription)
        if upstream.attach(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        events.receiveOutput?(input)
        let more = downstream.receive(input)
        if more > 0 { events.receiveRequest?(more) }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        events.receiveCompletion?(completion)
        if upstream.end() { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
        events.receiveRequest?(demand)
        upstream.request(demand)
    }

    func cancel() {
        upstream.cancel(beforehand: { events.receiveCancel?() })
    }
}
