/// The name the running program gives itself in its error lines (`softphone: …`, `softphone push:
/// …`): the last path component of the command it was started by, so an app's own binary
/// (`Softphone.main(apps:)`, `@UIApplicationMain`) says `RecentsCallApp push: …`. Its main sets it
/// once, before any other thread starts; code run inside another program (the tests) keeps
/// `softphone`.
///
/// `package`, not `public`: the command lines' own, and not iOS API.
package enum ProgramName {
    private static let stored = Locked("softphone")

    /// The name error lines start with.
    package static var current: String { stored.withLock { $0 } }

    /// Takes the name from `command`, the program's first argument: `./.build/debug/RecentsCallApp`
    /// is `RecentsCallApp`. An empty command leaves the name as it is.
    package static func take(from command: String) {
        guard let name = command.split(separator: "/").last else { return }
        stored.withLock { $0 = String(name) }
    }
}
