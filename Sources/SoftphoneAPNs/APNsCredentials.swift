import COpenSSL
import Glibc
import SoftphoneControl
import SoftphoneCore

/// Test credentials made with OpenSSL's API (never by running `openssl`): P-256 keys, a
/// self-signed certificate, a CA with a server certificate, a `.p8` token-auth key.
public enum APNsCredentials {
    /// A new P-256 key (`EVP_PKEY*`); the caller frees it.
    static func newKey() throws(ControlError) -> OpaquePointer {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else { throw ControlError("cannot make a key: \(APNsOpenSSLError.drain())") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) == 1,
              EVP_PKEY_keygen(context, &key) == 1, let key else {
            throw ControlError("cannot make a key: \(APNsOpenSSLError.drain())")
        }
        return key
    }

    /// A certificate for localhost and 127.0.0.1 with `key`, signed by `issuer` (nil: by itself).
    /// A self-signed one is marked as a CA, so clients can trust it as their CA file.
    static func certificate(
        commonName: String, key: OpaquePointer, issuer: (certificate: OpaquePointer, key: OpaquePointer)?, isCA: Bool, serverNames: Bool
    ) throws(ControlError) -> OpaquePointer {
        guard let certificate = X509_new() else { throw ControlError("cannot make a certificate: \(APNsOpenSSLError.drain())") }
        var generator = SystemRandomNumberGenerator()
        X509_set_version(certificate, 2)
        ASN1_INTEGER_set(X509_get_serialNumber(certificate), Int.random(in: 1...Int(Int32.max), using: &generator))
        X509_gmtime_adj(X509_getm_notBefore(certificate), -3600)
        X509_gmtime_adj(X509_getm_notAfter(certificate), 825 * 24 * 3600)
        X509_set_pubkey(certificate, key)
        let name = X509_get_subject_name(certificate)
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, commonName, -1, -1, 0)
        X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, "Softphone APNs endpoint (test only)", -1, -1, 0)
        X509_set_issuer_name(certificate, issuer.map { X509_get_subject_name($0.certificate) } ?? name)
        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuer?.certificate ?? certificate, certificate, nil, nil, 0)
        var extensions: [(Int32, String)] = [(NID_subject_key_identifier, "hash")]
        if isCA {
            extensions += [(NID_basic_constraints, "critical,CA:TRUE"), (NID_key_usage, "critical,digitalSignature,keyCertSign,cRLSign")]
        } else {
            extensions += [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature,keyEncipherment"), (NID_ext_key_usage, "serverAuth")]
        }
        if serverNames { extensions.append((NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1")) }
        for (nid, value) in extensions {
            guard let ext = X509V3_EXT_conf_nid(nil, &context, nid, value) else {
                X509_free(certificate)
                throw ControlError("cannot make a certificate: \(APNsOpenSSLError.drain())")
            }
            X509_add_ext(certificate, ext, -1)
            X509_EXTENSION_free(ext)
        }
        guard X509_sign(certificate, issuer?.key ?? key, EVP_sha256()) > 0 else {
            X509_free(certificate)
            throw ControlError("cannot sign a certificate: \(APNsOpenSSLError.drain())")
        }
        return certificate
    }

    /// Writes PEM text through `body` to `path`, readable by its owner only when `secret`.
    static func writePEM(_ path: String, secret: Bool, _ body: (OpaquePointer) -> Int32) throws(ControlError) {
        let oldMask = umask(secret ? 0o077 : 0o022)
        defer { umask(oldMask) }
        unlink(path)  // a file left by an earlier run may have another mode
        guard let bio = BIO_new_file(path, "w") else { throw ControlError("cannot write \(path): \(APNsOpenSSLError.drain())") }
        let written = body(bio)
        BIO_free(bio)
        guard written == 1 else { throw ControlError("cannot write \(path): \(APNsOpenSSLError.drain())") }
    }

    /// The self-signed certificate the phone uses when given none: `certificate` and `key` (PEM).
    static func writeSelfSigned(certificate path: String, key keyPath: String, folder: String) throws(ControlError) {
        var info = stat()
        // Its parents too: the fleet, which keeps no journal, may be the first to use the data dir.
        if stat(folder, &info) != 0 { try makeDirectories(folder, mode: 0o700) }
        let key = try newKey()
        defer { EVP_PKEY_free(key) }
        let certificate = try certificate(commonName: "localhost", key: key, issuer: nil, isCA: true, serverNames: true)
        defer { X509_free(certificate) }
        try writePEM(keyPath, secret: true) { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) }
        try writePEM(path, secret: false) { PEM_write_bio_X509($0, certificate) }
    }

    /// What `softphone apns-credentials DIR` wrote.
    public struct Written: Sendable {
        /// The CA certificate clients trust.
        public let ca: String
        /// The server's certificate (`--apns-cert`).
        public let certificate: String
        /// The server's private key (`--apns-cert-key`).
        public let key: String
        /// The token-auth key (`--apns-auth-key`), named AuthKey_KEYID.p8.
        public let authKey: String
        /// The key's id (also in its file name).
        public let keyID: String
        /// The team id the printed flags name (`--apns-team`).
        public let teamID: String
    }

    /// Writes a test CA, a server certificate it signed (localhost, 127.0.0.1) and a `.p8` key into `folder`.
    public static func write(into folder: String) throws(ControlError) -> Written {
        var info = stat()
        if stat(folder, &info) != 0, mkdir(folder, 0o700) != 0 {
            throw ControlError("\(ProgramName.current) apns-credentials: cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        let caKey = try newKey()
        defer { EVP_PKEY_free(caKey) }
        let ca = try certificate(commonName: "Softphone test CA", key: caKey, issuer: nil, isCA: true, serverNames: false)
        defer { X509_free(ca) }
        let serverKey = try newKey()
        defer { EVP_PKEY_free(serverKey) }
        let server = try certificate(commonName: "localhost", key: serverKey, issuer: (ca, caKey), isCA: false, serverNames: true)
        defer { X509_free(server) }
        let authKey = try newKey()
        defer { EVP_PKEY_free(authKey) }
        let keyID = randomID(), teamID = randomID()
        let written = Written(
            ca: folder + "/ca.pem", certificate: folder + "/server-cert.pem", key: folder + "/server-key.pem",
            authKey: folder + "/AuthKey_\(keyID).p8", keyID: keyID, teamID: teamID)
        try writePEM(written.ca, secret: false) { PEM_write_bio_X509($0, ca) }
        try writePEM(written.certificate, secret: false) { PEM_write_bio_X509($0, server) }
        try writePEM(written.key, secret: true) { PEM_write_bio_PrivateKey($0, serverKey, nil, nil, 0, nil, nil) }
        try writePEM(written.authKey, secret: true) { PEM_write_bio_PKCS8PrivateKey($0, authKey, nil, nil, 0, nil, nil) }
        return written
    }

    /// The token authority of a new key written into a new folder under /tmp named after `purpose`:
    /// what the fuzz targets check tokens against.
    public static func temporaryAuthority(for purpose: String) throws(ControlError) -> APNsTokenAuthority {
        var template = Array("/tmp/softphone-\(purpose)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ControlError("cannot make a folder under /tmp: \(String(cString: strerror(errno)))")
        }
        let written = try write(into: String(cString: made) + "/credentials")
        return try APNsTokenAuthority(path: written.authKey, teamID: written.teamID, keyID: written.keyID)
    }

    /// Ten upper-case letters and digits: the shape of Apple's key and team ids.
    static func randomID() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789".utf8)
        var generator = SystemRandomNumberGenerator()
        return String(decoding: (0..<10).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
    }
}
