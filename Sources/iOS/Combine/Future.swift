// Future: a publisher of one result that comes later. Its closure runs once, at init, whether or
// not anyone subscribes; the first result given to the promise is kept, and every subscriber,
// early or late, gets it.

/// Runs `attemptToFulfill` once, at once, and sends its result to every subscriber.
public final class Future<Output, Failure: Error>: Publisher {
    /// What `attemptToFulfill` calls with the result; calls after the first are ignored.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private struct State {
        var result: Result<Output, Failure>?
        /// The subscriptions waiting for the result.
        var waiting: [ResultSubscription<Output, Failure>] = []
    }

    private let state = Locked(State())

    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { result in self.fulfil(result) }
    }

    private func fulfil(_ result: Result<Output, Failure>) {
        let waiting = state.withLock { state -> [ResultSubscription<Output, Failure>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiting = [] }
            return state.waiting
        }
        for subscription in waiting { subscription.fulfil(result) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = ResultSubscription(subscriber, result: nil)
        subscriber.receive(subscription: subscription)
        let result = state.withLock { state in
            if state.result == nil { state.waiting.append(subscription) }
            return state.result
        }
        if let result { subscription.fulfil(result) }
    }
}
