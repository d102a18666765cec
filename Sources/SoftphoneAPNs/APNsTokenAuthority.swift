import COpenSSL
import Glibc
import SoftphoneControl
import SoftphoneCore

/// Token auth (`--apns-auth-key AuthKey_KEYID.p8 --apns-team TEAMID`): checks provider JWTs as
/// APNs does — ES256 with the key's id, issued by the team, signed by the key, at most an hour old.
///
/// The file is read and checked at start (a PKCS#8 P-256 key, by its DER), but handed to OpenSSL
/// only when the first token is verified: OpenSSL's decoders and providers cost resident memory,
/// which a phone nobody pushes to should not pay (docs/performance.md).
public final class APNsTokenAuthority: Sendable {
    /// The key id (`kid`) tokens must name.
    public let keyID: String
    /// The team id (`iss`) tokens must carry.
    public let teamID: String
    /// The `.p8` file's text.
    private let pem: [UInt8]
    /// The key, once OpenSSL has read it: its private half signs (`sign`, for test tokens), its
    /// public half verifies.
    private let loaded = Locked<APNsKey?>(nil)
    /// A token older than this is expired (Apple: one hour).
    public static let lifetimeSeconds = 3600.0
    /// How far ahead of this machine's clock a provider's clock may run: a token issued further in
    /// the future is not valid, or it would never expire.
    public static let clockSkewSeconds = 60.0

    /// Whether a token issued at `issuedAt` may be used at `now` (seconds since 1970): nil when it
    /// may, 403 ExpiredProviderToken when it is over an hour old, 403 InvalidProviderToken when it
    /// is dated more than the allowed skew ahead (Apple's reason for a token that is not valid).
    /// `package`: the JWT fuzz target checks the times it verifies.
    package static func timeRejection(issuedAt: Double, now: Double) -> APNsRejection? {
        if issuedAt - now > clockSkewSeconds { return APNsRejection(403, "InvalidProviderToken") }
        if now - issuedAt > lifetimeSeconds { return APNsRejection(403, "ExpiredProviderToken") }
        return nil
    }

    /// Reads the `.p8` at `path`; the key id is `keyID`, else the file name's (AuthKey_KEYID.p8).
    public init(path: String, teamID: String, keyID: String?) throws(ControlError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var fromName: String?
        if name.hasPrefix("AuthKey_"), name.hasSuffix(".p8") { fromName = String(name.dropFirst(8).dropLast(3)) }
        guard let id = keyID ?? fromName, !id.isEmpty else {
            throw ControlError("--apns-auth-key \(path): the key id is not in the file name (AuthKey_KEYID.p8); give it with --apns-key-id")
        }
        guard !teamID.isEmpty else { throw ControlError("--apns-team is empty; give your 10-character Apple team id") }
        guard let file = fopen(path, "r") else {
            throw ControlError("--apns-auth-key \(path): cannot read it (\(String(cString: strerror(errno))))")
        }
        var buffer = [UInt8](repeating: 0, count: 16384)
        let count = fread(&buffer, 1, buffer.count, file)
        fclose(file)
        pem = Array(buffer[0..<count])
        guard Self.isP256PrivateKey(pem) else {
            throw ControlError("--apns-auth-key \(path): not a P-256 (ES256) private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----), as Apple issues .p8 keys")
        }
        self.keyID = id
        self.teamID = teamID
    }

    /// Whether `pem` is one PKCS#8 PEM block whose DER names an EC key on P-256 (OIDs 1.2.840.10045.2.1
    /// and 1.2.840.10045.3.1.7), checked without OpenSSL.
    static func isP256PrivateKey(_ pem: [UInt8]) -> Bool {
        let begin = Array("-----BEGIN PRIVATE KEY-----".utf8), end = Array("-----END PRIVATE KEY-----".utf8)
        guard let start = find(begin, in: pem[...]), let stop = find(end, in: pem[(start + begin.count)...]) else { return false }
        let body = pem[(start + begin.count)..<stop].filter { !($0 == 10 || $0 == 13 || $0 == 32 || $0 == 9) }
        guard let der = APNsBase64URL.decode(Substring(String(decoding: body, as: UTF8.self))) else { return false }
        let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
        let prime256v1: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        return find(ecPublicKey, in: der[...]) != nil && find(prime256v1, in: der[...]) != nil
    }

