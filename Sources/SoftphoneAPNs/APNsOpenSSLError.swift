import COpenSSL

/// OpenSSL's queued errors as text, for the one-line messages the phone prints.
enum APNsOpenSSLError {
    /// Every error OpenSSL queued on this thread, joined by "; " (and the queue emptied).
    static func drain() -> String {
        var texts: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            texts.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return texts.isEmpty ? "unknown OpenSSL error" : texts.joined(separator: "; ")
    }
}
