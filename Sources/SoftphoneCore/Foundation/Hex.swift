/// Hexadecimal text for bytes, two digits a byte, as servers expect push tokens (iOS rule 2).
public enum Hex {
    /// `bytes` as hex digits, two per byte.
    public static func string(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var out: [UInt8] = []
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of one hex digit (either case), or nil.
    public static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether `text` is what an APNs device path takes for a push token: 64 hex digits, of
    /// either case (iOS rule 2). Anything else is what APNs answers `BadDeviceToken` to.
    public static func isPushToken(_ text: String) -> Bool {
        // Over the bytes in place (the APNs endpoint checks a token for every request).
        var text = text
        return text.withUTF8 { bytes in bytes.count == 64 && bytes.allSatisfy { value(of: $0) != nil } }
    }

    /// A push token as the phone keeps it, in lower case: the same bytes whatever the case of
    /// the digits a server sent. Costs nothing for a token already in lower case.
    public static func canonicalPushToken(_ text: String) -> String {
        text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }) ? text.lowercased() : text
    }
}
