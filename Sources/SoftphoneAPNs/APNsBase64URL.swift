/// Base64url without padding (RFC 7515), as JWTs are written; and base64 for PEM bodies.
/// `package`: the JWT fuzz target checks each part's one spelling with it, and a release build of
/// that target cannot use `@testable import`.
package enum APNsBase64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let chunk = Array(bytes[i..<min(i + 3, bytes.count)])
            let value = (UInt32(chunk[0]) << 16) | (UInt32(chunk.count > 1 ? chunk[1] : 0) << 8) | UInt32(chunk.count > 2 ? chunk[2] : 0)
            for j in 0..<(chunk.count + 1) { out.append(alphabet[Int((value >> (18 - 6 * UInt32(j))) & 0x3F)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A JWT part's bytes, or nil unless `text` is base64url as RFC 7515 writes it: only `A–Z a–z
    /// 0–9 - _`, no `=` padding, no length a base64 text cannot have, and no bits set past the last
    /// byte, so each byte string has exactly one spelling (a strict verifier refuses the others).
    package static func decodeUnpadded(_ text: Substring) -> [UInt8]? {
        let standard = Set("+/=".utf8)
        guard text.utf8.count % 4 != 1, !text.utf8.contains(where: standard.contains), let bytes = decode(text) else { return nil }
        let leftoverBits = (text.utf8.count * 6) % 8
        guard leftoverBits > 0 else { return bytes }
        guard let last = text.utf8.last.flatMap(sextet), last & UInt8((1 << leftoverBits) - 1) == 0 else { return nil }
        return bytes
    }

    private static func sextet(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"), UInt8(ascii: "+"): 62
        case UInt8(ascii: "_"), UInt8(ascii: "/"): 63
        default: nil
        }
    }

    /// The bytes, or nil when `text` is not base64 (either alphabet; padding is tolerated): a PEM
    /// body's decoder.
    static func decode(_ text: Substring) -> [UInt8]? {
        var bits: UInt32 = 0
        var count = 0
        var out: [UInt8] = []
        for c in text.utf8 where c != UInt8(ascii: "=") {
            guard let value = sextet(c) else { return nil }
            bits = (bits << 6) | UInt32(value)
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8((bits >> UInt32(count)) & 0xFF))
            }
        }
        return out
    }
}
