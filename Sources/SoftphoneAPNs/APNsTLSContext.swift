import COpenSSL
import Glibc
import SoftphoneControl
import SoftphoneCore

/// The endpoint's TLS set-up: TLS 1.2 and 1.3, the server certificate and key, ALPN `h2`.
///
/// The `SSL_CTX` is made on the first TLS connection, not at start: OpenSSL's set-up (its
/// providers and algorithm tables) costs resident memory, which a phone whose clients speak h2c,
/// or that is never pushed to, should not pay (docs/performance.md). The files are checked at start.
///
/// Sendable: made on the main thread, then used by the endpoint's threads, which make the
/// `SSL_CTX` under the lock of `state` (OpenSSL lets any thread use it once made).
public final class APNsTLSContext: Sendable {
    /// The `SSL_CTX` once made; whether OpenSSL refused the files (it is then not asked again).
    private struct State {
        var made: OpaquePointer?
        var refused = false
    }
    private let state = Locked(State())
    /// The certificate (PEM) clients should trust.
    public let certificatePath: String
    private let keyPath: String
    /// Whether the phone made the certificate itself.
    public let isSelfSigned: Bool

    /// The certificate and key in `certificate`/`key` (PEM), or, with neither, a self-signed one for
    /// localhost and 127.0.0.1 in `dataDirectory` (made on first use, kept for later runs so a
    /// client configured to trust it keeps working). Fails with one line naming the file and why.
    public init(certificate: String?, key: String?, dataDirectory: String) throws(ControlError) {
        if let certificate, let key {
            (certificatePath, keyPath) = (certificate, key)
            isSelfSigned = false
            try Self.check(certificate, flag: "--apns-cert", holds: "CERTIFICATE", what: "a PEM certificate")
            try Self.check(key, flag: "--apns-cert-key", holds: "PRIVATE KEY", what: "a PEM private key")
        } else if certificate != nil || key != nil {
            throw ControlError("--apns-cert and --apns-cert-key go together: give both (PEM files), or neither for a self-signed certificate")
        } else {
            // Absolute, as `softphone state` shows it: clients run from other folders.
            var folder = dataDirectory
            if !folder.hasPrefix("/"), let here = getcwd(nil, 0) {
                folder = String(cString: here) + "/" + folder
                free(here)
            }
            certificatePath = folder + "/apns-localhost-cert.pem"
            keyPath = folder + "/apns-localhost-key.pem"
            isSelfSigned = true
            if access(certificatePath, R_OK) != 0 || access(keyPath, R_OK) != 0 {
                try APNsCredentials.writeSelfSigned(certificate: certificatePath, key: keyPath, folder: folder)
            }
        }
    }

    /// Checks that `path` is readable and holds a PEM block of `label`, without OpenSSL.
    private static func check(_ path: String, flag: String, holds label: String, what: String) throws(ControlError) {
        guard let file = fopen(path, "r") else {
            throw ControlError("\(flag) \(path): cannot read it (\(String(cString: strerror(errno))))")
        }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = fread(&buffer, 1, buffer.count, file)
        let marker = Array("-----BEGIN ".utf8)
        let text = buffer[0..<count]
        var found = false
        var i = text.startIndex
        while let start = text[i...].firstIndex(of: marker[0]) {
            if text[start...].starts(with: marker) {
                let rest = text[(start + marker.count)...].prefix { $0 != UInt8(ascii: "-") }
                if rest.elementsEqual(Array(label.utf8)) || (label == "PRIVATE KEY" && rest.reversed().starts(with: Array("PRIVATE KEY".utf8).reversed())) {
                    found = true
                    break
                }
            }
            i = start + 1
        }
        guard found else { throw ControlError("\(flag) \(path): not \(what) (no -----BEGIN \(label)----- in it)") }
    }

    /// The `SSL_CTX`, made on first use; or why OpenSSL refused the files (the first time; an
    /// empty message after that).
    func context() -> Result<OpaquePointer, ControlError> {
        state.withLock { state in
            if let made = state.made { return SSLContextResult(result: .success(made)) }
            if state.refused { return SSLContextResult(result: .failure(ControlError(""))) }
            let result = makeContext()
            switch result {
            case .success(let context): state.made = context
            case .failure: state.refused = true
            }
            return SSLContextResult(result: result)
        }.result
    }

    /// A `context()` result, handed out of the lock (the pointer is OpenSSL's, safe to share).
    private struct SSLContextResult: @unchecked Sendable {
        let result: Result<OpaquePointer, ControlError>
    }

    /// A new `SSL_CTX` with the certificate, key and ALPN; or why OpenSSL refused the files.
    private func makeContext() -> Result<OpaquePointer, ControlError> {
        guard let context = SSL_CTX_new(TLS_server_method()) else {
            return .failure(ControlError("cannot set up TLS for --apns: \(APNsOpenSSLError.drain())"))
        }
        copenssl_ctx_set_min_proto_version(context, copenssl_tls1_2_version())
        copenssl_ctx_set_max_proto_version(context, copenssl_tls1_3_version())
        copenssl_ctx_set_mode(context, copenssl_mode_partial_writes())
        guard SSL_CTX_use_certificate_chain_file(context, certificatePath) == 1 else {
            let why = APNsOpenSSLError.drain()
            SSL_CTX_free(context)
            return .failure(ControlError("--apns-cert \(certificatePath): not a PEM certificate OpenSSL can use (\(why))"))
        }
        guard SSL_CTX_use_PrivateKey_file(context, keyPath, SSL_FILETYPE_PEM) == 1, SSL_CTX_check_private_key(context) == 1 else {
            let why = APNsOpenSSLError.drain()
            SSL_CTX_free(context)
            return .failure(ControlError("--apns-cert-key \(keyPath): not the PEM private key of \(certificatePath) (\(why))"))
        }
        // A client certificate is asked for and taken as it is: certificate auth identifies the
        // provider, it is not checked against a CA here.
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, { _, _ in 1 })
        SSL_CTX_set_alpn_select_cb(context, { _, out, outLength, offered, offeredLength, _ in
            guard let out, let outLength, let offered else { return copenssl_tlsext_alert_fatal() }
            // The client's list: length-prefixed names. h2 when offered; a list without it is refused.
            var i = 0
            while i < Int(offeredLength) {
                let length = Int(offered[i])
                if length == 2, i + 2 < Int(offeredLength), offered[i + 1] == UInt8(ascii: "h"), offered[i + 2] == UInt8(ascii: "2") {
                    out.pointee = offered + i + 1
                    outLength.pointee = 2
                    return copenssl_tlsext_ok()
                }
                i += 1 + length
            }
            return copenssl_tlsext_alert_fatal()
        }, nil)
        return .success(context)
    }

    deinit { state.withLock { if let made = $0.made { SSL_CTX_free(made) } } }
}
