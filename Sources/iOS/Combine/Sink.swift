// Subscribers.Sink and `sink(receiveCompletion:receiveValue:)`: the subscriber app code attaches
// most, asking for every value and handing each to a closure. Its closures are let go at the
// completion or cancellation, so what they capture is released then.

extension Subscribers {
    /// Asks for unlimited values and passes each to `receiveValue`, the completion to `receiveCompletion`.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        private struct Handlers {
            let receiveValue: (Input) -> Void
            let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        }

        private let upstream = UpstreamSubscription()
        /// Nil once the sink has completed or been cancelled.
        private let handlers: Locked<Handlers?>

        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Input) -> Void) {
            handlers = Locked(Handlers(receiveValue: receiveValue, receiveCompletion: receiveCompletion))
        }

        public var description: String { "Sink" }

        public func receive(subscription: any Subscription) {
            if upstream.attach(subscription) { subscription.request(.unlimited) }
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            if upstream.isAttached, let receiveValue = handlers.withLock({ $0?.receiveValue }) { receiveValue(value) }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard upstream.end() else { return }
            takeHandlers()?.receiveCompletion(completion)
        }

        public func cancel() {
            upstream.cancel()
            _ = takeHandlers()
        }

        private func takeHandlers() -> Handlers? {
            handlers.withLock { handlers in
                defer { handlers = nil }
                return handlers
            }
        }
    }
}

extension Publisher {
    /// Attaches a sink: `receiveValue` gets every value, `receiveCompletion` the completion.
    /// The subscription lasts as long as the returned cancellable.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Attaches a sink that gets every value of a publisher that cannot fail.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
