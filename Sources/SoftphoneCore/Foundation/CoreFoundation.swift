/// CoreFoundation's names that AudioToolbox's signatures use, so calls port line for line:
/// `url as CFURL`, `CFRunLoopGetMain()`, `nil` for a run-loop mode.

/// A file URL as CoreFoundation passes it (the same value as `URL`).
public typealias CFURL = URL
/// A string as CoreFoundation passes it.
public typealias CFString = String

/// A run loop, as `CFRunLoop`. The phone has one run loop, so every one is the same.
public final class CFRunLoop: Sendable {
    static let main = CFRunLoop()
}

/// The main run loop.
public func CFRunLoopGetMain() -> CFRunLoop { .main }
