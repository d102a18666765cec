import SoftphoneControl

/// Where the endpoint listens: `--apns [HOST:]PORT`. The host is 127.0.0.1 unless another is
/// asked for: a phone should not be reachable from the network by surprise.
public struct APNsAddress: Equatable, Sendable, CustomStringConvertible {
    /// An IPv4 address in dotted form.
    public var host: String
    /// 0 lets the system choose a free port (the endpoint then says which).
    public var port: Int

    /// Makes an address.
    public init(host: String = "127.0.0.1", port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `[HOST:]PORT`; `localhost` is 127.0.0.1. Fails with one line naming the value and
    /// what is accepted (`flag`: the option it was given to).
    public static func parse(_ text: String, flag: String = "--apns") throws(ControlError) -> APNsAddress {
        let usage = "\(flag) takes [HOST:]PORT, e.g. 2197 or 127.0.0.1:2197 or 0.0.0.0:2197 (HOST: an IPv4 address or localhost; PORT: 0 to 65535, 0 for any free one)"
        var host = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            let named = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            if named == "localhost" {
                host = "127.0.0.1"
            } else {
                let parts = named.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 4, parts.allSatisfy({ part in part.count <= 3 && UInt8(part) != nil }) else {
                    throw ControlError("\(flag) \"\(text)\": \"\(named)\" is not an IPv4 address; \(usage)")
                }
                host = named
            }
        }
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw ControlError("\(flag) \"\(text)\": \"\(portText)\" is not a port; \(usage)")
        }
        return APNsAddress(host: host, port: port)
    }

    public var description: String { "\(host):\(port)" }
}
