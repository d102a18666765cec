import CLibFuzzer
import Glibc
import SoftphoneAPNs
import SoftphoneControl

/// libFuzzer's entry point: one input is a provider token (the text after `bearer `), checked as
/// token auth checks it: the JWT's three parts, each strictly base64url (`APNsBase64URL
/// .decodeUnpadded`), the header's and claims' JSON, the ES256 signature (`APNsTokenAuthority
/// .verify`), then its issue time (`timeRejection`). A refusal is an answer; a crash, a hang or
/// memory out of bounds is a finding, and so is a part that decodes without being its bytes' one
/// spelling (padding, the standard alphabet, stray bits): a strict verifier would refuse it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWT(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let token = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    for part in token.split(separator: ".", omittingEmptySubsequences: false) {
        if let bytes = APNsBase64URL.decodeUnpadded(part), APNsBase64URL.encode(bytes) != String(part) {
            fatalError("fuzz-jwt: \"\(part)\" decodes, but its bytes are written \"\(APNsBase64URL.encode(bytes))\"")
        }
    }
    if case .success(let issuedAt) = FuzzingKey.authority.verify(token) {
        _ = APNsTokenAuthority.timeRejection(issuedAt: issuedAt, now: 1_800_000_000)
    }
    // The same claims signed by the key verify, so the signature check is reached with them too.
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count >= 2, let claims = APNsBase64URL.decodeUnpadded(parts[1]) {
        let signed = FuzzingKey.authority.sign(issuedAtJSON: String(decoding: claims, as: UTF8.self))
        _ = FuzzingKey.authority.verify(signed)
    }
    return 0
}

/// The token key every input is checked against, made once in a folder of its own.
enum FuzzingKey {
    static let authority: APNsTokenAuthority = {
        do throws(ControlError) { return try APNsCredentials.temporaryAuthority(for: "fuzz-jwt") } catch {
            fatalError("fuzz-jwt: cannot make a token key: \(error.message)")
        }
    }()
}

/// Runs libFuzzer's driver over `fuzzJWT`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzJWTMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzJWT))
    }
}
