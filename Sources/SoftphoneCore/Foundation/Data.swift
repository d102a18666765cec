// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// A byte buffer, as Foundation's `Data`: PushKit hands the VoIP token over as one (iOS rule 2).
///
/// `description` prints as iOS 13 and later print an `NSData`, `{length = 32, bytes = 0x965b251c
/// … }`, so code that still strips `<`, `>` and spaces from it (the pre-iOS 13 habit) produces
/// the broken token a server would really receive.
public struct Data: RandomAccessCollection, MutableCollection, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByArrayLiteral
{
    private var storage: [UInt8]

    /// Empty data.
    public init() { storage = [] }
    /// Data holding `bytes`.
    public init(_ bytes: some Sequence<UInt8>) { storage = Array(bytes) }
    /// Data holding the literal's bytes.
    public init(arrayLiteral elements: UInt8...) { storage = elements }

    public var startIndex: Int { storage.startIndex }
    public var endIndex: Int { storage.endIndex }
    public subscript(position: Int) -> UInt8 {
        get { storage[position] }
        set { storage[position] = newValue }
    }

    /// Adds bytes at the end.
    public mutating func append(contentsOf bytes: some Sequence<UInt8>) { storage.append(contentsOf: bytes) }

    /// iOS 13's format, as `NSDataDescription` gives it.
    public var description: String { NSDataDescription.text(of: storage) }
}
#endif
