import Glibc
import SoftphoneApps
import SoftphoneCore
import SoftphoneFlow
import SoftphoneScenario
import SoftphoneTestSupport

/// A bundled scenario (Assets/Scenarios) run on the manual clock, as `softphone scenario` runs it:
/// its events are the same on every run, so the pictures drawn from them can be golden files.
struct BundledScenario: Sendable, CustomStringConvertible {
    /// The file's name without `.scenario`.
    var name: String

    var description: String { name }

    /// Every bundled scenario, by name.
    static let all: [BundledScenario] = {
        var names: [String] = []
        guard let directory = opendir(Repository.path("Assets/Scenarios")) else { return [] }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".scenario") { names.append(String(name.dropLast(".scenario".count))) }
        }
        return names.sorted().map(BundledScenario.init)
    }()

    /// Runs it and returns its events.
    func events() throws -> [JSON] {
        let scenario = try ScenarioParser.parse(file: Repository.path("Assets/Scenarios/\(name).scenario"), apps: .builtIn)
        var runner = ScenarioRunner(scenario, on: ManualClockDriver(scenario: scenario, apps: .builtIn))
        _ = runner.run()
        return runner.events.map(\.json)
    }
}
