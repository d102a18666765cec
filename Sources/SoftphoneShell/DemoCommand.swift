import Glibc
import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario

/// `softphone demo [--loop] [--app ID] [sound options]`: a hands-free tour of the bundled flows
/// of every app the softphone runs, full screen with sound, a caption saying what happens and why.
///
/// Why this shape: each flow needs a phone started with its scenario's app, settings and rules,
/// which are fixed when a phone starts, so the phone is a child process (this same binary, run as
/// a phone on a private socket and data folder), restarted when the next flow needs another; the
/// flows are driven over its control socket by the real-time scenario driver, as
/// `softphone scenario --real-time` drives them, and the captions go the same way (the `caption`
/// request). The phone draws full screen on the terminal it shares with the demo, but its stdin is
/// an empty pipe the demo holds open: the phone takes no keys (the scenarios press them), and the
/// demo reads the terminal itself for its own three keys. ncurses in the phone sets the terminal's
/// modes through its output, so both see the same key-at-a-time terminal; a pipe, unlike
/// /dev/null, never reads as end of file, so the phone's poll does not spin on it.
enum DemoCommand {
    /// What `softphone demo` was asked for.
    struct Options: Equatable {
        /// Start the tour again after its last flow, until `q`.
        var loop = false
        /// Only this app's flows.
        var app: String?
        /// The phone's control socket (a private one when nil), for a script that watches the tour.
        var socket: String?
        /// The phone's sound options, given to each phone as they were given.
        var phoneArguments: [String] = []
        /// `--audio-out FILE.wav`: each phone records to a file of its own (`FILE-1.wav`, …).
        var audioOut: String?
    }

    static func usage(apps: InstalledApps) -> String {
        "softphone demo [--loop] [--app \(apps.idChoices)] [--socket PATH] [--audio-device PCM | --audio-out FILE.wav | --no-audio] [--ringtone FILE] [--ring-volume PCT] [--buzz-volume PCT] [--vibration PATTERN] [--tone-region na|cept|uk]"
    }

    /// The phone options the demo passes on, with whether each takes a value. The app, its
    /// settings and iOS's rules come from each flow's scenario, so `--app`, `--set` and `--rule`
    /// are the demo's to give; the display is full screen, the data folder private.
    static let phoneFlags: [String: Bool] = [
        "--audio-device": true, "--no-audio": false, "--ringtone": true, "--ring-gap": true, "--ring-volume": true,
        "--buzz-volume": true, "--vibration": true, "--vibrations": true, "--tone-region": true,
    ]

    /// Reads the words after `demo`, for a softphone that runs one of `apps`. A mistake is one line (exit 2).
    static func options(_ reader: inout WordReader, apps: InstalledApps) throws(ControlError) -> Options {
        var options = Options()
        while let flag = try reader.nextFlag() {
            switch flag {
            case "--loop": options.loop = true
            case "--app":
                let id = try reader.value(for: flag)
                guard apps.app(id: id) != nil else {
                    throw reader.mistake("unknown app \"\(id)\" for --app; available: \(apps.idList)")
                }
                options.app = id
            case "--socket": options.socket = try reader.value(for: flag)
            case "--audio-out": options.audioOut = try reader.value(for: flag)
            case _ where phoneFlags[flag] != nil:
                options.phoneArguments.append(flag)
                if phoneFlags[flag] == true { options.phoneArguments.append(try reader.value(for: flag)) }
            default:
                throw reader.mistake("unknown option \"\(flag)\" (each flow sets the phone's app, settings and rules itself); usage: \(usage(apps: apps))")
            }
        }
        // The values are checked as the phone would check them, now, rather than by a phone that
        // fails to start in the middle of the tour.
        var check = WordReader(program: ProgramName.current, subcommand: "demo", words: options.phoneArguments + (options.audioOut.map { ["--audio-out", $0] } ?? []), usage: usage(apps: apps))
        let phone = try check.runOptions(apps: apps)
        if phone.noAudio && (options.audioOut != nil || options.phoneArguments.contains("--audio-device")) {
            throw reader.mistake("--no-audio and --audio-device or --audio-out say different things; give one of them")
        }
        return options
    }

    /// Runs the tour of `apps`' flows; returns the exit status.
    static func run(_ options: Options, apps: InstalledApps) -> Int32 {
        let flows: [DemoTour.Flow]
        do { flows = try tour(app: options.app, apps: apps) } catch {
            Console.error("\(ProgramName.current) demo: \(error.message)")
            return 1
        }
        guard let folder = privateFolder() else {
            Console.error("\(ProgramName.current) demo: cannot make a private folder in \(temporaryFolder()): \(String(cString: strerror(errno)))")
            return 1
        }
        defer { removeTree(folder) }
        let keyboard = DemoKeyboard()
        defer { keyboard.restore() }
        var show = DemoShow(options: options, folder: folder, keyboard: keyboard)
        let status = show.run(flows)
        show.stopPhone()
        keyboard.restore()
        if let problem = show.problem { Console.error("\(ProgramName.current) demo: \(problem)") }
        return status
    }

    /// The flows of the tour, from the bundled scenarios of `apps`.
    static func tour(app: String?, apps: InstalledApps) throws(ControlError) -> [DemoTour.Flow] {
        guard let folder = Assets.find("Scenarios") else {
            throw ControlError("the bundled scenarios (Assets/Scenarios) are not next to this softphone or in the current folder; run it from the repository or its build folder")
        }
        var items: [(scenario: Scenario, text: String)] = []
        for name in scenarioFiles(in: folder) {
            let path = folder + "/" + name
            // Read once: the text is parsed, maybe again for the built-in apps, and shown.
            let text: String
            do { text = try ScenarioParser.read(file: path) } catch { throw ControlError("\(error)") }
            let scenario: Scenario
            do { scenario = try ScenarioParser.parse(text, file: path, apps: apps) } catch {
                // The bundled scenarios are for the built-in apps: one for an app this softphone
                // does not run is not in its tour.
                if let builtIn = try? ScenarioParser.parse(text, file: path, apps: .builtIn), apps.app(id: builtIn.app) == nil { continue }
                throw ControlError("\(error)")
            }
            items.append((scenario, text))
        }
        let flows = DemoTour.flows(items, apps: apps, app: app)
        guard !flows.isEmpty else { throw ControlError("no bundled scenario in \(folder) is for \(app ?? apps.idList) and short enough for the tour") }
        return flows
    }

    /// The `.scenario` files in `folder`, by name.
    private static func scenarioFiles(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".scenario") { names.append(name) }
        }
        return names.sorted()
    }

    private static func temporaryFolder() -> String {
        environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A new folder only this user can enter (mkdtemp makes it 0700): the phone's socket and data.
    private static func privateFolder() -> String? {
        var template = Array((temporaryFolder() + "/softphone-demo-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }

    /// Removes `path` and everything under it (the phones' journals), not following links.
    private static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
