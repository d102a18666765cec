import Glibc
import SoftphoneAPNs
import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
import SoftphoneFleet
import SoftphoneTUI

/// `softphone fleet --phones N --apns [HOST:]PORT …`: many simulated iPhones in one process behind
/// one APNs endpoint, for load-testing a backend's calls. Each phone registers its token with the
/// backend (`--webhook`), rings when a push names its token, and its person answers, declines,
/// ignores and hangs up as the flags say. A live summary (full screen, a progress line with
/// `--plain`, JSON lines with `--headless`); `q` or a signal ends it with a final summary.
enum FleetCommand {
    /// What `softphone fleet` was asked for.
    struct Options {
        var phones = 0
        var seed: UInt64 = 1
        var declineShare = 0.0, ignoreShare = 0.0, lockedShare = 1.0, doNotDisturbShare = 0.0, killedShare = 0.0
        var declinesWhenBusy = false
        /// `--devices-per-user N`: each user's phones, all called by the backend.
        var devicesPerUser = 1
        /// The field's conditions on shares of phones; `engineStart`, the bridged phones' setting.
        var conditions = FleetConditions()
        var engineStart: Int?
        var usersFile: String?
        var tokensOut: String?
        var summaryOut: String?
        /// `--replay FILE`: scripted pushes on the manual clock instead of an APNs endpoint.
        var replay: String?
        /// The phone options, read as `softphone run` reads them: app, settings, rules, display,
        /// data folder, webhook, the APNs endpoint and its credentials, the person's timing.
        var phone: RunOptions
    }

    static func usage(apps: InstalledApps) -> String {
        "softphone fleet --phones N (--apns [HOST:]PORT [--apns-production [HOST:]PORT] [--real-time] | --replay FILE) [--app \(apps.idChoices)] [--set KEY=VALUE]... [--seed S] [--devices-per-user N] [--answer-after S] [--hangup-after S] [--decline-ratio R] [--ignore-ratio R] [--busy-declines] [--locked-share R] [--dnd-share R] [--killed-share R] [--offline-share R [--reconnect-after S]] [--low-power-share R] [--build-share development|testflight=R]... [--bridged-share R [--engine-start MS]] [--policy FILE] [--users FILE] [--tokens-out FILE] [--webhook URL] [--plain | --headless] [--summary OUT.json] [APNs credentials as for run]"
    }

    /// The phone options the fleet takes, with whether each takes a value.
    static let phoneFlags: [String: Bool] = [
        "--app": true, "--set": true, "--rule": true, "--plain": false, "--headless": false, "--data-dir": true, "--webhook": true,
        "--apns": true, "--apns-production": true, "--apns-cert": true, "--apns-cert-key": true, "--apns-auth-key": true, "--apns-team": true, "--apns-key-id": true,
        "--apns-idle-timeout": true,
    ]

