// `merge(with:)`: the values of two publishers of the same type, as they come; it finishes when
// both have finished, and fails when either fails.

extension Publishers {
    /// Sends the values of `a` and `b` as each sends them.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn(subscriber, upstreams: 2, backlog: .every)
            subscriber.receive(subscription: fanIn)
            a.subscribe(FanInSide(fanIn, index: 0, receiveValue: fanIn.enqueue))
            b.subscribe(FanInSide(fanIn, index: 1, receiveValue: fanIn.enqueue))
        }
    }
}

extension Publisher {
    /// This publisher's values and `other`'s, as each sends them.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}
