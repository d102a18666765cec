import CLibFuzzer
import Glibc
import SoftphoneAPNs
import SoftphoneControl
import SoftphoneCore

/// libFuzzer's entry point: one input is what a client sends the APNs endpoint on one TCP
/// connection, after HTTP/2's preface (an input whose first byte is odd is sent without it, so
/// the sniffing of TLS, HTTP/1.1 and garbage is fuzzed too): raw frames, read by the endpoint's own
/// connection handling — the first-byte sniffing, nghttp2's session, the request's assembly from
/// HEADERS, CONTINUATION and DATA, Apple's checks, the replies, the connection's end. The endpoint
/// runs once, on its own thread, as the phone runs it; each input is one connection to it, half
/// closed once sent, read until the endpoint closes it. A crash on the endpoint's thread, a hang
/// (a connection it never closes) or memory out of bounds is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP2Frames(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: count))
    let withPreface = input.first.map { $0 & 1 == 0 } ?? true
    let bytes = (withPreface ? Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) : []) + input.dropFirst(input.isEmpty ? 0 : 1)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(Endpoint.shared.address.port).bigEndian)
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return 0 }
    var sent = 0
    while sent < bytes.count {
        let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
        if n <= 0 { break }
        sent += n
    }
    shutdown(fd, Int32(SHUT_WR))
    // Whatever the endpoint answers, until it closes the connection.
    var buffer = [UInt8](repeating: 0, count: 16384)
    while true {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 5000) > 0 else { fatalError("fuzz-http2-frames: the endpoint kept the connection open 5 s after its client finished") }
        if recv(fd, &buffer, buffer.count, 0) <= 0 { break }
    }
    return 0
}

/// The endpoint every input connects to: the phone's device, no token auth, on a port the system
/// chose; accepted pushes are taken at once, as the phone takes them.
enum Endpoint {
    static let shared: APNsEndpoint = {
        var template = Array("/tmp/softphone-fuzz-http2-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        do throws(ControlError) {
            let device = APNsDevice(bundleIdentifier: "com.example.voip", voipToken: String(repeating: "ab", count: 32), alertToken: String(repeating: "cd", count: 32))
            let tls = try APNsTLSContext(certificate: nil, key: nil, dataDirectory: folder)
            let taken = Locked<APNsEndpoint?>(nil)
            let endpoint = try APNsEndpoint(
                address: try APNsAddress.parse("0"), tls: tls, authority: nil, device: device, threads: 1, onNotice: { _ in },
                onRequests: { exchanges in
                    for exchange in exchanges { if case .accepted = exchange.verdict { taken.withLock { $0 }?.taken() } }
                })
            taken.withLock { $0 = endpoint }
            return endpoint
        } catch {
            fatalError("fuzz-http2-frames: cannot start the endpoint: \(error.message)")
        }
    }()
}

/// Runs libFuzzer's driver over `fuzzHTTP2Frames`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzHTTP2FramesMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzHTTP2Frames))
    }
}