    /// Reads the words after `fleet`. A mistake is one line (exit 2).
    static func options(_ reader: inout WordReader, apps: InstalledApps) throws(ControlError) -> Options {
        var phoneWords: [String] = []
        var answerAfter = "2", hangUpAfter = "10", realTime = false
        var fleet = Options(phone: RunOptions(app: apps.defaultApp))
        func share(_ flag: String, _ text: String) throws(ControlError) -> Double {
            guard let value = Double(text), (0...1).contains(value) else { throw reader.mistake("\(flag) \"\(text)\" must be a share from 0 to 1, e.g. \(flag) 0.25") }
            return value
        }
        /// The people's flags, from the command line or a `--policy` file; false for another flag.
        func person(_ flag: String, _ value: () throws(ControlError) -> String) throws(ControlError) -> Bool {
            switch flag {
            case "--answer-after": answerAfter = try value()
            case "--hangup-after": hangUpAfter = try value()
            case "--decline-ratio": fleet.declineShare = try share(flag, try value())
            case "--ignore-ratio": fleet.ignoreShare = try share(flag, try value())
            case "--locked-share": fleet.lockedShare = try share(flag, try value())
            case "--dnd-share": fleet.doNotDisturbShare = try share(flag, try value())
            case "--killed-share": fleet.killedShare = try share(flag, try value())
            case "--busy-declines": fleet.declinesWhenBusy = true
            case "--offline-share": fleet.conditions.offlineShare = try share(flag, try value())
            case "--low-power-share": fleet.conditions.lowPowerShare = try share(flag, try value())
            case "--bridged-share": fleet.conditions.bridgedShare = try share(flag, try value())
            case "--reconnect-after":
                let text = try value()
                guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else { throw reader.mistake("--reconnect-after \"\(text)\" must be seconds from 0 to 86400, e.g. --reconnect-after 30") }
                fleet.conditions.reconnectAfter = .milliseconds(Int64((seconds * 1000).rounded()))
            case "--engine-start":
                let text = try value()
                guard let milliseconds = Int(text), (0...60_000).contains(milliseconds) else { throw reader.mistake("--engine-start \"\(text)\" must be milliseconds from 0 to 60000, e.g. --engine-start 3000") }
                fleet.engineStart = milliseconds
            case "--build-share":
                let text = try value()
                let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let build = AppBuild(rawValue: parts[0]), build != .appstore else {
                    throw reader.mistake("--build-share \"\(text)\" must be development=R or testflight=R, e.g. --build-share development=0.1")
                }
                fleet.conditions.buildShares[build] = try share(flag, parts[1])
            case "--devices-per-user":
                let text = try value()
                guard let count = Int(text), (1...10).contains(count) else { throw reader.mistake("--devices-per-user \"\(text)\" must be a number of phones each user has, from 1 to 10") }
                fleet.devicesPerUser = count
            default: return false
            }
            return true
        }
        while let flag = try reader.nextFlag() {
            if try person(flag, { () throws(ControlError) in try reader.value(for: flag) }) { continue }
            switch flag {
            case "--phones":
                let text = try reader.value(for: flag)
                guard let count = Int(text), (1...100_000).contains(count) else { throw reader.mistake("--phones \"\(text)\" must be a number of phones from 1 to 100000") }
                fleet.phones = count
            case "--seed":
                let text = try reader.value(for: flag)
                guard let seed = UInt64(text) else { throw reader.mistake("--seed \"\(text)\" must be a whole number from 0, e.g. --seed 7") }
                fleet.seed = seed
            case "--policy":
                // `KEY = VALUE` a line, the flags' names without `--`; `#` starts a comment.
                let path = try reader.value(for: flag)
                let text: String
                do { text = try SmallTextFile.read(path).get() } catch { throw reader.mistake("--policy \(path): \(error)") }
                for (number, line) in LineWords.lines(of: text) {
                    // The line's words, as scenario files split theirs, put back together: `key = value` or `key=value`.
                    let words: [String]
                    do { words = try line.get() } catch {
                        throw reader.mistake("--policy \(path):\(number): the quote \(error.quote) is not closed")
                    }
                    guard !words.isEmpty else { continue }
                    let parts = words.joined().split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let key = parts[0], value = parts.count == 2 ? parts[1] : ""
                    if key == "busy-declines" {
                        guard ["yes", "no"].contains(value) else { throw reader.mistake("--policy \(path):\(number): busy-declines = yes or no") }
                        if value == "yes" { fleet.declinesWhenBusy = true }
                        continue
                    }
                    guard parts.count == 2, try person("--" + key, { () throws(ControlError) in value }) else {
                        throw reader.mistake("--policy \(path):\(number): \"\(key)\" is not KEY = VALUE for answer-after, hangup-after, decline-ratio, ignore-ratio, busy-declines, locked-share, dnd-share, killed-share, devices-per-user, offline-share, reconnect-after, low-power-share, build-share, bridged-share or engine-start")
                    }
                }
            case "--real-time": realTime = true  // the default; for scripts that want it said
            case "--users": fleet.usersFile = try reader.value(for: flag)
            case "--tokens-out": fleet.tokensOut = try reader.value(for: flag)
            case "--summary": fleet.summaryOut = try reader.value(for: flag)
            case "--replay": fleet.replay = try reader.value(for: flag)
            case _ where phoneFlags[flag] != nil:
                phoneWords.append(flag)
                if phoneFlags[flag] == true { phoneWords.append(try reader.value(for: flag)) }
            default:
                throw reader.mistake("unknown option \"\(flag)\"; usage: \(usage(apps: apps))")
            }
        }
        guard fleet.phones > 0 else { throw reader.mistake("how many phones? e.g. --phones 1000; usage: \(usage(apps: apps))") }
        guard fleet.engineStart == nil || fleet.conditions.bridgedShare > 0 else {
            throw reader.mistake("--engine-start is the bridged phones' setting: add --bridged-share R")
        }
        guard fleet.conditions.buildShares.values.reduce(0, +) <= 1 else {
            throw reader.mistake("the --build-share shares add up to more than 1; the rest of the phones run the App Store build")
        }
        guard fleet.declineShare + fleet.ignoreShare <= 1 else {
            throw reader.mistake("--decline-ratio and --ignore-ratio add up to more than 1; the rest of the calls are answered")
        }
        // The person's timing and everything else a phone takes, checked as `softphone run` checks them.
        var check = WordReader(program: ProgramName.current, subcommand: "fleet", words: phoneWords + ["--auto-answer", answerAfter, "--auto-hangup", hangUpAfter], usage: usage(apps: apps))
        fleet.phone = try check.runOptions(apps: apps)
        if fleet.replay != nil {
            guard !realTime else { throw reader.mistake("--real-time and --replay say different things; give one of them") }
            guard fleet.phone.apns == nil else { throw reader.mistake("--replay plays its own pushes on the manual clock; it takes no --apns") }
        } else {
            guard fleet.phone.apns != nil else { throw reader.mistake("the backend reaches the phones through APNs: add --apns [HOST:]PORT, or --replay FILE") }
        }
        return fleet
    }

