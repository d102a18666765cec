import Glibc
import SoftphoneAPNs
import SoftphoneApps
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore
import SoftphoneTUI

// Starting the phone: which real devices (terminal, speaker, socket, disk, the APNs port) the
// core is connected to, and the shell that runs it.

/// The vibration `--vibration` asks for: a built-in name, `synchronized` (follows the ringtone), a
/// name from the `--vibrations` file (which may override a built-in), or steps such as
/// "on 300, off 700"; the app's own pattern when none is given.
func vibrationPattern(_ options: RunOptions, ringtone: Ringtone?) throws(ControlError) -> VibrationPattern {
    var patterns = VibrationCatalog.all
    if let file = options.vibrationsFile {
        let text = try TextFile.read(file, what: "vibrations file")
        do {
            patterns = try VibrationPatternFile.patterns(parsing: text) + patterns
        } catch {
            throw ControlError("\(ProgramName.current): vibrations file \(file): \(error)")
        }
    }
    guard let wanted = options.vibration else { return .standard }
    if VibrationCatalog.lookupKey(wanted) == SynchronizedVibration.name {
        return SynchronizedVibration.pattern(following: ringtone ?? .classic())
    }
    // A name first: a pattern the file defines may have digits in its name (`abc1`), and is still
    // the one meant. Only text that names no pattern and has digits is read as steps.
    do {
        return try VibrationCatalog.pattern(named: wanted, in: patterns)
    } catch {
        guard wanted.contains(where: { $0.isNumber }) else {
            throw ControlError("\(ProgramName.current): --vibration: \(error); or synchronized, or steps like \"on 300, off 700\"")
        }
    }
    do {
        return try VibrationPattern(name: "custom", parsing: wanted)
    } catch {
        throw ControlError("\(ProgramName.current): --vibration \"\(wanted)\": \(error)")
    }
}

/// Whether the terminal can take the full screen: stdout is a terminal and TERM names one.
func wantsFullScreen(_ options: RunOptions) -> Bool {
    guard !options.plain, isatty(1) == 1 else { return false }
    let term = environment["TERM"] ?? ""
    return !term.isEmpty && term != "dumb"
}

