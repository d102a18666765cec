/// The push token for one push type, as `PKPushCredentials` (iOS rules 1, 2).
public final class PKPushCredentials: NSObject {
    /// The token: binary, 32 bytes. Servers want it as 64 lower-case hex digits, byte by byte
    /// (`token.map { String(format: "%02x", $0) }.joined()`), never from `description`.
    public let token: Data
    /// The push type the token is for.
    public let type: PKPushType
    init(token: Data, type: PKPushType) {
        self.token = token
        self.type = type
    }
}
