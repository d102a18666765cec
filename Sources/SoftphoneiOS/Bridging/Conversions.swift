public import Foundation
public import SoftphoneCore

// Foundation's values to and from the core's stand-ins. Both UUIDs are 16 bytes written the same
// way, both dates seconds since 1970, both datas bytes.

extension Foundation.UUID {
    init(_ uuid: SoftphoneCore.UUID) { self = Foundation.UUID(uuidString: uuid.uuidString)! }
    var core: SoftphoneCore.UUID { SoftphoneCore.UUID(uuidString: uuidString)! }
}

extension Foundation.Date {
    init(_ date: SoftphoneCore.Date) { self.init(timeIntervalSince1970: date.timeIntervalSince1970) }
    var core: SoftphoneCore.Date { SoftphoneCore.Date(timeIntervalSince1970: timeIntervalSince1970) }
}

extension Foundation.Data {
    init(_ data: SoftphoneCore.Data) { self.init(Array(data)) }
    var core: SoftphoneCore.Data { SoftphoneCore.Data(self) }
}

extension SoftphoneCore.JSON {
    /// What `JSONSerialization` makes of this value, as iOS hands a push's payload to the app.
    var foundationObject: Any {
        (try? JSONSerialization.jsonObject(with: Foundation.Data(text.utf8), options: [.fragmentsAllowed])) ?? NSNull()
    }

    /// A JSON value from what `JSONSerialization` accepts; nil for anything else.
    init?(foundationObject object: Any) {
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object),
            let json = try? SoftphoneCore.JSON.parse(String(decoding: data, as: UTF8.self))
        else { return nil }
        self = json
    }
}

// CallKit's and AVFoundation's errors are NSErrors on iOS: their domain, code and text.
extension SoftphoneCore.CXError: CustomNSError, LocalizedError {
    public var errorDescription: String? { description }
}
extension SoftphoneCore.CXErrorCodeIncomingCallError: CustomNSError, LocalizedError {
    public var errorDescription: String? { description }
}
extension SoftphoneCore.CXErrorCodeRequestTransactionError: CustomNSError, LocalizedError {
    public var errorDescription: String? { description }
}
extension SoftphoneCore.CXErrorCodeNotificationServiceExtensionError: CustomNSError, LocalizedError {
    public var errorDescription: String? { description }
}
