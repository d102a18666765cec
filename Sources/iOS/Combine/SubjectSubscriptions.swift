// The subscribers of a subject — PassthroughSubject, CurrentValueSubject, `@Published` and
// ObservableObjectPublisher — each with the demand it has left. One lock guards the subject's
// state and one each subscription's; neither is held while a subscriber runs, so a subscriber
// may send to the subject, subscribe or cancel from inside its sink.

final class SubjectSubscriptions<Output, Failure: Error> {
    private struct State {
        var subscriptions: [Conduit] = []
        var completion: Subscribers.Completion<Failure>?
        /// The value a new subscriber gets first (CurrentValueSubject, `@Published`); nil if none.
        var current: Output?
    }

    private let state: Locked<State>
    /// Whether a subscriber without demand gets the latest value once it asks (a current-value
    /// subject), or misses it (a pass-through one).
    private let keepsLatest: Bool

    /// A pass-through subject's subscribers.
    init() {
        state = Locked(State())
        keepsLatest = false
    }

    /// A current-value subject's subscribers, starting from `current`.
    init(current: Output) {
        state = Locked(State(current: current))
        keepsLatest = true
    }

    /// The current value of a current-value subject.
    var current: Output {
        guard let current = state.withLock({ $0.current }) else { preconditionFailure("a pass-through subject has no current value") }
        return current
    }

    /// Attaches `subscriber`: a subject that has completed hands it only its completion.
    func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(self, AnySubscriber(subscriber))
        let completion = state.withLock { state -> Subscribers.Completion<Failure>? in
            if let completion = state.completion { return completion }
            conduit.offer(state.current, keepingLatest: true)
            state.subscriptions.append(conduit)
            return nil
        }
        if let completion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
        } else {
            subscriber.receive(subscription: conduit)
        }
    }

    /// Sends `value` to every subscriber that has demand left. `storingFirst`: the current value
    /// becomes `value` before the subscribers get it (a subject's `send`), or after (`@Published`,
    /// whose subscribers get the new value while the property still holds the old one).
    func send(_ value: Output, storingFirst: Bool = true) {
        let subscriptions = state.withLock { state -> [Conduit]? in
            guard state.completion == nil else { return nil }
            if keepsLatest, storingFirst { state.current = value }
            return state.subscriptions
        }
        guard let subscriptions else { return }
        for subscription in subscriptions { subscription.offer(value, keepingLatest: keepsLatest) }
        if keepsLatest, !storingFirst { state.withLock { $0.current = value } }
    }

    /// Ends the subject: every subscriber gets `completion`, once; later sends do nothing.
    func send(completion: Subscribers.Completion<Failure>) {
        let subscriptions = state.withLock { state -> [Conduit] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            defer { state.subscriptions = [] }
            return state.subscriptions
        }
        for subscription in subscriptions { subscription.finish(completion) }
    }

    private func remove(_ conduit: Conduit) {
        state.withLock { $0.subscriptions.removeAll { $0 === conduit } }
    }

    /// One subscriber's subscription: its demand, and the value it is owed once it asks.
    final class Conduit: Subscription {
        private struct State {
            /// Nil once cancelled or completed.
            var downstream: AnySubscriber<Output, Failure>?
            var demand = Subscribers.Demand.none
            /// The latest value sent while the subscriber had no demand, for a current-value subject.
            var owed: Output?
        }

        private let state: Locked<State>
        /// The subject: a subscription keeps it alive, as Apple's do.
        private let subject: SubjectSubscriptions

        fileprivate init(_ subject: SubjectSubscriptions, _ downstream: AnySubscriber<Output, Failure>) {
            self.subject = subject
            state = Locked(State(downstream: downstream))
        }

        func request(_ demand: Subscribers.Demand) {
            let delivery = state.withLock { state -> (AnySubscriber<Output, Failure>, Output)? in
                guard let downstream = state.downstream else { return nil }
                state.demand += demand
                guard state.demand > 0, let owed = state.owed else { return nil }
                state.owed = nil
                state.demand -= 1
                return (downstream, owed)
            }
            if let (downstream, value) = delivery { deliver(value, to: downstream) }
        }

        /// Delivers `value` if the subscriber has demand; otherwise owes it (`keepingLatest`) or drops it.
        fileprivate func offer(_ value: Output?, keepingLatest: Bool) {
            guard let value else { return }
            let downstream = state.withLock { state -> AnySubscriber<Output, Failure>? in
                guard let downstream = state.downstream else { return nil }
                guard state.demand > 0 else {
                    if keepingLatest { state.owed = value }
                    return nil
                }
                state.demand -= 1
                state.owed = nil
                return downstream
            }
            if let downstream { deliver(value, to: downstream) }
        }

        private func deliver(_ value: Output, to downstream: AnySubscriber<Output, Failure>) {
            let more = downstream.receive(value)
            if more > 0 { request(more) }
        }

        fileprivate func finish(_ completion: Subscribers.Completion<Failure>) {
            takeDownstream()?.receive(completion: completion)
        }

        func cancel() {
            if takeDownstream() != nil { subject.remove(self) }
        }

        private func takeDownstream() -> AnySubscriber<Output, Failure>? {
            state.withLock { state in
                defer { state = State() }
                return state.downstream
            }
        }
    }
}
