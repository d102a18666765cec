// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// The app's bundle, as Foundation's `Bundle`: where its sound files are (`AppBundle.sounds`).
public final class Bundle {
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?

    init(phone: Phone?) { link = phone?.link }

    /// The bundle of the app (or app extension) whose code runs; an extension finds the app's
    /// sound files in its own bundle, as a shared resource would be.
    public static var main: Bundle { Bundle(phone: PhoneContext.current) }

    /// The folder the bundle's files are in.
    public var bundlePath: String { "/Applications/" + (link?.phone?.configuration.app.bundleIdentifier ?? "unknown") + ".app" }

    /// The Info.plist key under which the app's build says the APNs environment of its tokens.
    /// iOS gives an app no API to read its own `aps-environment` entitlement, so a build that
    /// needs it copies it into Info.plist through a build setting (`APSEnvironment` =
    /// `$(APS_ENVIRONMENT)`, set per configuration): the built-in apps' builds do.
    static let apsEnvironmentKey = "APSEnvironment"

    /// The value of `key` in the bundle's Info.plist: for `APSEnvironment`, the environment of
    /// the installed build's tokens, `development` (a build run from Xcode) or `production`
    /// (TestFlight, the App Store); nil for any other key, or outside an app.
    public func object(forInfoDictionaryKey key: String) -> Any? {
        guard key == Self.apsEnvironmentKey, let phone = link?.phone else { return nil }
        return phone.configuration.build.apnsEnvironment.rawValue
    }

    /// The URL of resource `name`.`ext`, or nil when the bundle has no such file.
    public func url(forResource name: String?, withExtension ext: String?) -> URL? {
        path(forResource: name, ofType: ext).map(URL.init(fileURLWithPath:))
    }

    /// The path of resource `name`.`ext`, or nil when the bundle has no such file.
    public func path(forResource name: String?, ofType ext: String?) -> String? {
        guard let name, let sounds = link?.phone?.configuration.app.sounds else { return nil }
        let file = ext.map { $0.isEmpty ? name : name + "." + $0 } ?? name
        return sounds[file] == nil ? nil : bundlePath + "/" + file
    }
}
#endif
