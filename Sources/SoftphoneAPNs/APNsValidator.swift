import SoftphoneControl
import SoftphoneCore

/// Apple's checks of a provider request, in Apple's order (the first that fails decides), with
/// Apple's statuses and reasons. Pure: no sockets, no clock; the authorization check and the
/// new-id source are passed in.
public enum APNsValidator {
    /// The push types Apple's `apns-push-type` takes.
    public static let pushTypes: Set<String> = [
        "alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk", "widgets", "controls",
    ]

    /// The path prefix of Apple's one provider endpoint.
    public static let devicePath = "/3/device/"

    /// The APNs environment a request is for: the one its host names (`api.push.apple.com`,
    /// `api.sandbox.push.apple.com`), else that of the port it came to (`port`: nil when the
    /// endpoint serves one port, for the phone's own environment, so `localhost` and `127.0.0.1`
    /// always reach the phone's tokens).
    public static func environment(of request: APNsRequest, port: APNsEnvironment?) -> APNsEnvironment? {
        request.host.flatMap(APNsEnvironment.named(byHost:)) ?? port
    }

    /// Checks `request` against the phone `device`. `authorize` checks the `authorization`
    /// header (token auth; nil: the endpoint asks for no token) and returns the rejection, if any.
    /// `certificateTopic` is the bundle id of the client certificate the connection presented
    /// (certificate auth), whose topics are the only ones it may push to. `newID` makes the
    /// `apns-id` of a request that brought none. `environment` is the APNs environment the request
    /// came to (`environment(of:port:)`; nil: the device's own).
    public static func validate(
        _ request: APNsRequest, device: APNsDevice, environment: APNsEnvironment? = nil,
        authorize: ((String?) -> APNsRejection?)? = nil,
        certificateTopic: String? = nil,
        newID: () -> String = APNsUUID.random
    ) -> APNsVerdict {
        // 1. Every header once. First, before any header's value is judged: of a header given
        // twice the checks below would judge one value, and which the client meant cannot be known.
        if request.repeatsAHeader { return .rejected(APNsRejection(400, "DuplicateHeaders")) }
        // 2. apns-id: a canonical UUID when present.
        let apnsID = request.header("apns-id")
        if let apnsID, !APNsUUID.isValid(apnsID) { return .rejected(APNsRejection(400, "BadMessageId")) }
        // 3. Only POST.
        guard request.method == "POST" else { return .rejected(APNsRejection(405, "MethodNotAllowed")) }
        // 4. The topic is required.
        guard let topic = request.header("apns-topic") else { return .rejected(APNsRejection(400, "MissingTopic")) }
        // 5–8. The other headers, with the checks `softphone push` makes of its flags.
        var collapseID: String?
        if let text = request.header("apns-collapse-id") {
            do { collapseID = try ControlRequest.collapseID(text, named: "apns-collapse-id") } catch { return .rejected(APNsRejection(400, "BadCollapseId")) }
        }
        var priority = 10
        if let text = request.header("apns-priority") {
            do { priority = try ControlRequest.priority(text, named: "apns-priority") } catch { return .rejected(APNsRejection(400, "BadPriority")) }
        }
        var expiration: Int?
        if let text = request.header("apns-expiration") {
            do { expiration = try ControlRequest.expiration(text, named: "apns-expiration") } catch { return .rejected(APNsRejection(400, "BadExpirationDate")) }
        }
        let pushType = request.header("apns-push-type")
        if let pushType, !pushTypes.contains(pushType) { return .rejected(APNsRejection(400, "InvalidPushType")) }
        // 9. The path and its device token.
        guard request.path.hasPrefix(devicePath) else { return .rejected(APNsRejection(404, "BadPath")) }
        // Over the bytes: the prefix is ASCII, and counting characters costs more.
        let given = String(decoding: request.path.utf8.dropFirst(devicePath.utf8.count), as: UTF8.self)
        guard !given.isEmpty else { return .rejected(APNsRejection(400, "MissingDeviceToken")) }
        guard Hex.isPushToken(given) else { return .rejected(APNsRejection(400, "BadDeviceToken")) }
        let token = Hex.canonicalPushToken(given)
        // A token of the other environment is one that environment never gave out: before the
        // checks of the phone's own tokens, as a retired token pushed to the wrong host is as
        // unknown there as a live one.
        if let environment, case let own = device.environment(of: token), environment != own,
            device.tokens[token] != nil || device.retiredTokens[token] != nil
        {
            return .rejected(APNsRejection(400, "BadDeviceToken", why: environment.whyRefused(tokenOf: own, host: request.host)))
        }
        if !device.retiredTokens.isEmpty, let retired = device.retiredTokens[token] {
            return .rejected(APNsRejection(410, "Unregistered", timestamp: retired))
        }
        // The phone's own string of the token goes with the push: this request's copy is freed
        // here, not kept as long as the phone keeps the push.
        let known = device.tokens.index(forKey: token).map { device.tokens[$0] }
        let tokenKind = known?.value
        // The push type decides the channel; without one, the topic does (`.voip` is PushKit's).
        let kind: PushRequest.Kind
        switch pushType {
        case "voip"?: kind = .voip
        case nil: kind = topic.hasSuffix(".voip") ? .voip : .alert
        case "alert"?, "background"?: kind = .alert
        default:
            // Push types whose topics (`.complication`, `.location-query`, …) this phone has no token for.
            return .rejected(APNsRejection(400, tokenKind != nil ? "DeviceTokenNotForTopic" : "BadDeviceToken"))
        }
        switch tokenKind {
        case kind?:
            // The check `softphone push` makes of its topic (`checkTopic`), without its message.
            guard ControlRequest.isTopic(topic, for: kind, bundleIdentifier: device.bundleIdentifier) else {
                return .rejected(APNsRejection(400, "DeviceTokenNotForTopic"))
            }
        case _?:
            return .rejected(APNsRejection(400, "DeviceTokenNotForTopic"))
        case nil:
            return .rejected(APNsRejection(400, "BadDeviceToken"))
        }
        // 10. Provider authentication.
        if let authorize {
            if let rejection = authorize(request.header("authorization")) { return .rejected(rejection) }
        } else if let bundle = certificateTopic, ![bundle, bundle + ".voip", bundle + ".complication"].contains(topic) {
            return .rejected(APNsRejection(400, "BadTopic"))
        }
        // 11. The body: present, within the size APNs takes, a JSON object.
        guard !request.body.isEmpty else { return .rejected(APNsRejection(400, "PayloadEmpty")) }
        let limit = kind == .voip ? 5120 : 4096
        guard request.body.count <= limit else { return .rejected(APNsRejection(413, "PayloadTooLarge")) }
        guard let payload = try? JSON.parse(utf8: request.body) else {
            return .rejected(APNsRejection(400, "PayloadEmpty"))
        }
        // Not an object, or `{}`: what `softphone push` refuses as PayloadEmpty (the size passed above).
        do { try ControlRequest.checkPush(kind: kind, payload: payload, encodedSize: request.body.count) } catch {
            return .rejected(payload.text.utf8.count > limit ? APNsRejection(413, "PayloadTooLarge") : APNsRejection(400, "PayloadEmpty"))
        }
        let id = apnsID ?? newID()
        var push = PushRequest(kind: kind, payload: payload, topic: topic, priority: priority, expiration: expiration, collapseID: collapseID)
        // The phone's events name it if APNs has to store the push (offline, Low Power Mode).
        push.apnsID = id
        return .accepted(APNsAcceptedPush(push: push, pushType: pushType, apnsID: id, token: known?.key ?? token))
    }
}
