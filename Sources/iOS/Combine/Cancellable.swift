// Cancellable and AnyCancellable: what keeps a subscription alive and what stops it. An
// AnyCancellable cancels once, when it is cancelled or deinitialized, whichever comes first; app
// code keeps its subscriptions alive by storing them (`store(in: &cancellables)`).

/// Something that can be stopped, such as a subscription.
public protocol Cancellable {
    /// Stops the activity; calling it again does nothing.
    func cancel()
}

/// A type-erased cancellable that cancels when it is deinitialized.
public final class AnyCancellable: Cancellable, Hashable {
    /// What `cancel()` runs, once; nil afterwards.
    private let canceller: Locked<(() -> Void)?>

    /// Runs `cancel` when cancelled or deinitialized, whichever comes first.
    public init(_ cancel: @escaping () -> Void) {
        canceller = Locked(cancel)
    }

    /// Cancels `canceller` when cancelled or deinitialized, whichever comes first.
    public init<C: Cancellable>(_ canceller: C) {
        self.canceller = Locked(canceller.cancel)
    }

    deinit { cancel() }

    public func cancel() {
        let cancel = canceller.withLock { canceller in
            defer { canceller = nil }
            return canceller
        }
        cancel?()
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension AnyCancellable {
    /// Keeps this cancellable alive in `collection` (an array of them).
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Keeps this cancellable alive in `set`.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }
}

extension Cancellable {
    /// Keeps this cancellable alive in `collection`, as an `AnyCancellable`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Keeps this cancellable alive in `set`, as an `AnyCancellable`.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}
