import SoftphoneCore

/// Times in scenario files: a number and a unit, `250ms`, `1.5s`, `2m`.
public enum ScenarioTime {
    /// What a time looks like, for error messages.
    public static let accepted = "a number and a unit: 250ms, 1.5s, 2m"

    /// The longest a scenario may run on its clock, all its times added: far inside the 64-bit
    /// nanoseconds (292 years) of the phone's clock, with room for the phone's own timers after it.
    public static let limit: Duration = .seconds(100 * 365 * 86_400)
    /// `limit` in words, for the error.
    public static let limitText = "100 years"

    /// The time `text` writes, or nil when it is not one.
    public static func parse(_ text: String) -> Duration? {
        let units: [(suffix: String, nanoseconds: Int64)] = [("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000)]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return nil }
        let number = text.dropLast(unit.suffix.count)
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 6, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        var nanoseconds = Int64(whole)! * unit.nanoseconds
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 6, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
            var scale = unit.nanoseconds
            for digit in fraction {
                scale /= 10
                nanoseconds += Int64(digit.wholeNumberValue!) * scale
            }
        }
        return .nanoseconds(nanoseconds)
    }

    /// A time as a report shows it: seconds with up to three decimals, `75 s`, `1.5 s`, `0.25 s`.
    public static func format(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        let whole = milliseconds / 1000, fraction = abs(milliseconds % 1000)
        guard fraction != 0 else { return "\(whole) s" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits) s"
    }
}

extension Character {
    /// `0` to `9`, and nothing else (`isNumber` also takes other scripts' digits and fractions).
    /// By its one ASCII scalar: a range of Characters also holds a digit with a combining mark
    /// (`"0\u{0744}"` sorts between "0" and "9"), which no integer reads.
    var isASCIIDigit: Bool { asciiValue.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
}
