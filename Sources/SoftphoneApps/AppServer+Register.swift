import UIKit

extension AppServer {
    /// Registers a push token with the server (`register`, or `register-alert-token` for an
    /// alert token), with the APNs environment it is for (`development` or `production`): a
    /// backend must push each token to its own environment's host, and only the app's build
    /// knows which that is. The build says it in its Info.plist (`APSEnvironment`, copied from its
    /// aps-environment entitlement by a build setting); a bundle that does not sends the token alone.
    func register(token: String, as name: String = "register") {
        if let environment = Bundle.main.object(forInfoDictionaryKey: "APSEnvironment") as? String {
            send(name, ["token": token, "environment": environment])
        } else {
            send(name, ["token": token])
        }
    }
}
