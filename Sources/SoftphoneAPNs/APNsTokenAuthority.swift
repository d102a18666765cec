import COpenSSL
import Glibc
import SoftphoneControl
import SoftphoneCore

/// Token auth (`--apns-auth-key AuthKey_KEYID.p8 --apns-team TEAMID`): checks provider JWTs as
/// APNs does — ES256 with the key's id, issued by the team, signed by the key, at most an hour old.
///
/// `@unchecked Sendable`: the key is read once here and never changed; verifying with it from
/// the endpoint's thread only reads it.
public final class APNsTokenAuthority: @unchecked Sendable {
    /// The key id (`kid`) tokens must name.
    public let keyID: String
    /// The team id (`iss`) tokens must carry.
    public let teamID: String
    /// The key (`EVP_PKEY*`): its private half signs (`sign`, for test tokens), its public half verifies.
    let key: OpaquePointer
    /// A token older than this is expired (Apple: one hour).
    public static let lifetimeSeconds = 3600.0

    /// Reads the `.p8` at `path`; the key id is `keyID`, else the file name's (AuthKey_KEYID.p8).
    public init(path: String, teamID: String, keyID: String?) throws(ControlError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var fromName: String?
        if name.hasPrefix("AuthKey_"), name.hasSuffix(".p8") { fromName = String(name.dropFirst(8).dropLast(3)) }
        guard let id = keyID ?? fromName, !id.isEmpty else {
            throw ControlError("--apns-auth-key \(path): the key id is not in the file name (AuthKey_KEYID.p8); give it with --apns-key-id")
        }
        guard !teamID.isEmpty else { throw ControlError("--apns-team is empty; give your 10-character Apple team id") }
        guard let bio = BIO_new_file(path, "r") else {
            throw ControlError("--apns-auth-key \(path): cannot read it (\(String(cString: strerror(errno))))")
        }
        defer { BIO_free(bio) }
        guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else {
            throw ControlError("--apns-auth-key \(path): not a .p8 private key (PKCS#8 PEM) as Apple issues them (\(APNsOpenSSLError.drain()))")
        }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC, EVP_PKEY_get_bits(key) == 256 else {
            EVP_PKEY_free(key)
            throw ControlError("--apns-auth-key \(path): not a P-256 (ES256) key as Apple issues them")
        }
        self.key = key
        self.keyID = id
        self.teamID = teamID
    }

    deinit { EVP_PKEY_free(key) }

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
        guard let context = EVP_MD_CTX_new() else { return "" }
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
              let headerBytes = APNsBase64URL.decode(parts[0]), let claimsBytes = APNsBase64URL.decode(parts[1]),
              let signature = APNsBase64URL.decode(parts[2]), signature.count == 64,
              let header = try? JSON.parse(String(decoding: headerBytes, as: UTF8.self)),
              let claims = try? JSON.parse(String(decoding: claimsBytes, as: UTF8.self)) else { return .failure(invalid) }
        guard header["alg"]?.stringValue == "ES256", header["kid"]?.stringValue == keyID, claims["iss"]?.stringValue == teamID else {
            return .failure(invalid)
        }
        // Clients write iat as an integer, a float, or a string of digits.
        let issuedAt: Double
        switch claims["iat"] {
        case .number(let n)?: issuedAt = n
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
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        let verified = EVP_DigestVerify(context, derPointer, Int(length), input, input.count) == 1
        ERR_clear_error()
        return verified
    }
}