func runPhone(_ options: RunOptions) -> Int32 {
    var startupNotices: [String] = []
    let signals = SignalPipe.install()

    // The ringtone is decoded once, now, so ringing never waits for a decoder; the built-in ring is
    // synthesized only when no file is there or it cannot be read.
    var ringtone: Ringtone?
    if !options.noAudio || options.vibration.map(VibrationCatalog.lookupKey) == SynchronizedVibration.name {
        var loaded: Ringtone?
        if let path = options.ringtone ?? Assets.defaultRingtone {
            do {
                loaded = try Console.withoutLibraryChatter { () throws(AudioError) in try Ringtone.load(path: path) }
            } catch {
                startupNotices.append("\(error); using the built-in classic ring")
            }
        }
        ringtone = (loaded ?? .classic()).withGap(milliseconds: options.ringGapMilliseconds)
    }
    var configuration = Phone.Configuration(app: options.app, rules: options.rules, settings: options.settings, person: options.person, build: options.build)
    // What iOS would make of each bundled sound as a notification sound (rule 42): the core cannot read files.
    for name in options.app.sounds.keys {
        guard let path = Assets.find("Ringtones/" + name), let problem = NotificationSound.problem(withFileAt: path) else { continue }
        configuration.soundProblems[name] = problem
    }
    do {
        configuration.vibration = try vibrationPattern(options, ringtone: ringtone)
    } catch {
        Console.error(error.message)
        return 2
    }

    let server: ControlServer
    do {
        if let folder = SocketPath.defaultFolder(explicit: options.socket, environment: environment) {
            try PrivateFolder.prepare(folder, what: "runtime folder", remedy: SocketPath.folderRemedy)
        }
        server = try ControlServer(path: SocketPath.resolve(explicit: options.socket, environment: environment))
        TerminalRestore.removeOnCrash(server.path)
    } catch {
        Console.error("\(ProgramName.current): \(error.message)")
        return 1
    }

    // The journal and Recents of earlier runs: Recents go back into the phone. A store that cannot
    // be opened (a full disk, a read-only folder) is tried again while the phone runs, and the
    // Recents it holds are still read if they can be.
    var directory = options.dataDirectory
    var journalWriter = JournalWriter(store: nil, open: nil)
    var recents: [RecentCall] = []
    do {
        if directory == nil { directory = try SQLiteCallStore.defaultDirectory(environment: environment) }
    } catch {
        journalWriter = JournalWriter(store: nil, open: nil, failure: error.message)
        startupNotices.append("\(error.message); calls will not be journaled or kept in Recents")
    }
    if let directory {
        do {
            let opened = try SQLiteCallStore.open(inDirectory: directory)
            journalWriter = JournalWriter(store: opened, open: nil)
            let unwritten = SQLiteCallStore.unwrittenDirectory(for: directory, environment: environment) + "/journal.sqlite"
            if access(unwritten, F_OK) == 0 {
                let moved = try opened.absorb(journalAt: unwritten)
                startupNotices.append("\(moved) call(s) the last run could not write to the journal are in it now (from \(unwritten))")
            }
            let crashed = try opened.recoverOpenCalls(endedAt: WallClock.unixTime())
            if !crashed.isEmpty {
                startupNotices.append("\(crashed.count) call(s) were in progress when the phone last stopped without ending them: recorded as ended by a crash")
            }
            recents = try opened.recents(app: options.app.id, limit: configuration.rules.recentsLimit)
        } catch {
            if case .success(let kept) = SQLiteCallStore.readRecents(inDirectory: directory, app: options.app.id, limit: configuration.rules.recentsLimit) {
                recents = kept
            }
            journalWriter = JournalWriter(store: nil, open: { () throws(ControlError) in try SQLiteCallStore.open(inDirectory: directory) }, failure: error.message)
            startupNotices.append("\(error.message); calls are kept in memory and written when the journal can be written")
        }
    }

    // A crash leaves its report beside the journal, not over the screen.
    if let directory {
        TerminalRestore.writeCrashReports(into: directory)
        journalWriter.unwrittenFolder = SQLiteCallStore.unwrittenDirectory(for: directory, environment: environment)
    }

    let mailbox = Mailbox()
    var webhook: Webhook?
    if let url = options.webhook {
        do {
            webhook = try Webhook(url: url) { mailbox.post(.webhook($0)) }
        } catch {
            startupNotices.append("\(error.message); server requests will not be posted")
        }
    }
    var audio: AudioEngine?
    if !options.noAudio {
        let output: AudioOutput = options.audioOut.map(AudioOutput.recording) ?? .device(options.audioDevice)
        audio = AudioEngine(
            output: output, ringtone: ringtone ?? .classic(), vibration: configuration.vibration,
            ringVolume: Double(options.ringVolume) / 100, buzzVolume: Double(options.buzzVolume) / 100,
            onNotice: { mailbox.post(.notice($0)) }, onEvent: { mailbox.post(.audio($0)) })
    }

    var display = options.headless ? Presenter.Display.headless : .plain(RawInput())
    if !options.headless && wantsFullScreen(options) {
        do {
            display = .fullScreen(try CursesTerminal())
        } catch {
            startupNotices.append("\(error); using plain mode")
        }
    }
    if case .plain(let input) = display { input.enable() }

    var generator = SystemRandomNumberGenerator()
    // The phone's wall clock starts where the real one is, on the monotonic timeline the shell feeds it.
    let wallClockStart = WallClock.unixTime() - Double(MonotonicClock().now().nanoseconds) / 1e9
    let phone = Phone(configuration: configuration, seed: generator.next(), wallClockStart: wallClockStart, recents: recents)
    // The app's own sounds (a notification extension's ring) are decoded on a thread of their own.
    let sounds = SystemSoundPlayer(
        app: configuration.app, vibration: configuration.rules.systemVibration, audio: audio,
        soundVolume: Double(options.ringVolume) / 100, buzzVolume: Double(options.buzzVolume) / 100, mailbox: mailbox)
    // The APNs endpoint: only with --apns (OpenSSL and nghttp2 are not touched otherwise).
    var apns: APNsEndpoint?
    if let address = options.apns {
        do {
            let device = APNsDevice(
                bundleIdentifier: phone.configuration.app.bundleIdentifier, voipToken: Hex.string(phone.voipToken), alertToken: Hex.string(phone.alertToken),
                environment: phone.apnsEnvironment)
            apns = try startAPNs(options, address: address, device: device, mailbox: mailbox)
        } catch {
            Console.error("\(ProgramName.current): \(error.message)")
            return 1
        }
        if let apns {
            let auth = apns.keyID.map { "token auth, key \($0)" } ?? "no provider token needed"
            let ports = apns.productionAddress.map { "\(apns.address) (development) and \($0) (production)" } ?? "\(apns.address)"
            startupNotices.append(
                "APNs endpoint on \(ports) (h2c and TLS, \(auth)); the phone's tokens are \(phone.apnsEnvironment.rawValue) ones; clients trust \(apns.certificatePath) as their CA")
        }
    }
    let shell = PhoneShell(
        phone: phone, display: display, audio: audio, sounds: sounds, toneRegion: options.toneRegion, server: server, journalWriter: journalWriter,
        webhook: webhook, apns: apns, mailbox: mailbox, signals: signals, startupNotices: startupNotices)
    return shell.run()
}

/// Starts the APNs endpoint on `address` with the credentials the options name.
func startAPNs(_ options: RunOptions, address: APNsAddress, device: APNsDevice, mailbox: Mailbox) throws(ControlError) -> APNsEndpoint {
    let dataDirectory: String
    if let given = options.dataDirectory { dataDirectory = given } else { dataDirectory = try SQLiteCallStore.defaultDirectory(environment: environment) }
    let tls = try APNsTLSContext(certificate: options.apnsCertificate, key: options.apnsCertificateKey, dataDirectory: dataDirectory)
    var authority: APNsTokenAuthority?
    if let path = options.apnsAuthKey, let team = options.apnsTeam {
        authority = try APNsTokenAuthority(path: path, teamID: team, keyID: options.apnsKeyID)
    }
    return try APNsEndpoint(
        address: address, productionAddress: options.apnsProduction, tls: tls, authority: authority, device: device,
        idleTimeoutSeconds: options.apnsIdleTimeout ?? APNsEndpoint.defaultIdleTimeoutSeconds,
        onNotice: { mailbox.post(.notice($0)) },
        onConnections: { mailbox.post(.apnsConnections($0)) },
        onRequests: { mailbox.post(.apns($0)) })
}
