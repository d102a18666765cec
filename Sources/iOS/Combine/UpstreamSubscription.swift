// The one subscription from upstream that a subscriber holds (`sink`, `assign`,
// `subscribe(subject)`, `receive(on:)`, `handleEvents`): the first one is taken and any later one
// cancelled, it is cancelled at most once, and it is let go at the completion, so nothing is
// delivered after either.

final class UpstreamSubscription {
    private enum Status {
        case awaiting
        case attached(any Subscription)
        case ended
    }

    private let status = Locked(Status.awaiting)

    /// Takes `subscription` if it is the first; any other is cancelled, and false returned.
    func attach(_ subscription: any Subscription) -> Bool {
        let taken = status.withLock { status in
            guard case .awaiting = status else { return false }
            status = .attached(subscription)
            return true
        }
        if !taken { subscription.cancel() }
        return taken
    }

    /// Whether values may be delivered: attached, and neither completed nor cancelled.
    var isAttached: Bool { attached != nil }

    /// Asks the subscription for `demand`, unless it has ended.
    func request(_ demand: Subscribers.Demand) { attached?.request(demand) }

    /// The completion came: lets the subscription go. False if it had already ended.
    func end() -> Bool { take() != nil }

    /// Cancels the subscription, if there is one, after running `beforehand`, and ends. False if
    /// there was none (and `beforehand` was not run).
    @discardableResult
    func cancel(beforehand: () -> Void = {}) -> Bool {
        guard let subscription = take() else { return false }
        beforehand()
        subscription.cancel()
        return true
    }

    private var attached: (any Subscription)? {
        status.withLock { status in
            guard case .attached(let subscription) = status else { return nil }
            return subscription
        }
    }

    /// Ends, returning the subscription if there was one.
    private func take() -> (any Subscription)? {
        status.withLock { status in
            defer { status = .ended }
            guard case .attached(let subscription) = status else { return nil }
            return subscription
        }
    }
}
