// `receive(on:)`: values and the completion delivered by a scheduler — with DispatchQueue.main or
// RunLoop.main, later and on the main thread, never inline. The subscription and demand pass
// straight to upstream, as in Apple's; nothing is delivered after a cancellation.

extension Publishers {
    /// Delivers upstream's values and completion through `scheduler`.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ReceiveOnSubscriber(subscriber, scheduler: scheduler, options: options))
        }
    }
}

extension Publisher {
    /// Delivers values and the completion through `scheduler` (`DispatchQueue.main`, `RunLoop.main`).
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

private final class ReceiveOnSubscriber<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let upstream = UpstreamSubscription()

    init(_ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    func receive(subscription: any Subscription) {
        if upstream.attach(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        scheduler.schedule(options: options) { [self] in
            guard upstream.isAttached else { return }
            let more = downstream.receive(input)
            if more > 0 { upstream.request(more) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule(options: options) { [self] in
            if upstream.end() { downstream.receive(completion: completion) }
        }
    }

    func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

    func cancel() { upstream.cancel() }
}
