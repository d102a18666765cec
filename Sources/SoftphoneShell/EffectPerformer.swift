import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore

/// Carries out what the core decided (`Effect`s): the ringer and tones on the audio thread,
/// sounds, events (their lines, the journal and Recents on disk, the webhook), and the quit.
/// Also turns what other threads report (audio, webhook) into events.
final class EffectPerformer {
    private let phone: Phone
    private let clock: MonotonicClock
    private let audio: AudioEngine?
    private let sounds: SystemSoundPlayer
    /// Whose ringback plays while an outgoing call connects (`--tone-region`).
    private let toneRegion: ToneRegion
    private let presenter: Presenter
    private let publisher: EventPublisher
    /// Posts the app's server requests to the developer's server (`--webhook`).
    private let webhook: Webhook?
    /// The journal and Recents on disk, through what keeps the writes a failing disk refuses.
    private let journalWriter: JournalWriter
    /// When waiting journal writes are tried again.
    private(set) var nextJournalRetry: Instant?
    /// How long a failing store is left alone between tries.
    static let journalRetryInterval: Duration = .seconds(2)
    /// Outgoing calls in progress, by UUID, so their journal rows say so.
    private var outgoingCalls: Set<String> = []
    /// Calls in progress by number, as the store keeps them until they end.
    private var openCalls: [Int: OpenCall] = [:]
    /// What the `.quit` effect calls: the loop's quit, with status 0.
    var onQuit: (Int32) -> Void = { _ in }

    init(phone: Phone, clock: MonotonicClock, audio: AudioEngine?, sounds: SystemSoundPlayer, toneRegion: ToneRegion,
         presenter: Presenter, publisher: EventPublisher, webhook: Webhook?, journalWriter: JournalWriter) {
        self.phone = phone
        self.clock = clock
        self.audio = audio
        self.sounds = sounds
        self.toneRegion = toneRegion
        self.presenter = presenter
        self.publisher = publisher
        self.webhook = webhook
        self.journalWriter = journalWriter
    }

    func perform(_ effects: [Effect]) {
        // A call's Recents entry is written with its journal row, in one transaction, before its
        // call.ended is published: whenever the phone is killed, the two agree, and a script that
        // saw the event finds the row.
        var recents: [String: RecentCall] = [:]
        for case .recordRecent(let recent) in effects { recents[recent.uuid] = recent }
        for effect in effects {
            switch effect {
            case .startRinging(let call): audio?.startRinging(tag: call)
            case .stopRinging: audio?.stopRinging()
            case .startCallTone(let tone, _): audio?.playTone(tone == .ringback ? ToneCatalog.ringback(toneRegion) : ToneCatalog.callWaiting)
            case .stopCallTone: audio?.stopRepeatingTone()
            case .playDTMF(let digit): if let tone = ToneCatalog.dtmf(digit) { audio?.playTone(tone) }
            case .systemSound(let sound): sounds.perform(sound, at: clock.now())
            case .event(let event): record(event, recent: &recents)
            case .recordRecent(let recent):
                // Kept with its call's journal row already, unless no call.ended came with it.
                if recents.removeValue(forKey: recent.uuid) != nil { keep(recent) }
            case .refused: break  // a key that means nothing here does nothing
            case .quit: onQuit(0)
            }
        }
        sounds.flush()
    }

    private func record(_ event: PhoneEvent, recent recents: inout [String: RecentCall]) {
        switch event {
        case .incoming(let call, let uuid, let caller), .outgoing(let call, let uuid, let caller):
            if case .outgoing = event { outgoingCalls.insert(uuid) }
            let open = OpenCall(app: phone.configuration.app.id, uuid: uuid, caller: caller, isOutgoing: outgoingCalls.contains(uuid))
            openCalls[call] = open
            keepOpen(open)
        case .connected(let call):
            if var open = openCalls[call] {
                open.isConnected = true
                openCalls[call] = open
                keepOpen(open)
            }
        case .ended(let call, let uuid, let caller, let reason, let duration, let actions):
            // Several calls can end in one command (quit): each row asks about its own call.
            let isOutgoing = outgoingCalls.remove(uuid) != nil
            openCalls[call] = nil
            journal(JournalEntry(
                app: phone.configuration.app.id, uuid: uuid, caller: caller, isOutgoing: isOutgoing, reason: reason,
                durationMilliseconds: duration.milliseconds, endedAt: WallClock.unixSeconds(), actions: actions),
                recent: recents.removeValue(forKey: uuid))
        default:
            break
        }
        presenter.show(event)
        let line = publisher.publish(event)
        // The same JSON the event stream carries, so one parser serves both.
        if case .serverRequest = event { webhook?.post(line) }
    }

