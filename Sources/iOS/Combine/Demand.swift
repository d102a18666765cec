// Subscribers.Demand: how many values a subscriber asks for, `.unlimited` or `.max(n)`, with
// Apple's arithmetic: `.unlimited` absorbs every addition and subtraction, nothing goes below
// `.none`, and what would overflow is `.unlimited`.

extension Subscribers {
    /// A number of values asked for: `.unlimited`, or `.max(n)` with `n >= 0`.
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        /// `n` for `.max(n)`; one more than `Int.max` for `.unlimited`.
        private let rawValue: UInt

        private init(rawValue: UInt) { self.rawValue = rawValue }

        /// As many values as the publisher has.
        public static let unlimited = Demand(rawValue: UInt(Int.max) + 1)
        /// No values: `.max(0)`.
        public static let none = Demand(rawValue: 0)

        /// At most `value` values; `value` must not be negative.
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "a demand cannot be negative")
            return Demand(rawValue: UInt(value))
        }

        /// `n` for `.max(n)`; nil for `.unlimited`.
        public var max: Int? { self == .unlimited ? nil : Int(rawValue) }

        public var description: String { self == .unlimited ? "unlimited" : "max(\(rawValue))" }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(UInt.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// `.max(value)`, `.none` below zero, `.unlimited` beyond `Int.max`.
        private static func clamped(_ value: Int, overflow: Bool) -> Demand {
            overflow ? .unlimited : .max(Swift.max(0, value))
        }

        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            rhs == .unlimited ? .unlimited : lhs + Int(rhs.rawValue)
        }

        public static func + (lhs: Demand, rhs: Int) -> Demand {
            guard let count = lhs.max else { return .unlimited }
            let (sum, overflow) = count.addingReportingOverflow(rhs)
            return clamped(sum, overflow: overflow)
        }

        /// `.unlimited` minus anything is `.unlimited`; anything else minus `.unlimited` is `.none`.
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard lhs != .unlimited else { return .unlimited }
            return rhs == .unlimited ? .none : lhs - Int(rhs.rawValue)
        }

        public static func - (lhs: Demand, rhs: Int) -> Demand {
            guard let count = lhs.max else { return .unlimited }
            let (difference, overflow) = count.subtractingReportingOverflow(rhs)
            return clamped(difference, overflow: overflow)
        }

        public static func * (lhs: Demand, rhs: Int) -> Demand {
            guard let count = lhs.max else { return .unlimited }
            let (product, overflow) = count.multipliedReportingOverflow(by: rhs)
            return clamped(product, overflow: overflow)
        }

        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

        // Against a count: `.unlimited` is more than every `Int`.
        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
        public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }
        public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
        public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 < rhs } ?? false }
        public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 <= rhs } ?? false }
        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 > rhs } ?? true }
        public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 >= rhs } ?? true }
        public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
        public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
        public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
        public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
    }
}
