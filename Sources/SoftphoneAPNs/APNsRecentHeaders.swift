import Glibc

/// The header fields one connection brought last, one per name. An APNs client sends the same
/// path, topic, push type and provider token request after request: those become strings once,
/// and every later request shares them. A value that changes (an `apns-id`) costs what it did
/// without the cache: one new string.
struct APNsRecentHeaders {
    private var entries: [(name: String, value: String)] = []
    /// Where the search for the next field starts: just after the entry the last field matched.
    /// A client sends its fields in the same order every time, so the first entry tried is
    /// nearly always the one.
    private var next = 0
    /// Most names kept: a request has about eight; a client inventing names gets no cache for the rest.
    static let capacity = 16

    /// The field as strings: the ones made before when name and value are as last time.
    mutating func text(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> (name: String, value: String) {
        guard let index = find(name) else {
            let field = (name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
            if entries.count < Self.capacity { entries.append(field) }
            return field
        }
        next = index + 1 == entries.count ? 0 : index + 1
        if !Self.same(&entries[index].value, value) { entries[index].value = String(decoding: value, as: UTF8.self) }
        return entries[index]
    }

    /// The entry named `name`, looked for from `next` on and then from the start.
    private mutating func find(_ name: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in entries.indices[next...] where Self.same(&entries[index].name, name) { return index }
        for index in entries.indices[..<next] where Self.same(&entries[index].name, name) { return index }
        return nil
    }

    /// Whether `text` is these bytes (`withUTF8` is mutating only to make a bridged string native;
    /// these are all native already).
    private static func same(_ text: inout String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
        return text.withUTF8 { memcmp($0.baseAddress!, base, bytes.count) == 0 }
    }
}