    // MARK: - The journal

    /// Appends a row to the call journal and, in the same transaction, the call's Recents entry.
    private func journal(_ entry: JournalEntry, recent: RecentCall?) {
        report(journalWriter.write(.ended(entry, recent)))
    }

    /// Keeps a call in progress in the store, so a phone killed during it records it at the next start.
    private func keepOpen(_ call: OpenCall) {
        report(journalWriter.write(.open(call)))
    }

    /// Keeps a Recents entry on disk, so Recents survive a restart (iOS rule 48). (Every call's
    /// entry goes with its journal row; this is for one that came without its call's end.)
    private func keep(_ recent: RecentCall) {
        report(journalWriter.write(.recent(recent)))
    }

    /// Tries the journal writes that wait, when their time has come.
    func retryJournal(at now: Instant) {
        if let retry = nextJournalRetry, now >= retry { report(journalWriter.retry()) }
    }

    /// Says, as a `storage.failed` event, that the journal could not be opened at start (a full
    /// disk, a read-only folder, no data folder at all): its notice is among the start's, and a
    /// script waiting for the event must not depend on a call being written first.
    func reportJournalAtStart() {
        guard let error = journalWriter.failure else { return }
        publisher.publish("storage.failed", [("error", .string(error)), ("waiting", .number(Double(journalWriter.waiting.count)))])
    }

    /// Says once that the journal cannot be written (an event and a notice) and once that it can
    /// again; meanwhile the writes wait in memory and are tried every `journalRetryInterval`.
    private func report(_ change: JournalWriter.Change?) {
        nextJournalRetry = journalWriter.needsRetry ? clock.now() + Self.journalRetryInterval : nil
        switch change {
        case .failed(let error, let waiting)?:
            publisher.publish("storage.failed", [("error", .string(error)), ("waiting", .number(Double(waiting)))])
            presenter.show(notice: "\(error); calls are kept in memory and written when the journal can be written again")
        case .recovered(let written)?:
            publisher.publish("storage.recovered", [("written", .number(Double(written)))])
            presenter.show(notice: "the journal is written again: \(written) call(s) that waited are in it")
        case nil:
            break
        }
    }

    // MARK: - What other threads report

    /// Audio events go to the event stream only: they are not state changes of the phone.
    func record(_ event: AudioEvent) {
        let (name, fields): (String, [(String, JSON)]) = switch event {
        case .ringStarted(let call, let latency): ("ring.started", [("call", .number(Double(call))), ("latency_us", .number(Double(latency / 1000)))])
        case .ringStopped(let call, let latency): ("ring.stopped", [("call", .number(Double(call))), ("latency_us", .number(Double(latency / 1000)))])
        case .underrun(let total): ("audio.underrun", [("total", .number(Double(total)))])
        }
        publisher.publish(name, fields)
    }

    /// What became of a webhook post: an event, and a notice when a request is given up.
    func record(_ outcome: WebhookOutcome) {
        guard let webhook else { return }
        let url = JSON.string(webhook.url.description)
        switch outcome {
        case .delivered(let attempts, let status):
            publisher.publish("webhook.delivered", [("url", url), ("status", .number(Double(status))), ("attempts", .number(Double(attempts)))])
        case .failed(let attempt, let error, let willRetry):
            publisher.publish("webhook.failed", [("url", url), ("attempt", .number(Double(attempt))), ("error", .string(error)), ("will_retry", .bool(willRetry))])
            // The reason first: on a narrow screen the notice line is cut at its end.
            if !willRetry { presenter.show(notice: "webhook: \(error); gave up on a server request after \(attempt) attempts (\(webhook.url))") }
        case .overflowed(let dropped):
            publisher.publish("webhook.failed", [("url", url), ("dropped", .number(Double(dropped))), ("error", .string("the server is too slow: \(Webhook.capacity) requests were waiting")), ("will_retry", .bool(false))])
            presenter.show(notice: "webhook: dropped \(dropped) server request(s): \(Webhook.capacity) were already waiting for \(webhook.url)")
        }
    }

    /// The app's bundled sounds, decoded on their thread: they can be heard from now on.
    func soundsDecoded(_ clips: [String: SoundClip], buzz: (milliseconds: Int, clip: SoundClip)) {
        let names = sounds.decoded(clips, buzz: buzz, at: clock.now())
        publisher.publish("sounds.ready", [("sounds", .array(names.map(JSON.string)))])
    }

    /// Stops the audio thread.
    func shutDown() {
        audio?.shutdown()
    }

    /// At exit: the journal's last writes (`JournalWriter.finish`); what to say, if anything.
    func finishJournal() -> String? {
        journalWriter.finish()
    }
}
