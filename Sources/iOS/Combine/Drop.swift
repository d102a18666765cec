// `dropFirst(_:)`: all but the first values; `$property.dropFirst()` skips the current value a
// `@Published` property sends on subscribing. Each subscription counts its own.

extension Publishers {
    /// Sends upstream's values after the first `count`.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "cannot drop a negative number of values")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var remaining = count
            upstream.subscribe(subscriber, elementwise: { value in
                guard remaining == 0 else {
                    remaining -= 1
                    return nil
                }
                return value
            })
        }
    }
}

extension Publisher {
    /// Drops the first `count` values.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}
