import Glibc
import SoftphoneApps
import SoftphoneControl
import SoftphoneScenario

// softphone: reads the command line (Arguments.swift) and runs what it asks for: the phone
// (PhoneStart.swift), a client request (ClientCommands.swift), a scenario, the flow, a demo, or
// an audio or APNs subcommand. The phone itself is SoftphoneCore.

let environment = SocketPath.processEnvironment()
let apps = InstalledApps.builtIn

let status: Int32
do {
    switch try Arguments.parse(Array(CommandLine.arguments.dropFirst()), apps: apps) {
    case .help:
        Console.out(Arguments.usage(apps: apps))
        status = 0
    case .devices:
        status = runDevices()
    case .pushViaAPNs(let push, let socket):
        status = runPushViaAPNs(push, socket: socket)
    case .apnsCredentials(let folder):
        status = runAPNsCredentials(folder: folder)
    case .tones:
        status = runTones()
    case .play(let path, let repetitions, let output):
        status = runPlay(path: path, repetitions: repetitions, output: output)
    case .client(let request, let socket, let json):
        status = runClient(request, socket: socket, json: json)
    case .events(let follow, let fromNow, let socket):
        status = runEvents(follow: follow, fromNow: fromNow, socket: socket)
    case .wait(let event, let conditions, let timeout, let fromNow, let afterCall, let socket):
        status = runWait(event: event, conditions: conditions, timeout: timeout, fromNow: fromNow, afterCall: afterCall, socket: socket)
    case .scenario(let files, let junit, let flow, let realTime, let socket):
        do {
            let clock: ScenarioCommand.Clock = realTime ? .realTime(socket: try clientSocket(socket)) : .manual
            status = ScenarioCommand.run(files: files, junit: junit, flow: flow, clock: clock, apps: apps, out: Console.out, err: Console.error)
        } catch {
            Console.error("softphone: \(error.message)")
            status = 1
        }
    case .flow(let options):
        do {
            status = FlowCommand.run(options, socket: try clientSocket(options.socket))
        } catch {
            Console.error("softphone: \(error.message)")
            status = 1
        }
    case .demo(let options):
        status = DemoCommand.run(options, apps: apps)
    case .run(let options):
        status = runPhone(options)
    }
} catch {
    Console.error(error.message)
    status = 2
}
exit(status)
