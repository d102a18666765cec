import Glibc
import SoftphoneControl
import SoftphoneCore

/// The phone's APNs endpoint (`--apns`): Apple's HTTP/2 provider API on one TCP port, h2c with
/// prior knowledge and TLS alike. It runs on a thread of its own; each request it has judged goes
/// to `onRequest` (the main loop's mailbox), and an accepted push is answered when the main loop
/// calls `accept` — after the phone has taken it through the same path as `softphone push`.
public final class APNsEndpoint: Sendable {
    /// Where it listens, with the port the system chose when 0 was asked for.
    public let address: APNsAddress
    /// The certificate clients should trust (a self-signed one is its own CA).
    public let certificatePath: String
    /// The token-auth key's id, when requests must carry a provider token.
    public let keyID: String?
    let listener: Int32
    let wakeRead: Int32
    let wakeWrite: Int32
    let tls: APNsTLSContext
    let authority: APNsTokenAuthority?
    let onRequest: @Sendable (APNsExchange) -> Void
    /// A one-line warning for the phone to show (TLS could not be set up).
    let onNotice: @Sendable (String) -> Void
    /// What the phone is now: its tokens and topics. Set by the main loop, read by the endpoint's thread.
    let deviceState: Locked<APNsDevice>
    /// Accepted pushes the main loop has answered, for the endpoint's thread to send.
    let answers = Locked<[(APNsExchange.ID, String)]>([])

    /// Listens on `address` and serves from a new thread. `tls` holds the server's certificate;
    /// `authority` checks provider tokens (nil: requests need none). Fails with one line naming
    /// the address and why.
    public init(
        address: APNsAddress, tls: APNsTLSContext, authority: APNsTokenAuthority?, device: APNsDevice,
        onNotice: @escaping @Sendable (String) -> Void, onRequest: @escaping @Sendable (APNsExchange) -> Void
    ) throws(ControlError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw ControlError("--apns \(address): cannot create a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(address.port).bigEndian)
        inet_pton(AF_INET, address.host, &socketAddress.sin_addr)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let text = String(cString: strerror(errno))
            close(fd)
            throw ControlError("--apns \(address): cannot listen there: \(text); choose another port, or 0 for any free one")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.address = APNsAddress(host: address.host, port: Int(UInt16(bigEndian: socketAddress.sin_port)))
        self.listener = fd
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        self.tls = tls
        self.certificatePath = tls.certificatePath
        self.authority = authority
        self.keyID = authority?.keyID
        self.deviceState = Locked(device)
        self.onRequest = onRequest
        self.onNotice = onNotice
        try DetachedThread.start { [self] in APNsServerLoop(endpoint: self).run() }
    }

    /// The phone's tokens changed (a reinstall): later requests are judged against `device`.
    public func update(_ device: APNsDevice) {
        deviceState.withLock { $0 = device }
    }

    /// The phone as requests are judged against now.
    public var device: APNsDevice { deviceState.withLock { $0 } }

    /// Answers an accepted push: 200 with its `apns-id`. Callable from any thread.
    public func accept(_ id: APNsExchange.ID, apnsID: String) {
        // One wake-up for a batch: the endpoint's thread takes every queued answer when it wakes.
        let wasEmpty = answers.withLock { list in
            defer { list.append((id, apnsID)) }
            return list.isEmpty
        }
        guard wasEmpty else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }
}
