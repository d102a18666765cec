import COpenSSL
import Glibc
import SoftphoneControl

/// The endpoint's TLS set-up: TLS 1.2 and 1.3, the server certificate and key, ALPN `h2`.
///
/// `@unchecked Sendable`: the `SSL_CTX` is configured once here, on the main thread, and from
/// then on only the endpoint's thread uses it (SSL_new reads it, which OpenSSL allows from any thread).
public final class APNsTLSContext: @unchecked Sendable {
    /// The `SSL_CTX`.
    let context: OpaquePointer
    /// The certificate (PEM) clients should trust.
    public let certificatePath: String
    /// Whether the phone made the certificate itself (and where it said so).
    public let isSelfSigned: Bool

    /// The certificate and key in `certificate`/`key` (PEM), or, with neither, a self-signed one for
    /// localhost and 127.0.0.1 in `dataDirectory` (made on first use, kept for later runs so a
    /// client configured to trust it keeps working). Fails with one line naming the file and why.
    public init(certificate: String?, key: String?, dataDirectory: String) throws(ControlError) {
        var certificatePath: String
        var keyPath: String
        if let certificate, let key {
            (certificatePath, keyPath) = (certificate, key)
            isSelfSigned = false
        } else if certificate != nil || key != nil {
            throw ControlError("--apns-cert and --apns-cert-key go together: give both (PEM files), or neither for a self-signed certificate")
        } else {
            certificatePath = dataDirectory + "/apns-localhost-cert.pem"
            keyPath = dataDirectory + "/apns-localhost-key.pem"
            isSelfSigned = true
            if access(certificatePath, R_OK) != 0 || access(keyPath, R_OK) != 0 {
                try APNsCredentials.writeSelfSigned(certificate: certificatePath, key: keyPath, folder: dataDirectory)
            }
        }
        guard let context = SSL_CTX_new(TLS_server_method()) else {
            throw ControlError("cannot set up TLS for --apns: \(APNsOpenSSLError.drain())")
        }
        copenssl_ctx_set_min_proto_version(context, copenssl_tls1_2_version())
        copenssl_ctx_set_max_proto_version(context, copenssl_tls1_3_version())
        copenssl_ctx_set_mode(context, copenssl_mode_partial_writes())
        guard SSL_CTX_use_certificate_chain_file(context, certificatePath) == 1 else {
            let why = APNsOpenSSLError.drain()
            SSL_CTX_free(context)
            throw ControlError("--apns-cert \(certificatePath): not a PEM certificate this phone can use (\(why))")
        }
        guard SSL_CTX_use_PrivateKey_file(context, keyPath, SSL_FILETYPE_PEM) == 1, SSL_CTX_check_private_key(context) == 1 else {
            let why = APNsOpenSSLError.drain()
            SSL_CTX_free(context)
            throw ControlError("--apns-cert-key \(keyPath): not the PEM private key of \(certificatePath) (\(why))")
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
        self.context = context
        self.certificatePath = certificatePath
    }

    deinit { SSL_CTX_free(context) }
}
