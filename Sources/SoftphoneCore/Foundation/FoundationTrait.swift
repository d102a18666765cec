// Built with the Foundation trait (app code written for iOS, on Linux's Foundation), Apple's
// names in this module take Foundation's values: `UUID`, `Data`, `Date`, `URL`, `Timer`,
// `DispatchQueue`, `NotificationCenter`, `UserDefaults` and `NSObject` are Foundation's and
// Dispatch's own, and the stand-ins beside this file are left out. Without the trait (the built-in
// phone) those stand-ins take their place, with the same members, and no Foundation is loaded.
#if SOFTPHONE_FOUNDATION
@_exported public import Foundation
@_exported public import Dispatch
// Foundation-based app code awaits CallKit on the main actor (the shipped phone never loads this).
@_exported public import _Concurrency

extension UUID {
    /// The sixteen bytes, most significant first.
    var bytes: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }

    /// A version-4 UUID from 128 random bits (the phone's generator draws them).
    init(randomHigh: UInt64, randomLow: UInt64) {
        let high = randomHigh & ~0xF000 | 0x4000  // version 4
        let low = randomLow & ~(0xC000_0000_0000_0000 as UInt64) | 0x8000_0000_0000_0000  // RFC 4122 variant
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        self.init(uuid: uuid)
    }
}
#else
/// The root class of Apple's classes, as Foundation's `NSObject`: app code derives its delegates
/// from it (`class ProviderDelegate: NSObject, CXProviderDelegate`). As there, `==` asks
/// `isEqual(_:)`, which by default is identity, and a subclass overrides it with `hash`.
open class NSObject: Hashable, CustomStringConvertible {
    public init() {}

    open func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
    open var hash: Int { ObjectIdentifier(self).hashValue }
    open var description: String { "<\(type(of: self))>" }
    /// Copies, for the classes that can be copied (they override these); others are their own copy.
    open func copy() -> Any { self }
    open func mutableCopy() -> Any { self }

    public static func == (a: NSObject, b: NSObject) -> Bool { a.isEqual(b) }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// A number as an object, as Foundation's `NSNumber`: a notification's badge is one.
public final class NSNumber: NSObject, ExpressibleByIntegerLiteral {
    public let intValue: Int

    public init(value: Int) { intValue = value }
    public init(integerLiteral value: Int) { intValue = value }

    public override func isEqual(_ object: Any?) -> Bool { (object as? NSNumber)?.intValue == intValue }
    public override var hash: Int { intValue.hashValue }
    public override var description: String { String(intValue) }
}
#endif
