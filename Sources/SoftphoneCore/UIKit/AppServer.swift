/// The app's own connection to its backend, what a real app opens with URLSession or a socket.
///
/// It is how a simulated app tells its server things (`join`, `busy`, `reject`: `server.request`
/// events a script can wait for) and how the remote side's hang-ups reach the app (`softphone
/// cancel|hangup`), since VoIP pushes must not be used to cancel calls (iOS rule 10).
public final class AppServer: NSObject {
    /// A message from the server to the app.
    public struct Message: Equatable, Sendable {
        /// What happened: `cancel` (the caller gave up while it rang) or `hangup`.
        public let name: String
        /// The call it is about, as the app reported it.
        public let callUUID: UUID
    }

    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }
    let launch: Int
    /// Called (on the main queue) when the server sends the app something.
    public var onMessage: ((Message) -> Void)?

    /// Opens the app's connection to its server.
    public override init() {
        link = PhoneContext.current?.link
        launch = PhoneContext.current?.appLaunch ?? -1
        super.init()
        phone?.register(self)
    }

    /// Sends the server a request named `name` with `fields` (a `server.request` event).
    /// A `register` request's `token` field is the VoIP token as the server will store it: the
    /// phone checks it as a push provider would (iOS rules 2, 3).
    public func send(_ name: String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard let phone, phone.appLaunch == launch else { return }
        phone.emit(.serverRequest(name: name, fields: fields.map { KeyValue($0.key, $0.value) }))
        if name == "register", let token = fields.first(where: { $0.key == "token" })?.value { phone.checkRegistered(token: token) }
    }
}
