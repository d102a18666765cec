/// How `NSData` describes itself on iOS 13 and later, and so what `String(format: "%@", token as
/// CVarArg)` and `(token as NSData).description` show there: `{length = N, bytes = 0x…}`. Up to
/// 24 bytes, every byte in one run of hex (`{length = 5, bytes = 0x0102030405}`); past that the
/// first 16 and the last 8, in groups of four bytes, around ` ... `, and a space before the brace
/// (`{length = 32, bytes = 0x965b251c 6cb1926d e3cb366f dfb16ddd ... 5f857679 376eab7c }`). Here
/// it is the stand-in `Data`'s description and, with Foundation, what `%@` of a `Data` prints;
/// Linux's own `NSData` still describes itself as `<…>`.
enum NSDataDescription {
    static func text(of bytes: [UInt8]) -> String {
        guard bytes.count > 24 else { return "{length = \(bytes.count), bytes = 0x\(Hex.string(bytes))}" }
        func groups(_ part: ArraySlice<UInt8>) -> String {
            stride(from: part.startIndex, to: part.endIndex, by: 4).map { Hex.string(part[$0..<$0 + 4]) }.joined(separator: " ")
        }
        return "{length = \(bytes.count), bytes = 0x\(groups(bytes[0..<16])) ... \(groups(bytes[(bytes.count - 8)...])) }"
    }
}