    /// The plan of the fleet the options describe, with the users from `--users`.
    static func plan(_ options: Options) throws(ControlError) -> FleetPlan {
        var users: [String] = []
        if let path = options.usersFile {
            let text: String
            do { text = try SmallTextFile.read(path).get() } catch { throw ControlError("\(ProgramName.current) fleet: --users \(path): \(error)") }
            // A user id a line, as scenario files split their words: spaces around it and comments left out.
            users = LineWords.lines(of: text).compactMap { _, line in
                // A line whose quote is not closed is skipped like a blank one, not refused.
                guard case .success(let words) = line else { return nil }
                return words.first
            }
            let needed = FleetPlan.userCount(phones: options.phones, devicesPerUser: options.devicesPerUser)
            guard users.count >= needed else {
                let phones = options.devicesPerUser > 1 ? "--phones \(options.phones) with --devices-per-user \(options.devicesPerUser) needs \(needed)" : "--phones \(options.phones) needs as many"
                throw ControlError("\(ProgramName.current) fleet: --users \(path) has \(users.count) user ids, one a line; \(phones)")
            }
        }
        var person = options.phone.person
        person.declineShare = options.declineShare
        person.ignoreShare = options.ignoreShare
        person.declinesWhenBusy = options.declinesWhenBusy
        var conditions = options.conditions
        if conditions.bridgedShare > 0 {
            // The bridged app's code under the fleet's app's bundle id: the backend's topic reaches every phone.
            var bridged = AppCatalog.bridged.bundle
            bridged.bundleIdentifier = options.phone.app.bundleIdentifier
            conditions.bridgedApp = bridged
            if let engineStart = options.engineStart { conditions.bridgedSettings["engineStart"] = .int(engineStart) }
        }
        return FleetPlan(
            phones: options.phones, app: options.phone.app, settings: options.phone.settings, person: person,
            lockedShare: options.lockedShare, doNotDisturbShare: options.doNotDisturbShare, killedShare: options.killedShare,
            seed: options.seed, users: users, devicesPerUser: options.devicesPerUser, conditions: conditions)
    }
}

