import Glibc
import SoftphoneAPNs
import SoftphoneControl
import SoftphoneCore

// The APNs subcommands: `push --via-apns` (a push as a provider sends it) and `apns-credentials`.

/// `softphone push --via-apns`: the push as a provider sends it, over h2c to the running phone's
/// APNs endpoint (its address and device token from `softphone state`), not over the control socket.
func runPushViaAPNs(_ push: PushRequest, socket: String?) -> Int32 {
    let path = SocketPath.resolve(explicit: socket, environment: environment)
    do {
        let state = try ControlClient.send(ControlRequest.state.json, to: path)["state"]
        guard let apns = state?["apns"], case .object = apns, let address = apns["address"]?.stringValue,
              case .array(let topics)? = apns["topics"], topics.count == 2 else {
            Console.error("\(ProgramName.current) push --via-apns: the phone on \(path) has no APNs endpoint; start it with --apns [HOST:]PORT")
            return 1
        }
        guard apns["auth"]?.stringValue != "token" else {
            Console.error("\(ProgramName.current) push --via-apns: the phone's endpoint wants provider tokens (--apns-auth-key); send with your own client, or start the phone without --apns-auth-key")
            return 1
        }
        let token = (push.kind == .voip ? apns["token"] : apns["alert_token"])?.stringValue ?? ""
        var headers = [("apns-topic", push.topic ?? (push.kind == .voip ? topics[1] : topics[0]).stringValue ?? ""), ("apns-push-type", push.kind.rawValue),
                       ("apns-priority", String(push.priority))]
        if let expiration = push.expiration { headers.append(("apns-expiration", String(expiration))) }
        if let collapseID = push.collapseID { headers.append(("apns-collapse-id", collapseID)) }
        let host = String(address.split(separator: ":").first ?? "127.0.0.1")
        let port = Int(address.split(separator: ":").last ?? "") ?? 0
        let reply = try APNsClient.post(
            host: host == "0.0.0.0" ? "127.0.0.1" : host, port: port, path: "/3/device/" + token, headers: headers, body: Array(push.payload.text.utf8),
            authority: push.host)
        guard reply.status == 200 else {
            let reason = (try? JSON.parse(reply.body))?["reason"]?.stringValue ?? reply.body
            Console.error("\(ProgramName.current) push --via-apns: APNs answered \(reply.status) \(reason)")
            return 1
        }
        Console.out("APNs accepted it: apns-id \(reply.header("apns-id") ?? "?")")
        return 0
    } catch {
        Console.error("\(ProgramName.current) push --via-apns: \(error.message)")
        return 1
    }
}

/// `softphone apns-credentials DIR`: test credentials for --apns, and how to use them.
func runAPNsCredentials(folder: String) -> Int32 {
    do {
        let written = try APNsCredentials.write(into: folder)
        let authority = try APNsTokenAuthority(path: written.authKey, teamID: written.teamID, keyID: written.keyID)
        let token = authority.sign(issuedAt: Int(WallClock.unixTime()))
        Console.out("wrote \(written.ca) (the CA clients trust), \(written.certificate) and \(written.key) (the server's), \(written.authKey) (token auth)")
        Console.out("start the phone with:")
        Console.out("  softphone --apns 2197 --apns-cert \(written.certificate) --apns-cert-key \(written.key) --apns-auth-key \(written.authKey) --apns-team \(written.teamID)")
        Console.out("then push to it (the token below is valid for an hour; softphone state shows the device token):")
        Console.out("  curl --cacert \(written.ca) -H 'apns-topic: BUNDLE_ID.voip' -H 'apns-push-type: voip' -H 'authorization: bearer \(token)' -d '{\"aps\":{}}' https://localhost:2197/3/device/DEVICE_TOKEN")
        return 0
    } catch {
        Console.error(error.message)
        return 1
    }
}
