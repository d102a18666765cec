// With the Foundation trait only: the build without it has no `String(format:)`.
#if SOFTPHONE_FOUNDATION
/// `String(format: "%@", pushCredentials.token as CVarArg)` in app code: on iOS, `Data` is a
/// `CVarArg` by bridging to `NSData`, and `%@` prints the `NSData`'s description, iOS 13's
/// `{length = 32, bytes = 0x… ... … }` (`NSDataDescription`). Linux's Foundation makes `Data` no
/// `CVarArg` at all, so that code would not compile.
///
/// Linux's `%@` takes an object, and a va_list holds no reference to it. `_CVarArgObject` is the
/// standard library's way round that (Foundation's `String` uses it): the va_list builder asks
/// for the object, keeps it until the formatting call returns, and encodes that instead.
extension Data: @retroactive CVarArg, @retroactive _CVarArgObject {
    /// The description as an `NSString`, which `%@` prints as its text.
    public var _cVarArgObject: any CVarArg { NSString(string: NSDataDescription.text(of: Array(self))) }

    /// Never asked for: the builder encodes `_cVarArgObject` instead, and an encoding of its own
    /// would point at an object nothing keeps. Foundation's `String` answers the same.
    public var _cVarArgEncoding: [Int] { fatalError("_cVarArgEncoding must be called on _cVarArgObject instead") }
}
#endif