extension FleetCommand {
    /// Runs the fleet; returns the exit status (0 after `q` or a signal; 1 when it cannot start).
    static func run(_ options: Options) -> Int32 {
        if let path = options.replay { return replay(path, options) }
        let fleet: Fleet
        let endpoint: APNsEndpoint
        let mailbox = Mailbox()
        let signals = SignalPipe.install()
        do {
            fleet = Fleet(plan: try plan(options), wallClockStart: WallClock.unixTime())
            // Production's tokens, but for the development builds' (--build-share development=R).
            var device = APNsDevice(bundleIdentifier: options.phone.app.bundleIdentifier, tokens: fleet.tokens, environment: .production)
            device.otherEnvironmentTokens = fleet.developmentTokens
            endpoint = try startAPNs(options.phone, address: options.phone.apns!, device: device, mailbox: mailbox)
        } catch {
            Console.error(error.message.hasPrefix("softphone") ? error.message : "\(ProgramName.current) fleet: " + error.message)
            return 1
        }
        if let path = options.tokensOut {
            if let problem = SmallTextFile.write(tokenLines(fleet, bundleIdentifier: options.phone.app.bundleIdentifier), to: path) {
                Console.error("\(ProgramName.current) fleet: --tokens-out \(path): \(problem)")
                return 1
            }
        }
        var webhook: Webhook?
        if let url = options.phone.webhook {
            // Every phone registers at once: room for all their requests.
            do { webhook = try Webhook(url: url, capacity: max(Webhook.capacity, 4 * options.phones)) { _ in } } catch {
                Console.error("\(ProgramName.current) fleet: \(error.message)")
                return 1
            }
        }
        var terminal: CursesTerminal?
        if !options.phone.plain && !options.phone.headless {
            do { terminal = try CursesTerminal() } catch {
                Console.error("\(ProgramName.current) fleet: \(error); use --plain or --headless without a terminal")
                return 1
            }
        }
        let ports = endpoint.productionAddress.map { "\(endpoint.address) (development) and \($0) (production)" } ?? endpoint.address.description
        let endpointText = "APNs endpoint \(ports), CA \(endpoint.certificatePath)"
        if options.phone.headless {
            Console.out(JSON.object([
                ("event", .string("fleet.ready")), ("phones", .number(Double(fleet.count))), ("apns", .string(endpoint.address.description)), ("apns_production", endpoint.productionAddress.map { .string($0.description) } ?? .null),
                ("ca", .string(endpoint.certificatePath)),
            ]).text)
        } else if terminal == nil {
            Console.out("FLEET phones=\(fleet.count) app=\(options.phone.app.id) \(endpointText)")
        }
        let shell = FleetShell(fleet: fleet, options: options, endpoint: endpoint, webhook: webhook, terminal: terminal, mailbox: mailbox, signals: signals)
        return shell.run()
    }
}

extension FleetCommand {
    /// What `--tokens-out` writes: `TOKEN TOPIC USER ENVIRONMENT`, one phone a line in the phones'
    /// order, the environment (`development` or `production`) being the one the token is for. The
    /// environment last: scripts that cut the first columns (an HAProxy map, h2load's URIs) read on.
    static func tokenLines(_ fleet: Fleet, bundleIdentifier: String) -> String {
        let topic = ControlRequest.topic(for: .voip, bundleIdentifier: bundleIdentifier)
        return (0..<fleet.count).map { "\(fleet.voipToken(of: $0)) \(topic) \(fleet.user(of: $0)) \(fleet.phone($0).apnsEnvironment.rawValue)\n" }.joined()
    }

    /// `--replay FILE`: the fleet on the manual clock, its pushes from the file; prints the final
    /// summary (a JSON line with `--headless`) and writes `--summary`. The same run every time.
    static func replay(_ path: String, _ options: Options) -> Int32 {
        let script: FleetReplay
        let fleet: Fleet
        do throws(ControlError) {
            let text: String
            do { text = try SmallTextFile.read(path).get() } catch { throw ControlError("\(ProgramName.current) fleet: --replay \(path): \(error)") }
            let users = FleetPlan.userCount(phones: options.phones, devicesPerUser: options.devicesPerUser)
            script = try FleetReplay(text, path: path, phones: options.phones, users: users)
            fleet = Fleet(plan: try plan(options), wallClockStart: 1_800_000_000)
        } catch {
            Console.error(error.message)
            return 2
        }
        let end = script.play(on: fleet)
        // The phones' time, not the clock's: latency has no meaning here, and is left out.
        let seconds = Double(end.nanoseconds) / 1_000_000_000
        let json = FleetReport.json(fleet.summary, seconds: seconds, pushesPerSecond: 0, latencies: LatencyHistogram(), final: true)
        if options.phone.headless {
            Console.out(json.text)
        } else {
            for line in FleetReport.lines(fleet.summary, seconds: seconds, pushesPerSecond: 0, latencies: nil, final: true) { Console.out(line) }
        }
        if let out = options.summaryOut, let problem = SmallTextFile.write(json.text + "\n", to: out) {
            Console.error("\(ProgramName.current) fleet: --summary \(out): \(problem)")
            return 1
        }
        return 0
    }
}
