/// A request being received on one stream. A class, so the header and data callbacks add to it
/// in place instead of through the connection's table of streams.
final class APNsStream {
    var request = APNsRequest(method: "", path: "")
    /// Until its header block ends, while true, the fields so far are the first `sharedFields` of
    /// the connection's previous request, in its order, and `request.headers` is still empty: a
    /// client that sends the same fields again (nearly every request) gets the previous
    /// request's list, not a copy.
    private var isSharing = true
    private var sharedFields = 0

    /// Adds a header field; `previous` is the connection's previous request's fields. (Equal
    /// strings from `APNsRecentHeaders` are the same string: compared at once.)
    func add(_ field: (name: String, value: String), previous: [(name: String, value: String)]) {
        if isSharing {
            if sharedFields < previous.count, previous[sharedFields].name == field.name, previous[sharedFields].value == field.value {
                sharedFields += 1
                return
            }
            stopSharing(previous)
        }
        request.headers.append(field)
    }

    /// The header block has ended: `request.headers` holds its fields from now on.
    func settleFields(previous: [(name: String, value: String)]) {
        if isSharing { stopSharing(previous) }
    }

    private func stopSharing(_ previous: [(name: String, value: String)]) {
        request.headers = sharedFields == previous.count ? previous : Array(previous[..<sharedFields])
        isSharing = false
    }
}
