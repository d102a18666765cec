/// A request being received on one stream. A class, so the header and data callbacks add to it
/// in place instead of through the connection's table of streams.
final class APNsStream {
    var request = APNsRequest(method: "", path: "")
}
