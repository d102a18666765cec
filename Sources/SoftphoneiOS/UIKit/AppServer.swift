public import Foundation
import SoftphoneCore

/// The app's own connection to its backend, Softphone's stand-in for what a real app opens with
/// URLSession or a socket: requests become `server.request` events (and the webhook's posts), and
/// the remote side's cancel and hang-up arrive in `onMessage` (never as a VoIP push, iOS rule 10).
public final class AppServer: NSObject {
    /// A message from the server to the app.
    public struct Message: Equatable, Sendable {
        /// What happened: `cancel` (the caller gave up while it rang) or `hangup`.
        public let name: String
        /// The call it is about, as the app reported it.
        public let callUUID: UUID
    }

    /// The core's connection.
    let core = SoftphoneCore.AppServer()

    public override init() { super.init() }

    /// Called (on the main queue) when the server sends the app something.
    public var onMessage: ((Message) -> Void)? {
        didSet {
            core.onMessage = onMessage.map { handler in { message in handler(Message(name: message.name, callUUID: UUID(message.callUUID))) } }
        }
    }

    /// Sends the server a request named `name` with `fields`. A `register` request's `token` is
    /// the VoIP token as the server will store it: the phone checks it (iOS rules 2, 3).
    public func send(_ name: String, _ fields: KeyValuePairs<String, String> = [:]) { core.send(name, fields) }
}
