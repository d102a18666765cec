// What `merge` and `combineLatest` share: several upstreams, one downstream. Each upstream is
// asked for every value; what downstream has not asked for yet waits (for merge every value, in
// order; for combineLatest only the latest combination), and one thread at a time delivers, so
// downstream is never called from two at once. It finishes once every upstream has finished, and
// fails at the first failure, cancelling the other upstreams.

final class FanIn<Output, Failure: Error>: Subscription {
    /// What waits for downstream's demand.
    enum Backlog {
        /// Every value, in order (merge).
        case every
        /// The latest value only (combineLatest).
        case latest
    }

    private struct State {
        /// Nil once completed or cancelled.
        var downstream: AnySubscriber<Output, Failure>?
        var upstreams: [(any Subscription)?]
        var demand = Subscribers.Demand.none
        var waiting: [Output] = []
        var finishedUpstreams = 0
        var completion: Subscribers.Completion<Failure>?
        /// Whether a thread is delivering: others leave what they bring to it.
        var delivering = false
    }

    /// What a delivering thread does next.
    private enum Next {
        case value(AnySubscriber<Output, Failure>, Output)
        case completion(AnySubscriber<Output, Failure>, Subscribers.Completion<Failure>)
        case nothing
    }

    private let state: Locked<State>
    private let backlog: Backlog

    init<S: Subscriber>(_ downstream: S, upstreams: Int, backlog: Backlog) where S.Input == Output, S.Failure == Failure {
        state = Locked(State(downstream: AnySubscriber(downstream), upstreams: Array(repeating: nil, count: upstreams)))
        self.backlog = backlog
    }

    /// Upstream `index` accepted: it is asked for every value (cancelled, if downstream has gone).
    func attach(_ subscription: any Subscription, at index: Int) {
        let live = state.withLock { state in
            guard state.downstream != nil else { return false }
            state.upstreams[index] = subscription
            return true
        }
        live ? subscription.request(.unlimited) : subscription.cancel()
    }

    /// Adds `value` to what waits for demand; `deliver()` afterwards, with no lock held.
    func enqueue(_ value: Output) {
        state.withLock { state in
            guard state.downstream != nil, state.completion == nil else { return }
            if case .latest = backlog { state.waiting.removeAll() }
            state.waiting.append(value)
        }
    }

    /// Upstream `index` finished or failed.
    func upstream(_ index: Int, completedWith completion: Subscribers.Completion<Failure>) {
        let others = state.withLock { state -> [any Subscription] in
            guard state.completion == nil else { return [] }
            state.upstreams[index] = nil
            switch completion {
            case .finished:
                state.finishedUpstreams += 1
                if state.finishedUpstreams == state.upstreams.count { state.completion = .finished }
                return []
            case .failure:
                state.completion = completion
                state.waiting.removeAll()
                defer { state.upstreams = state.upstreams.map { _ in nil } }
                return state.upstreams.compactMap { $0 }
            }
        }
        for subscription in others { subscription.cancel() }
        deliver()
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demand += demand }
        deliver()
    }

    func cancel() {
        let upstreams = state.withLock { state -> [any Subscription] in
            state.downstream = nil
            state.waiting.removeAll()
            defer { state.upstreams = state.upstreams.map { _ in nil } }
            return state.upstreams.compactMap { $0 }
        }
        for subscription in upstreams { subscription.cancel() }
    }

    /// Delivers what waits, as far as demand goes, then the completion once nothing waits.
    func deliver() {
        while true {
            let next = state.withLock { state -> Next in
                guard !state.delivering, let downstream = state.downstream else { return .nothing }
                if state.demand > 0, !state.waiting.isEmpty {
                    state.demand -= 1
                    state.delivering = true
                    return .value(downstream, state.waiting.removeFirst())
                }
                guard state.waiting.isEmpty, let completion = state.completion else { return .nothing }
                state.downstream = nil
                return .completion(downstream, completion)
            }
            switch next {
            case .value(let downstream, let value):
                let more = downstream.receive(value)
                state.withLock { state in
                    state.demand += more
                    state.delivering = false
                }
            case .completion(let downstream, let completion):
                downstream.receive(completion: completion)
                return
            case .nothing:
                return
            }
        }
    }
}

/// One upstream of a FanIn: hands it the subscription, each value (to `receiveValue`), the completion.
final class FanInSide<Input, Output, Failure: Error>: Subscriber {
    private let fanIn: FanIn<Output, Failure>
    private let index: Int
    private let receiveValue: (Input) -> Void

    init(_ fanIn: FanIn<Output, Failure>, index: Int, receiveValue: @escaping (Input) -> Void) {
        self.fanIn = fanIn
        self.index = index
        self.receiveValue = receiveValue
    }

    func receive(subscription: any Subscription) { fanIn.attach(subscription, at: index) }

    func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
        fanIn.deliver()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { fanIn.upstream(index, completedWith: completion) }
}