    private static func find(_ part: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard part.count <= bytes.count else { return nil }
        return (bytes.startIndex...(bytes.endIndex - part.count)).first { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// The key, read by OpenSSL on first use; nil when OpenSSL cannot read it.
    private func key() -> OpaquePointer? {
        loaded.withLock { key in
            if let key { return key.pointer }
            let pointer = pem.withUnsafeBytes { bytes -> OpaquePointer? in
                guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
                defer { BIO_free(bio) }
                return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
            }
            guard let pointer else {
                ERR_clear_error()
                return nil
            }
            key = APNsKey(pointer)
            return pointer
        }
    }

    /// A token as a provider makes it: `{"alg":"ES256","kid":…}.{"iss":…,"iat":…}`, signed.
    public func sign(issuedAt: Int, teamID: String? = nil, keyID: String? = nil) -> String {
        sign(issuedAtJSON: String(issuedAt), teamID: teamID, keyID: keyID)
    }

    /// A token whose `iat` is written as `issuedAtJSON` (`1700000000`, `1700000000.5`, `"1700000000"`):
    /// clients differ, and tests show each is taken.
    public func sign(issuedAtJSON: String, teamID: String? = nil, keyID: String? = nil) -> String {
        let header = APNsBase64URL.encode(Array("{\"alg\":\"ES256\",\"kid\":\"\(keyID ?? self.keyID)\"}".utf8))
        let claims = APNsBase64URL.encode(Array("{\"iss\":\"\(teamID ?? self.teamID)\",\"iat\":\(issuedAtJSON)}".utf8))
        let input = Array((header + "." + claims).utf8)
        guard let key = key(), let context = EVP_MD_CTX_new() else { return "" }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1,
              EVP_DigestSign(context, nil, &length, input, input.count) == 1 else { return "" }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, input, input.count) == 1 else { return "" }
        // DER → the raw r‖s JWS wants.
        var cursor: UnsafePointer<UInt8>? = der.withUnsafeBufferPointer { $0.baseAddress }
        let signature = der.withUnsafeBufferPointer { buffer -> [UInt8] in
            cursor = buffer.baseAddress
            guard let parsed = d2i_ECDSA_SIG(nil, &cursor, length) else { return [] }
            defer { ECDSA_SIG_free(parsed) }
            var raw = [UInt8](repeating: 0, count: 64)
            raw.withUnsafeMutableBufferPointer {
                _ = BN_bn2binpad(ECDSA_SIG_get0_r(parsed), $0.baseAddress, 32)
                _ = BN_bn2binpad(ECDSA_SIG_get0_s(parsed), $0.baseAddress! + 32, 32)
            }
            return raw
        }
        return header + "." + claims + "." + APNsBase64URL.encode(signature)
    }

    /// Checks a token's form, key id, team and signature; its issue time (seconds since 1970) when
    /// good, else the rejection (403 InvalidProviderToken). Its age is the caller's to check.
    public func verify(_ token: String) -> Result<Double, APNsRejection> {
        let invalid = APNsRejection(403, "InvalidProviderToken")
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerBytes = APNsBase64URL.decodeUnpadded(parts[0]), let claimsBytes = APNsBase64URL.decodeUnpadded(parts[1]),
              let signature = APNsBase64URL.decodeUnpadded(parts[2]), signature.count == 64,
              let header = try? JSON.parse(String(decoding: headerBytes, as: UTF8.self)),
              let claims = try? JSON.parse(String(decoding: claimsBytes, as: UTF8.self)) else { return .failure(invalid) }
        guard header["alg"]?.stringValue == "ES256", header["kid"]?.stringValue == keyID, claims["iss"]?.stringValue == teamID else {
            return .failure(invalid)
        }
        // Clients write iat as an integer, a float, or a string of digits.
        let issuedAt: Double
        switch claims["iat"] {
        case .number(let n)? where n.isFinite: issuedAt = n
        case .string(let s)?:
            guard let n = Double(s), n.isFinite else { return .failure(invalid) }
            issuedAt = n
        default: return .failure(invalid)
        }
        return verifySignature(signature, over: Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))) ? .success(issuedAt) : .failure(invalid)
    }

    /// ES256: raw r‖s turned into the DER OpenSSL verifies.
    private func verifySignature(_ raw: [UInt8], over input: [UInt8]) -> Bool {
        guard let signature = ECDSA_SIG_new() else { return false }
        defer { ECDSA_SIG_free(signature) }
        let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, 32, nil) }
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + 32, 32, nil) }
        guard ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return false
        }
        var derPointer: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &derPointer)
        guard length > 0, let derPointer else { return false }
        defer { CRYPTO_free(derPointer, #file, #line) }
        guard let key = key(), let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        let verified = EVP_DigestVerify(context, derPointer, Int(length), input, input.count) == 1
        ERR_clear_error()
        return verified
    }
}
