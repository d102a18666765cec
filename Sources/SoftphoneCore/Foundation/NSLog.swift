// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// Writes a line to the device log, as Foundation's `NSLog`: it shows as an `app.log` event (a
/// `LOG` line) saying whether the app or its extension wrote it. Format arguments are not
/// supported: interpolate instead (`NSLog("chatPushVo: \(error)")`).
public func NSLog(_ message: String) {
    PhoneContext.withCurrent { $0.log(message) }
}
#endif
