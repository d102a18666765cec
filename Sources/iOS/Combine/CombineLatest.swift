// `combineLatest(_:)`: once both publishers have sent a value, the latest of each, every time
// either sends. A subscriber without demand gets the latest pair once it asks. It finishes when
// both have finished, and fails when either fails.

extension Publishers {
    /// Sends the latest value of `a` with the latest of `b`, whenever either sends one.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn(subscriber, upstreams: 2, backlog: .latest)
            let latest = Locked<(A.Output?, B.Output?)>((nil, nil))
            // The pair is queued under the lock, so that pairs wait in the order the values came.
            subscriber.receive(subscription: fanIn)
            a.subscribe(FanInSide(fanIn, index: 0) { value in
                latest.withLock { latest in
                    latest.0 = value
                    if let other = latest.1 { fanIn.enqueue((value, other)) }
                }
            })
            b.subscribe(FanInSide(fanIn, index: 1) { value in
                latest.withLock { latest in
                    latest.1 = value
                    if let other = latest.0 { fanIn.enqueue((other, value)) }
                }
            })
        }
    }
}

extension Publisher {
    /// The latest value of this publisher with the latest of `other`, whenever either sends one.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// `transform` of the latest value of this publisher and the latest of `other`, whenever either sends one.
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }
}
