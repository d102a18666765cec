import UIKit

/// The apps one softphone runs: what `--app` and a scenario's `app` line choose from by id, and
/// what usage and errors list. The first is the default. The `softphone` command runs the built-in
/// ones; a developer's own softphone runs the apps it was given (`Softphone.main(apps:)`).
public struct InstalledApps: Sendable {
    /// Every app, in the order given.
    public let all: [AppBundle]

    /// Why a list of apps cannot be installed, in one line.
    public struct Refusal: Error, Sendable {
        public let message: String
    }

    /// The apps, when there is at least one and no two share an id (`--app` chooses by id).
    public init(_ apps: [AppBundle]) throws(Refusal) {
        guard !apps.isEmpty else { throw Refusal(message: "no apps to run: give at least one AppBundle") }
        var seen: Set<String> = []
        for app in apps where !seen.insert(app.id).inserted {
            throw Refusal(message: "two apps have the id \"\(app.id)\": --app and scenarios choose an app by its id, so each needs its own")
        }
        all = apps
    }

    /// The built-in apps (`AppCatalog.all`), whose ids differ.
    public static let builtIn = try! InstalledApps(AppCatalog.all.map(\.bundle))

    /// The app the phone runs without `--app`, and a scenario without an `app` line: the first.
    public var defaultApp: AppBundle { all[0] }

    /// The ids, in order.
    public var ids: [String] { all.map(\.id) }

    /// The ids as errors list them: `voip, consult, ring-extension`.
    public var idList: String { ids.joined(separator: ", ") }

    /// The ids as usage lines offer them: `voip|consult|ring-extension`.
    public var idChoices: String { ids.joined(separator: "|") }

    /// The app with this id, or nil.
    public func app(id: String) -> AppBundle? { all.first { $0.id == id } }
}
