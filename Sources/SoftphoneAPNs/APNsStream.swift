/// A request being received on one stream.
struct APNsStream {
    var request = APNsRequest(method: "", path: "")
}
