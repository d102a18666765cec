import Glibc
import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario

/// The whole `softphone` command line, for the apps it is given: a package that writes its own
/// app runs it in the terminal phone with `Softphone.main(apps: [MyApp.bundle])` as its main.swift.
public enum Softphone {
    /// Reads `CommandLine.arguments` and runs what they ask for, as the `softphone` command does:
    /// the phone (full screen, `--plain` or `--headless`) running one of `apps`, a client request
    /// (ClientCommands.swift), a scenario, the flow, a demo, or an audio or APNs subcommand; then
    /// exits with its status. The first app is the default for `--app`. No apps, or two with one
    /// id, are refused in one line (exit 2).
    public static func main(apps: [AppBundle]) -> Never {
        ProgramName.take(from: CommandLine.arguments.first ?? "")
        let installed: InstalledApps
        do { installed = try InstalledApps(apps) } catch {
            Console.error("\(ProgramName.current): \(error.message)")
            exit(2)
        }
        exit(run(Array(CommandLine.arguments.dropFirst()), apps: installed))
    }

    /// Runs the command line `words` (without the program's name); returns the exit status.
    static func run(_ words: [String], apps: InstalledApps) -> Int32 {
        do {
            switch try Arguments.parse(words, apps: apps) {
            case .help:
                Console.out(Arguments.usage(apps: apps))
                return 0
            case .devices:
                return runDevices()
            case .pushViaAPNs(let push, let socket):
                return runPushViaAPNs(push, socket: socket)
            case .apnsCredentials(let folder):
                return runAPNsCredentials(folder: folder)
            case .tones:
                return runTones()
            case .play(let path, let repetitions, let output):
                return runPlay(path: path, repetitions: repetitions, output: output)
            case .client(let request, let socket, let json):
                return runClient(request, socket: socket, json: json)
            case .events(let follow, let fromNow, let socket):
                return runEvents(follow: follow, fromNow: fromNow, socket: socket)
            case .wait(let event, let conditions, let timeout, let fromNow, let afterCall, let socket):
                return runWait(event: event, conditions: conditions, timeout: timeout, fromNow: fromNow, afterCall: afterCall, socket: socket)
            case .scenario(let files, let junit, let junitRoot, let flow, let realTime, let socket):
                do {
                    let clock: ScenarioCommand.Clock = realTime ? .realTime(socket: try clientSocket(socket)) : .manual
                    return ScenarioCommand.run(files: files, junit: junit, junitRoot: junitRoot, flow: flow, clock: clock, apps: apps, out: Console.out, err: Console.error)
                } catch {
                    Console.error("\(ProgramName.current): \(error.message)")
                    return 1
                }
            case .flow(let options):
                do {
                    return FlowCommand.run(options, socket: try clientSocket(options.socket))
                } catch {
                    Console.error("\(ProgramName.current): \(error.message)")
                    return 1
                }
            case .demo(let options):
                return DemoCommand.run(options, apps: apps)
            case .fleet(let options):
                return FleetCommand.run(options)
            case .run(let options):
                return runPhone(options)
            }
        } catch {
            Console.error(error.message)
            return 2
        }
    }
}
