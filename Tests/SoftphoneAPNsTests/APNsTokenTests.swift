import Glibc
@testable import SoftphoneAPNs
import SoftphoneTestSupport
import Testing

/// Token auth without sockets: ES256 JWTs checked as APNs checks them, and the per-connection cache.
@Suite("APNs provider tokens")
struct APNsTokenTests {
    /// A fresh .p8 from `softphone apns-credentials`' own writer, and its authority.
    static func authority() throws -> APNsTokenAuthority {
        let folder = temporaryFolder()
        let written = try APNsCredentials.write(into: folder + "/credentials")
        return try APNsTokenAuthority(path: written.authKey, teamID: written.teamID, keyID: nil)
    }

    static let now = 1_800_000_000.0

    @Test("a good token verifies, with iat as an integer, a float or a string of digits")
    func good() throws {
        let authority = try Self.authority()
        #expect(authority.keyID.count == 10)
        for iat in ["1800000000", "1800000000.25", "\"1800000000\""] {
            #expect(authority.verify(authority.sign(issuedAtJSON: iat)) == .success(iat == "1800000000.25" ? 1_800_000_000.25 : 1_800_000_000))
        }
    }

    @Test("another key id, another team, another key, a broken token: 403 InvalidProviderToken")
    func invalid() throws {
        let authority = try Self.authority()
        let other = try Self.authority()
        let invalid = APNsRejection(403, "InvalidProviderToken")
        #expect(authority.verify(authority.sign(issuedAt: 1, keyID: "ABCDEFGHIJ")) == .failure(invalid))
        #expect(authority.verify(authority.sign(issuedAt: 1, teamID: "ABCDEFGHIJ")) == .failure(invalid))
        #expect(authority.verify(other.sign(issuedAt: 1, teamID: authority.teamID, keyID: authority.keyID)) == .failure(invalid))
        #expect(authority.verify("not.a.token") == .failure(invalid))
        #expect(authority.verify(authority.sign(issuedAtJSON: "\"soon\"")) == .failure(invalid))
        var token = Array(authority.sign(issuedAt: 1).utf8)
        token[token.count - 3] = token[token.count - 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(authority.verify(String(decoding: token, as: UTF8.self)) == .failure(invalid))
    }

    @Test("per connection: no bearer → MissingProviderToken; over an hour old → ExpiredProviderToken; a new token within 20 minutes → 429")
    func cache() throws {
        let authority = try Self.authority()
        var cache = APNsTokenCache()
        let now = Self.now
        #expect(cache.check(nil, authority: authority, now: now) == APNsRejection(403, "MissingProviderToken"))
        #expect(cache.check("basic abc", authority: authority, now: now) == APNsRejection(403, "MissingProviderToken"))
        #expect(cache.check("bearer " + authority.sign(issuedAt: Int(now) - 3601), authority: authority, now: now) == APNsRejection(403, "ExpiredProviderToken"))
        let first = "bearer " + authority.sign(issuedAt: Int(now) - 60)
        #expect(cache.check(first, authority: authority, now: now) == nil)
        #expect(cache.check(first, authority: authority, now: now + 10) == nil)
        let second = "bearer " + authority.sign(issuedAt: Int(now))
        #expect(cache.check(second, authority: authority, now: now + 60) == APNsRejection(429, "TooManyProviderTokenUpdates"))
        // The token in use ages out after its hour too.
        #expect(cache.check(first, authority: authority, now: now + 3600) == APNsRejection(403, "ExpiredProviderToken"))
        // Twenty minutes on, a new token is welcome.
        let later = "bearer " + authority.sign(issuedAt: Int(now) + 1300)
        #expect(cache.check(later, authority: authority, now: now + 1300) == nil)
    }

    @Test("rule 19: a token is good for 60 minutes and may be replaced once 20 minutes have passed on the connection, not a second sooner")
    func refreshAndLifetime() throws {
        let authority = try Self.authority()
        var cache = APNsTokenCache()
        let now = Self.now
        let first = "bearer " + authority.sign(issuedAt: Int(now))
        #expect(cache.check(first, authority: authority, now: now) == nil)
        // 60 minutes to the second is still good; a second past it, expired.
        #expect(cache.check(first, authority: authority, now: now + 3600) == nil)
        #expect(cache.check(first, authority: authority, now: now + 3601) == APNsRejection(403, "ExpiredProviderToken"))
        // A new token one second short of 20 minutes after the first was taken: 429.
        let early = "bearer " + authority.sign(issuedAt: Int(now) + 1199)
        #expect(cache.check(early, authority: authority, now: now + 1199) == APNsRejection(429, "TooManyProviderTokenUpdates"))
        // At 20 minutes it is taken, and the old one is no longer the connection's.
        let onTime = "bearer " + authority.sign(issuedAt: Int(now) + 1200)
        #expect(cache.check(onTime, authority: authority, now: now + 1200) == nil)
        #expect(cache.check(first, authority: authority, now: now + 1201) == APNsRejection(429, "TooManyProviderTokenUpdates"))
        // A new connection has no token yet: any good one is taken.
        var other = APNsTokenCache()
        #expect(other.check(early, authority: authority, now: now + 1199) == nil)
    }

    @Test("iat in the future past the allowed skew (a year, 1e20, 2^63) → 403 InvalidProviderToken; within the skew it is taken")
    func future() throws {
        let authority = try Self.authority()
        let now = Self.now
        let skew = Int(APNsTokenAuthority.clockSkewSeconds)
        for iat in [String(Int(now) + 365 * 86400), "1e20", "9223372036854775808", String(Int(now) + skew + 1)] {
            var cache = APNsTokenCache()
            #expect(cache.check("bearer " + authority.sign(issuedAtJSON: iat), authority: authority, now: now) == APNsRejection(403, "InvalidProviderToken"), "iat \(iat)")
        }
        var cache = APNsTokenCache()
        #expect(cache.check("bearer " + authority.sign(issuedAt: Int(now) + skew), authority: authority, now: now) == nil)
    }

    @Test("base64 padding, the standard alphabet or stray bits in any part of the token → 403 InvalidProviderToken")
    func strictBase64() throws {
        let authority = try Self.authority()
        let invalid = APNsRejection(403, "InvalidProviderToken")
        let token = authority.sign(issuedAt: Int(Self.now))
        #expect(authority.verify(token) == .success(Self.now))
        let parts = token.split(separator: ".").map(String.init)
        for index in 0..<3 {
            for change in [{ (part: String) in part + "==" }, { $0 + "=" }, { $0.replacingDashes() }] {
                var changed = parts
                changed[index] = change(parts[index])
                guard changed[index] != parts[index] else { continue }
                #expect(authority.verify(changed.joined(separator: ".")) == .failure(invalid), "part \(index): \(changed[index])")
            }
        }
        // The signature's 64 bytes leave 4 bits past the last byte (its last letter is A, Q, g or
        // w): the next letter sets one of them and spells the same bytes.
        var signature = Array(parts[2].utf8)
        signature[signature.count - 1] += 1
        #expect(APNsBase64URL.decodeUnpadded(Substring(String(decoding: signature, as: UTF8.self))) == nil)
        #expect(APNsBase64URL.decodeUnpadded("QQ") == [0x41])
        #expect(APNsBase64URL.decodeUnpadded("QR") == nil)
        #expect(APNsBase64URL.decodeUnpadded("QQ==") == nil)
        #expect(APNsBase64URL.decodeUnpadded("Q") == nil)
    }

    @Test("a .p8 that is not a P-256 PKCS#8 key is refused at start, naming the file")
    func badKey() throws {
        let folder = temporaryFolder()
        let written = try APNsCredentials.write(into: folder + "/credentials")
        // A certificate is not a key; a key block of other bytes is not P-256.
        for (name, text) in [("AuthKey_CERTIFICAT.p8", nil), ("AuthKey_GARBAGE123.p8", "-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEA\n-----END PRIVATE KEY-----\n")] {
            let path = folder + "/" + name
            if let text {
                try writeFile(text: text, to: path)
            } else {
                _ = link(written.ca, path)
            }
            #expect(throws: (any Error).self) { try APNsTokenAuthority(path: path, teamID: "TEAM123456", keyID: nil) }
        }
        #expect(APNsTokenAuthority.isP256PrivateKey(Array("nothing".utf8)) == false)
    }

    @Test("[HOST:]PORT: 127.0.0.1 unless another host is named; bad values name what is accepted")
    func addresses() throws {
        #expect(try APNsAddress.parse("2197") == APNsAddress(host: "127.0.0.1", port: 2197))
        #expect(try APNsAddress.parse("0.0.0.0:443") == APNsAddress(host: "0.0.0.0", port: 443))
        #expect(try APNsAddress.parse("localhost:0") == APNsAddress(host: "127.0.0.1", port: 0))
        for bad in ["", "http", "70000", "example.com:2197", "1.2.3:5"] {
            #expect(throws: (any Error).self) { try APNsAddress.parse(bad) }
        }
    }
}

private extension String {
    /// The same text in base64's standard alphabet (`-` → `+`, `_` → `/`).
    func replacingDashes() -> String {
        String(decoding: utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "+") : $0 == UInt8(ascii: "_") ? UInt8(ascii: "/") : $0 }, as: UTF8.self)
    }
}
