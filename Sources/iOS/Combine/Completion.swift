// Subscribers.Completion: how a publisher ends, normally or with its error. After it, the
// publisher sends nothing more.

extension Subscribers {
    /// The end of a publisher's values.
    public enum Completion<Failure: Error> {
        /// The publisher ended normally.
        case finished
        /// The publisher ended with an error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}
