/// A request being received on one stream. A class, so the header and data callbacks add to it
/// in place instead of through the connection's table of streams.
final class APNsStream {
    var request = APNsRequest(method: "", path: "")
    /// Until its header block ends, while true, the fields so far are the first `sharedFields` of
    /// the connection's previous request, in its order, and `request.headers` is still empty: a
    /// client that sends the same fields again (nearly every request) gets the previous
    /// request's list, not a copy.
    var isSharing = true
    var sharedFields = 0
}
