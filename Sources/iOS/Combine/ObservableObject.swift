// ObservableObject: an object with an `objectWillChange` publisher that fires before it changes.
// A class that declares none gets an ObservableObjectPublisher, which its `@Published` properties
// fire. Apple's compiler does not synthesize it: as in Apple's implementation, the default
// `objectWillChange` finds the object's `@Published` properties by reflection (Mirror, through
// the superclasses too) and links one publisher to them all, kept in their storage. An object
// without `@Published` properties keeps its publisher in a table, for as long as it lives, so
// that `objectWillChange.send()` reaches those who subscribed.

/// An object that publishes "about to change" before it changes.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never

    /// Fires before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher, fired by each of its `@Published` properties before it changes.
    public var objectWillChange: ObservableObjectPublisher {
        var publisher: ObservableObjectPublisher?
        var mirror: Mirror? = Mirror(reflecting: self)
        while let type = mirror {
            for child in type.children {
                guard let property = child.value as? any PublishedProperty else { continue }
                let found = publisher
                publisher = property.objectWillChange(orLinking: { found ?? ObservableObjectPublisher() })
            }
            mirror = type.superclassMirror
        }
        return publisher ?? ObjectsWithoutPublishedProperties.objectWillChange(of: self)
    }
}

extension ObservableObject {
    /// `objectWillChange`, if it is an ObservableObjectPublisher (the one `@Published` fires).
    var observableObjectPublisher: ObservableObjectPublisher? { objectWillChange as? ObservableObjectPublisher }
}

/// The `objectWillChange` of objects that have no `@Published` property to keep it in.
private enum ObjectsWithoutPublishedProperties {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// When the table has this many entries, those of objects that have gone are dropped.
        var sweepAt = 16
    }

    private static let table = Locked(Table())

    /// `object`'s publisher, the same for as long as it lives.
    static func objectWillChange(of object: AnyObject) -> ObservableObjectPublisher {
        table.withLock { table in
            let key = ObjectIdentifier(object)
            // An entry whose object has gone is not this object's, though it had the same address.
            if let entry = table.entries[key], entry.object === object { return entry.publisher }
            if table.entries.count >= table.sweepAt {
                table.entries = table.entries.filter { $0.value.object != nil }
                table.sweepAt = max(16, 2 * table.entries.count)
            }
            let publisher = ObservableObjectPublisher()
            table.entries[key] = Entry(object: object, publisher: publisher)
            return publisher
        }
    }
}
