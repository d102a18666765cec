import CNghttp2

/// A list of HTTP/2 header fields as nghttp2 takes them: `nghttp2_nv`s whose names and values
/// are copies this list owns, valid until it is released. The client (`push --via-apns`) and the
/// server's replies build their headers the same way.
final class HTTP2HeaderList {
    /// Every name and value, one after another, in one allocation.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// The fields, for `nghttp2_submit_request` and `nghttp2_submit_response`.
    var fields: [nghttp2_nv]

    /// Copies `fields` (name, value) into memory nghttp2 may read until this list is released.
    init(_ fields: [(String, String)]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, fields.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count }))
        self.storage = storage
        var offset = 0
        func copy(_ text: String) -> (UnsafeMutablePointer<UInt8>, Int) {
            let start = storage.baseAddress! + offset
            let count = UnsafeMutableBufferPointer(rebasing: storage[offset...]).initialize(fromContentsOf: text.utf8)
            offset += count
            return (start, count)
        }
        self.fields = fields.map { name, value in
            let (namePointer, nameLength) = copy(name)
            let (valuePointer, valueLength) = copy(value)
            return nghttp2_nv(name: namePointer, value: valuePointer, namelen: nameLength, valuelen: valueLength, flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue))
        }
    }

    deinit { storage.deallocate() }
}
