// @Published: a class's property that publishes its changes. `$property` is its publisher,
// which sends the current value to each new subscriber, then every new value before the property
// holds it (willSet order: in a sink, the property still reads the old value). In an
// ObservableObject, the object's `objectWillChange` fires before that. As in Apple's, the wrapper
// reaches its object through the `_enclosingInstance` subscript, so it works only in classes.

/// A property of a class that publishes each new value, and fires the object's `objectWillChange`.
@propertyWrapper
public struct Published<Value> {
    /// The property's value, its subscribers, and what else it fires and keeps.
    final class Storage {
        private struct Links {
            /// The object's `objectWillChange`, once known.
            var objectWillChange: ObservableObjectPublisher?
            /// The subscriptions of `assign(to: &$property)`, which last as long as the property.
            var assignments: [AnyCancellable] = []
        }

        let subscriptions: SubjectSubscriptions<Value, Never>
        private let links = Locked(Links())

        init(_ value: Value) { subscriptions = SubjectSubscriptions(current: value) }

        var value: Value { subscriptions.current }

        /// The object's `objectWillChange` first, then the subscribers get `value`, then it is stored.
        func publish(_ value: Value) {
            links.withLock { $0.objectWillChange }?.send()
            subscriptions.send(value, storingFirst: false)
        }

        var objectWillChange: ObservableObjectPublisher? { links.withLock { $0.objectWillChange } }

        /// The publisher fired before each change: the one already linked, else `candidate` from now on.
        func objectWillChange(orLinking candidate: () -> ObservableObjectPublisher) -> ObservableObjectPublisher {
            links.withLock { links in
                if let linked = links.objectWillChange { return linked }
                let publisher = candidate()
                links.objectWillChange = publisher
                return publisher
            }
        }

        func keep(_ assignment: AnyCancellable) { links.withLock { $0.assignments.append(assignment) } }
    }

    /// Shared by the copies of the wrapper, which Mirror makes.
    private var storage: Storage

    public init(wrappedValue: Value) { storage = Storage(wrappedValue) }

    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// `$property`: the property's publisher.
    public var projectedValue: Publisher {
        get { Publisher(storage) }
        set { storage = newValue.storage }
    }

    /// The property of `object`: reading gives the stored value; writing fires the object's
    /// `objectWillChange` (when it is an ObservableObjectPublisher), then the subscribers, then stores.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf, wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set {
            let storage = object[keyPath: storageKeyPath].storage
            if storage.objectWillChange == nil, let publisher = (object as? any ObservableObject)?.observableObjectPublisher {
                _ = storage.objectWillChange(orLinking: { publisher })
            }
            storage.publish(newValue)
        }
    }

    /// The publisher of a `@Published` property: its current value first, then each new value.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        let storage: Storage

        init(_ storage: Storage) { self.storage = storage }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.subscriptions.subscribe(subscriber)
        }
    }
}

/// What the default `objectWillChange` finds of a `@Published` property by reflection.
protocol PublishedProperty {
    /// The publisher the property fires before it changes: the one it has, else `candidate` from now on.
    func objectWillChange(orLinking candidate: () -> ObservableObjectPublisher) -> ObservableObjectPublisher
}

extension Published: PublishedProperty {
    func objectWillChange(orLinking candidate: () -> ObservableObjectPublisher) -> ObservableObjectPublisher {
        storage.objectWillChange(orLinking: candidate)
    }
}

extension Publisher where Failure == Never {
    /// Republishes every value through a `@Published` property (`assign(to: &$property)`): the
    /// property is set to each. The subscription lasts as long as the property's object.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        let sink = Subscribers.Sink<Output, Never>(receiveCompletion: { _ in }, receiveValue: { [weak storage] in storage?.publish($0) })
        storage.keep(AnyCancellable(sink))
        subscribe(sink)
    }
}
