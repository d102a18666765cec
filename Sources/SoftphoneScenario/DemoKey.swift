/// The tour's own keys: what a presenter presses while `softphone demo` runs.
public enum DemoKey: Equatable, Sendable {
    /// Space: pause the tour, or go on.
    case pause
    /// `n`: on to the next flow.
    case next
    /// `q`: end the tour.
    case quit

    /// The tour's keys in bytes read from the terminal; other bytes mean nothing to the tour (the
    /// phone on the screen is driven by the scenarios, not by the keyboard).
    public static func keys(in bytes: [UInt8]) -> [DemoKey] {
        bytes.compactMap { byte in
            switch byte {
            case UInt8(ascii: " "): .pause
            case UInt8(ascii: "n"), UInt8(ascii: "N"): .next
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): .quit
            default: nil
            }
        }
    }
}
