// The subscription of a publisher with one result (`Just`, `Future`): once the result is known
// and the subscriber has asked for a value, it gets the value and `.finished`; a failure needs
// no demand. It delivers at most once.

final class ResultSubscription<Output, Failure: Error>: Subscription {
    private struct State {
        /// Nil once delivered or cancelled.
        var downstream: AnySubscriber<Output, Failure>?
        var requested = false
        var result: Result<Output, Failure>?
    }

    private let state: Locked<State>

    /// A subscription for `downstream`, whose result is `result`, or comes with `fulfil(_:)`.
    init<S: Subscriber>(_ downstream: S, result: Result<Output, Failure>?) where S.Input == Output, S.Failure == Failure {
        state = Locked(State(downstream: AnySubscriber(downstream), result: result))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        state.withLock { $0.requested = true }
        deliverIfReady()
    }

    /// The result is known.
    func fulfil(_ result: Result<Output, Failure>) {
        state.withLock { $0.result = result }
        deliverIfReady()
    }

    func cancel() { state.withLock { $0.downstream = nil } }

    private func deliverIfReady() {
        let ready = state.withLock { state -> (AnySubscriber<Output, Failure>, Result<Output, Failure>)? in
            guard let downstream = state.downstream, let result = state.result else { return nil }
            if case .success = result, !state.requested { return nil }
            state.downstream = nil
            return (downstream, result)
        }
        guard let (downstream, result) = ready else { return }
        switch result {
        case .success(let value):
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(error))
        }
    }
}
