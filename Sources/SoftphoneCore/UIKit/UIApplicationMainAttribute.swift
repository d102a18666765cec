// With the Foundation trait only: the compiler hands these functions Foundation's NSString, and
// without Foundation it cannot compile `@UIApplicationMain` at all.
#if SOFTPHONE_FOUNDATION
// An app delegate marked `@UIApplicationMain`, as apps were written before `@main`: the compiler
// writes the program's `main` itself, as on iOS, and calls two of UIKit's C functions by their C
// names:
//
//     UIApplicationMain(argc, argv, nil, NSStringFromClass(AppDelegate.self))
//
// It finds `UIApplicationMain`'s declaration in a Clang module named UIKit (Sources/CUIKitMain,
// as Apple's is an Objective-C module), and these two are the definitions it links against.

/// `NSStringFromClass` as the compiler calls it: `type` is the class's metadata, and the name it
/// returns is one the caller does not own (it retains and releases it itself, as an
/// autoreleased value), so it is kept here until the next call.
@_cdecl("NSStringFromClass")
public func _UIApplicationMainAttributeClassName(_ type: UnsafeRawPointer) -> UnsafeRawPointer {
    let name = NSString(string: NSStringFromClass(unsafeBitCast(type, to: AnyClass.self)))
    lastClassName = name
    return UnsafeRawPointer(Unmanaged.passUnretained(name).toOpaque())
}

/// The name `NSStringFromClass` above handed out last (the compiler's `main` asks once).
nonisolated(unsafe) private var lastClassName: NSString?

/// `UIApplicationMain` as the compiler calls it: the class names are NSStrings (the principal's
/// is nil). It starts the terminal phone as the Swift function of the same name does.
@_cdecl("UIApplicationMain")
public func _UIApplicationMainAttributeEntry(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ principalClassName: UnsafeRawPointer?, _ delegateClassName: UnsafeRawPointer?
) -> Int32 {
    func string(_ name: UnsafeRawPointer?) -> String? {
        name.map { Unmanaged<NSString>.fromOpaque($0).takeUnretainedValue() as String }
    }
    return UIApplicationMain(argc, argv, string(principalClassName), string(delegateClassName))
}
#endif
