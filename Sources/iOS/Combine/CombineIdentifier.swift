// CombineIdentifier: what tells subscribers and subscriptions apart. A class's is its identity;
// a struct subscriber makes a new one (`let combineIdentifier = CombineIdentifier()`).
import Synchronization

/// The source of `CombineIdentifier()`s, which are odd so that no object's address is one.
private let nextIdentifier = Atomic<UInt>(1)

/// A unique identifier of a subscriber or subscription.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private let value: UInt

    /// A new identifier, unequal to every other.
    public init() {
        value = nextIdentifier.wrappingAdd(2, ordering: .relaxed).oldValue
    }

    /// The identifier of `object`: equal for the same object.
    public init(_ object: AnyObject) {
        value = UInt(bitPattern: ObjectIdentifier(object))
    }

    public var description: String { "0x" + String(value, radix: 16) }
}

/// Something with a `CombineIdentifier`; classes have one by default, their identity.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
