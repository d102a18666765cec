import CNghttp2

/// A list of HTTP/2 header fields as nghttp2 takes them: `nghttp2_nv`s whose names and values
/// are copies this list owns, valid until it is released. The client (`push --via-apns`) and the
/// server's replies build their headers the same way.
final class HTTP2HeaderList {
    private let names: [UnsafeMutablePointer<UInt8>]
    private let values: [UnsafeMutablePointer<UInt8>]
    /// The fields, for `nghttp2_submit_request` and `nghttp2_submit_response`.
    var fields: [nghttp2_nv]

    /// Copies `fields` (name, value) into memory nghttp2 may read until this list is released.
    init(_ fields: [(String, String)]) {
        func copy(_ text: String) -> UnsafeMutablePointer<UInt8> {
            let bytes = Array(text.utf8)
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
            pointer.initialize(from: bytes, count: bytes.count)
            return pointer
        }
        names = fields.map { copy($0.0) }
        values = fields.map { copy($0.1) }
        self.fields = fields.indices.map { [names, values] i in
            nghttp2_nv(name: names[i], value: values[i], namelen: fields[i].0.utf8.count, valuelen: fields[i].1.utf8.count,
                       flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue))
        }
    }

    deinit {
        names.forEach { $0.deallocate() }
        values.forEach { $0.deallocate() }
    }
}
