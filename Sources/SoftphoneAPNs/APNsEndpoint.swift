import Glibc
import SoftphoneControl
import SoftphoneCore
import Synchronization

/// The phone's APNs endpoint (`--apns`): Apple's HTTP/2 provider API on one TCP port, h2c with
/// prior knowledge and TLS alike. It runs on threads of its own, one per core at most, and answers
/// every request there, as APNs does: a 200 means the push was accepted, not that it was
/// delivered. Each request it has judged then goes to `onRequests` (the main loop's mailbox), a
/// batch at a time; the phone takes an accepted push through the same path as `softphone push`
/// and calls `taken()`.
public final class APNsEndpoint: Sendable {
    /// Where it listens, with the port the system chose when 0 was asked for.
    public let address: APNsAddress
    /// The second port, for the production environment (`--apns-production`): with it, `address`
    /// is the development environment's. nil: one port, for the phone's own environment.
    public let productionAddress: APNsAddress?
    /// The certificate clients should trust (a self-signed one is its own CA).
    public let certificatePath: String
    /// The token-auth key's id, when requests must carry a provider token.
    public let keyID: String?
    let listener: Int32
    /// The production port's socket, or -1.
    let productionListener: Int32
    let tls: APNsTLSContext
    let authority: APNsTokenAuthority?
    let onRequests: @Sendable ([APNsExchange]) -> Void
    /// A one-line warning for the phone to show (TLS could not be set up).
    let onNotice: @Sendable (String) -> Void
    /// What the phone is now: its tokens and topics. Set by the main loop, read by the endpoint's thread.
    let deviceState: Locked<APNsDevice>
    /// Counts `update`s, so a connection re-reads the device only when it changed.
    let deviceVersion = Atomic<Int>(0)
    /// Accepted pushes handed to the phone that it has not taken yet.
    let waiting = Atomic<Int>(0)
    /// Most accepted pushes that may wait for the phone: past it APNs' `429 TooManyRequests`
    /// (too many requests to one device token), so a provider faster than the phone for long
    /// costs a bounded amount of memory, not all of it.
    let maximumWaiting: Int
    /// The phone's `maximumWaiting`.
    public static let defaultMaximumWaiting = 50_000
    /// How long a connection may go without a request before the endpoint closes it with a
    /// GOAWAY saying `IdleTimeout`, as APNs closes idle connections.
    let idleTimeoutNanoseconds: Int64
    /// The phone's idle timeout: Apple publishes none; an hour is what APNs clients commonly
    /// assume, and `--apns-idle-timeout` makes it short enough to rehearse a reconnect.
    public static let defaultIdleTimeoutSeconds = 3600.0
    /// The endpoint's threads; the first listens and deals the connections out in turn. Each
    /// after the first starts when it is dealt its first connection.
    let loops: [APNsServerLoop]
    /// Client connections open, over all threads.
    let openConnections = Atomic<Int>(0)
    /// Connections closed to make room at the limit, and for not finishing their handshake.
    let evictedConnections = Atomic<Int>(0)
    let unfinishedConnections = Atomic<Int>(0)
    /// When `onConnections` was last called (`CLOCK_MONOTONIC` nanoseconds), so a storm of
    /// connections is said once a second, not once per connection.
    let connectionsReported = Atomic<Int64>(Int64.min / 2)
    let onConnections: @Sendable (APNsConnectionFigures) -> Void
    /// Most connections at once, over all threads: each thread keeps its share, and at its share
    /// a new connection closes the one that has gone longest without a request (one still in its
    /// handshake first), so connections that send nothing cannot lock a provider out.
    public static let maximumConnections = 256
    /// How long a connection may take to begin HTTP/2 (h2c's preface, or TLS's handshake and then
    /// the preface) before it is closed: a provider does it in milliseconds.
    public static let handshakeTimeoutSeconds = 5.0
    /// `handshakeTimeoutSeconds`, or the idle timeout when that is shorter.
    let handshakeTimeoutNanoseconds: Int64
    /// The phone's number of threads: one per core, at most 4 (a provider rarely opens more
    /// connections than that at once, and the phone's own thread needs a core too).
    public static var defaultThreads: Int { max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Listens on `address` and serves from new threads, `threads` at most; with
    /// `productionAddress`, on that port too, for the production environment (and `address` is
    /// then the development environment's). `tls` holds the
    /// server's certificate; `authority` checks provider tokens (nil: requests need none); past
    /// `maximumWaiting` pushes the phone has not taken, 429; a connection idle for
    /// `idleTimeoutSeconds` is closed. Fails with one line naming the address and why.
    public init(
        address: APNsAddress, productionAddress: APNsAddress? = nil, tls: APNsTLSContext, authority: APNsTokenAuthority?, device: APNsDevice,
        maximumWaiting: Int = APNsEndpoint.defaultMaximumWaiting, idleTimeoutSeconds: Double = APNsEndpoint.defaultIdleTimeoutSeconds,
        threads: Int = APNsEndpoint.defaultThreads,
        onNotice: @escaping @Sendable (String) -> Void, onConnections: @escaping @Sendable (APNsConnectionFigures) -> Void = { _ in },
        onRequests: @escaping @Sendable ([APNsExchange]) -> Void
    ) throws(ControlError) {
        let main = try Self.openListener(on: address, flag: "--apns")
        listener = main.fd
        self.address = main.address
        if let productionAddress {
            let production: (fd: Int32, address: APNsAddress)
            do { production = try Self.openListener(on: productionAddress, flag: "--apns-production") } catch {
                close(main.fd)
                throw error
            }
            productionListener = production.fd
            self.productionAddress = production.address
        } else {
            productionListener = -1
            self.productionAddress = nil
        }
        self.tls = tls
        self.certificatePath = tls.certificatePath
        self.authority = authority
        self.keyID = authority?.keyID
        self.deviceState = Locked(device)
        self.maximumWaiting = maximumWaiting
        self.idleTimeoutNanoseconds = Int64(idleTimeoutSeconds * 1e9)
        self.handshakeTimeoutNanoseconds = min(Int64(Self.handshakeTimeoutSeconds * 1e9), idleTimeoutNanoseconds)
        self.onConnections = onConnections
        self.onRequests = onRequests
        self.onNotice = onNotice
        loops = (0..<max(1, threads)).map { APNsServerLoop(index: $0) }
        for loop in loops { loop.endpoint = self }
        try loops[0].start()
    }

    /// A listening socket on `address` (`flag` names it in errors), and the address with the port
    /// the system chose when 0 was asked for.
    private static func openListener(on address: APNsAddress, flag: String) throws(ControlError) -> (fd: Int32, address: APNsAddress) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw ControlError("\(flag) \(address): cannot create a socket: \(String(cString: strerror(errno)))") }
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
            throw ControlError("\(flag) \(address): cannot listen there: \(text); choose another port, or 0 for any free one")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, APNsAddress(host: address.host, port: Int(UInt16(bigEndian: socketAddress.sin_port))))
    }

    /// The phone's tokens changed (a reinstall): later requests are judged against `device`.
    public func update(_ device: APNsDevice) {
        deviceState.withLock { $0 = device }
        deviceVersion.add(1, ordering: .releasing)
    }

    /// The phone as requests are judged against now.
    public var device: APNsDevice { deviceState.withLock { $0 } }

    /// The device as of `version`, re-read only when an `update` came since (`known`).
    func device(after known: (version: Int, device: APNsDevice)?) -> (version: Int, device: APNsDevice) {
        let version = deviceVersion.load(ordering: .acquiring)
        if let known, known.version == version { return known }
        return (version, device)
    }

    /// Accepted pushes the phone has not taken yet.
    public var waitingPushes: Int { waiting.load(ordering: .relaxed) }

    /// The client connections now.
    public var connections: APNsConnectionFigures {
        APNsConnectionFigures(
            open: openConnections.load(ordering: .relaxed), limit: Self.maximumConnections,
            evicted: evictedConnections.load(ordering: .relaxed), unfinished: unfinishedConnections.load(ordering: .relaxed))
    }

    /// Says the figures to `onConnections` unless they were said less than a second before `now`;
    /// false when it is too soon (the caller says them once the second has passed).
    func reportConnections(now: Int64) -> Bool {
        let last = connectionsReported.load(ordering: .relaxed)
        guard now - last >= Self.connectionsReportNanoseconds,
              connectionsReported.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged else { return false }
        onConnections(connections)
        return true
    }

    /// Connection figures are said at most this often.
    static let connectionsReportNanoseconds: Int64 = 1_000_000_000

    /// Counts an accepted push as waiting for the phone; false when too many wait already.
    func admit() -> Bool {
        guard waiting.add(1, ordering: .relaxed).newValue > maximumWaiting else { return true }
        waiting.subtract(1, ordering: .relaxed)
        return false
    }

    /// The phone has taken an accepted push the endpoint handed it. Callable from any thread.
    public func taken() {
        waiting.subtract(1, ordering: .relaxed)
    }
}
