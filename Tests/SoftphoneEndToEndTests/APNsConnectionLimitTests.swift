import Glibc
import SoftphoneAPNs
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Connections that send nothing, held open against the endpoint: they cannot lock a provider
/// out, they are closed once their handshake time is over, and the phone says so.
@Suite("APNs endpoint, connections that send nothing", .serialized)
struct APNsConnectionLimitTests {
    /// A TCP connection to the endpoint that sends nothing; -1 when it could not be made.
    static func silentConnection(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    /// Whether the phone has closed `fd` (a read gives end of file), waiting up to `seconds`.
    static func closedByPhone(_ fd: Int32, within seconds: Double) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(seconds * 1000)) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) <= 0
    }

    @Test("past the limit of silent connections a provider still gets in; the silent ones are closed after their handshake time; apns.connections and state say so")
    func silentConnections() throws {
        let apns = try APNsEndpointTests.APNsPhone()
        defer { apns.quit() }
        let held = (0..<300).map { _ in Self.silentConnection(port: apns.port) }
        defer { for fd in held where fd >= 0 { close(fd) } }
        #expect(held.allSatisfy { $0 >= 0 })
        for _ in 0..<3 {
            let reply = try APNsEndpointTests.curl(
                ["--http2-prior-knowledge", "--max-time", "5"] + APNsEndpointTests.voipHeaders + ["-d", APNsEndpointTests.body, apns.h2c + apns.token])
            #expect(reply.status == 200)
        }
        let line = try #require(apns.phone.process.line(startingWith: "APNS connections", within: 5), "\(apns.phone.process.stderrText)")
        #expect(line.contains(" limit=256 "))
        let connections = try #require(try apns.phone.state()["apns"]?["connections"])
        #expect((connections["open"]?.numberValue ?? 999) <= 256)
        #expect((connections["evicted"]?.numberValue ?? 0) >= 44, "\(connections.text)")
        // The oldest silent connection made room; the newest is closed once its handshake time is over.
        #expect(Self.closedByPhone(held[0], within: 1))
        let start = PhoneProcess.now()
        #expect(Self.closedByPhone(held[299], within: APNsEndpoint.handshakeTimeoutSeconds + 3))
        #expect(PhoneProcess.now() - start > 1, "not before its handshake time")
        let event = try JSON.parse(try apns.phone.remote(["wait", "apns.connections", "--where", "open=0", "--timeout", "5"]).out)
        #expect((event["unfinished"]?.numberValue ?? 0) >= 200, "\(event.text)")
        #expect(event["evicted"] == connections["evicted"])
    }
}
