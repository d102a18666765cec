// `removeDuplicates()`: no value equal to the one just before it. Each subscriber compares its
// own values: the previous one is kept per subscription.

extension Publishers {
    /// Sends each value of upstream unless `predicate(previous, value)` says it repeats the previous one.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var previous: Output?
            upstream.subscribe(subscriber, elementwise: { value in
                defer { previous = value }
                if let previous, predicate(previous, value) { return nil }
                return value
            })
        }
    }
}

extension Publisher where Output: Equatable {
    /// Drops each value equal to the one just before it.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> { removeDuplicates(by: ==) }
}

extension Publisher {
    /// Drops each value for which `predicate(previous, value)` is true.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}
