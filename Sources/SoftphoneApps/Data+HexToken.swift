import PushKit

extension Data {
    /// The push token as servers take it, two lower-case hex digits a byte (iOS rule 2), written
    /// as iOS apps write it: one small extension of their own.
    var hexToken: String { map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
}
