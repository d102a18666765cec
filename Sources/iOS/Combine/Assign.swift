// Subscribers.Assign and `assign(to:on:)`: writes every value to a property of an object, as
// Apple's does. It holds the object strongly until the completion or cancellation.

extension Subscribers {
    /// Asks for unlimited values and writes each to `object[keyPath: keyPath]`.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
        public typealias Failure = Never

        private let upstream = UpstreamSubscription()
        private let root: Locked<Root?>
        /// The property written.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            root = Locked(object)
            self.keyPath = keyPath
        }

        /// The object written to; nil once the subscriber has completed or been cancelled.
        public var object: Root? { root.withLock { $0 } }

        public var description: String { "Assign \(Root.self)." }

        public func receive(subscription: any Subscription) {
            if upstream.attach(subscription) { subscription.request(.unlimited) }
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            if upstream.isAttached, let object { object[keyPath: keyPath] = value }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            if upstream.end() { release() }
        }

        public func cancel() {
            upstream.cancel()
            release()
        }

        private func release() { root.withLock { $0 = nil } }
    }
}

extension Publisher where Failure == Never {
    /// Writes every value to `object[keyPath: keyPath]`, until the returned cancellable is cancelled.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}
