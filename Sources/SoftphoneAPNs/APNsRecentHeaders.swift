import Glibc

/// The header fields one connection brought last, one per name. An APNs client sends the same
/// path, topic, push type and provider token request after request: those become strings once,
/// and every later request shares them. A value that changes (an `apns-id`) costs what it did
/// without the cache: one new string.
struct APNsRecentHeaders {
    private var entries: [(name: String, value: String)] = []
    /// Most names kept: a request has about eight; a client inventing names gets no cache for the rest.
    static let capacity = 16

    /// The field as strings: the ones made before when name and value are as last time.
    mutating func text(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> (name: String, value: String) {
        guard let index = entries.indices.first(where: { Self.same(&entries[$0].name, name) }) else {
            let field = (name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
            if entries.count < Self.capacity { entries.append(field) }
            return field
        }
        if !Self.same(&entries[index].value, value) { entries[index].value = String(decoding: value, as: UTF8.self) }
        return entries[index]
    }

    /// Whether `text` is these bytes (`withUTF8` is mutating only to make a bridged string native;
    /// these are all native already).
    private static func same(_ text: inout String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
        return text.withUTF8 { memcmp($0.baseAddress!, base, bytes.count) == 0 }
    }
}
