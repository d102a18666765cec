import CLibFuzzer
import Glibc
import SoftphoneAPNs
import SoftphoneControl

/// libFuzzer's entry point: one input is one provider request as the endpoint assembles it from
/// HTTP/2 frames, written as text — `METHOD PATH` on the first line, then `name: value` header
/// lines, an empty line, and the body — judged by Apple's checks (`APNsValidator.validate`), its
/// provider token by the ES256 check of a key made at start (`APNsTokenAuthority.verify`).
/// A refusal is an answer; only a crash, a hang or memory out of bounds is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNsRequest(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let blank = (0..<max(0, bytes.count - 1)).first { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A }
    let head = String(decoding: bytes[..<(blank ?? bytes.count)], as: UTF8.self)
    let body = blank.map { Array(bytes[($0 + 2)...]) } ?? []
    var lines = head.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let requestLine = lines.isEmpty ? [] : lines.removeFirst().split(separator: " ", maxSplits: 1).map(String.init)
    let headers = lines.map { line -> (name: String, value: String) in
        guard let colon = line.firstIndex(of: ":") else { return (line, "") }
        return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
    }
    let request = APNsRequest(method: requestLine.first ?? "", path: requestLine.dropFirst().first ?? "", headers: headers, body: body)
    _ = APNsValidator.validate(request, device: Fuzzing.device, authorize: nil, certificateTopic: "com.example.voip")
    _ = APNsValidator.validate(request, device: Fuzzing.device, authorize: Fuzzing.authorize)
    return 0
}

/// What every input is judged against: the phone's device, and a provider-token check.
enum Fuzzing {
    static let device = APNsDevice(
        bundleIdentifier: "com.example.voip", voipToken: String(repeating: "ab", count: 32), alertToken: String(repeating: "cd", count: 32),
        retiredTokens: [String(repeating: "ef", count: 32): 1_767_225_600_000])

    /// A token key made once, in a folder of its own, for `verify`.
    static let authority: APNsTokenAuthority = {
        do throws(ControlError) { return try APNsCredentials.temporaryAuthority(for: "fuzz-apns") } catch {
            fatalError("fuzz-apns-request: cannot make a token key: \(error.message)")
        }
    }()

    /// The `authorization` header's check, as token auth makes it (without the per-connection cache).
    static func authorize(_ header: String?) -> APNsRejection? {
        guard let header, header.hasPrefix("bearer ") else { return APNsRejection(403, "MissingProviderToken") }
        if case .failure(let rejection) = authority.verify(String(header.dropFirst(7))) { return rejection }
        return nil
    }
}

/// Runs libFuzzer's driver over `fuzzAPNsRequest`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzAPNsRequestMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzAPNsRequest))
    }
}
