/// Where `--webhook` posts the app's server requests: an `http://` URL of the developer's own
/// server. Only plain HTTP: the server runs on this machine or its network, and TLS would need a
/// library the phone does not otherwise link.
public struct WebhookURL: Equatable, Sendable, CustomStringConvertible {
    public let host: String
    public let port: UInt16
    /// The request target, `/` when the URL has no path.
    public let path: String

    /// Parses `text`, or fails with one line naming the value and what is accepted.
    public init(_ text: String) throws(ControlError) {
        func bad(_ why: String) -> ControlError {
            ControlError("--webhook: \"\(text)\" \(why); give an http:// URL such as http://127.0.0.1:8080/softphone")
        }
        guard text.hasPrefix("http://") else {
            throw bad(text.hasPrefix("https://") ? "uses https, which is not supported" : "is not an http:// URL")
        }
        let rest = text.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        path = rest.count > authority.count ? String(rest.dropFirst(authority.count)) : "/"
        var hostPart = Substring(authority)
        var portValue: UInt16 = 80
        if hostPart.hasPrefix("[") {
            // An IPv6 literal: [::1]:8080
            guard let close = hostPart.firstIndex(of: "]") else { throw bad("has an unclosed [ in its host") }
            let after = hostPart[hostPart.index(after: close)...]
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
            if after.hasPrefix(":") {
                guard let port = UInt16(after.dropFirst()), port > 0 else { throw bad("has a port that is not 1–65535") }
                portValue = port
            } else if !after.isEmpty {
                throw bad("has text after its host")
            }
        } else if let colon = hostPart.lastIndex(of: ":") {
            guard let port = UInt16(hostPart[hostPart.index(after: colon)...]), port > 0 else {
                throw bad("has a port that is not 1–65535")
            }
            portValue = port
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { throw bad("has no host") }
        host = String(hostPart)
        port = portValue
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)\(path)"
    }
}
