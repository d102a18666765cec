/// One HTTP/2 request as the endpoint received it: pseudo-headers split out, header names in
/// lower case (HTTP/2 requires it), the body as sent.
public struct APNsRequest: Equatable, Sendable {
    /// `:method`.
    public var method: String
    /// `:path`.
    public var path: String
    /// `:authority`: the host (and port) the client addressed, which names the APNs environment
    /// (`api.push.apple.com`, `api.sandbox.push.apple.com`); nil when it sent none.
    public var authority: String?
    /// Every other header, in the order received.
    public var headers: [(name: String, value: String)]
    /// The DATA frames' bytes.
    public var body: [UInt8]

    /// Makes a request.
    public init(method: String, path: String, authority: String? = nil, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.authority = authority
        self.headers = headers
        self.body = body
    }

    /// The host the client addressed: `:authority`, else a `host` header (some clients send that
    /// instead, as HTTP/2 allows).
    public var host: String? { authority ?? header("host") }

    /// The first value of header `name` (lower case), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// Whether some header is given more than once, names compared without regard to case
    /// (HTTP/2 sends them in lower case, but a name is the same header in any case). Pairwise,
    /// with no set built: a request has a handful of headers, and this runs for every one.
    public var repeatsAHeader: Bool {
        for later in headers.indices.dropFirst() {
            let name = headers[later].name.utf8
            for earlier in headers.indices[..<later] where name.count == headers[earlier].name.utf8.count
                && name.elementsEqual(headers[earlier].name.utf8, by: Self.sameLetter) { return true }
        }
        return false
    }

    /// Two bytes of a header name, equal when they are the same ASCII letter in either case.
    private static func sameLetter(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (a | 0x20 == b | 0x20 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(a | 0x20))
    }

    public static func == (a: APNsRequest, b: APNsRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.authority == b.authority && a.body == b.body
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }
}

extension APNsRequest: CustomStringConvertible {
    /// The request line, its header names and the body's size: short enough for a log or a test's name.
    public var description: String {
        "\(method) \(path) [\(headers.map(\.name).joined(separator: ", "))] \(body.count) bytes"
    }
}
