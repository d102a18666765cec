import SoftphoneControl

/// A scenario driver for the tour: another driver (the real-time one) with the presenter's keys
/// read between its slices of waiting, and a caption sent before each `at` step's request.
///
/// Space pauses the tour at once, mid-flow: nothing more is sent until it is pressed again, and
/// the time paused is taken off the flow's clock (`now`, and the times of the events that came
/// during the pause), so the flow's next steps come as long after the pause as they would have
/// come after the moment it started. The phone itself does not stop (iOS has no pause: a call
/// rings on, its timers run), so a flow paused in the middle of a timed step may not go as its
/// scenario says; the tour then says so and goes on. `n` and `q` end the flow: `advance` says why
/// (`skipped (n)`, `ended (q)`), which the runner reports as the flow's failure.
public struct DemoDriver<Inner: ScenarioDriver>: ScenarioDriver {
    /// How often keys are looked at while the flow waits.
    public static var slice: Duration { .milliseconds(100) }

    private var inner: Inner
    /// The tour's keys pressed since the last call; never blocks.
    private let readKeys: () -> [DemoKey]
    /// Shows the caption text given (a step's, or what the pause means), on the phone's screen.
    private let show: (String) -> Void
    /// The captions of the flow's `at` steps, in order, and the next one's index.
    private let captions: [String]
    private var nextCaption = 0
    /// The time paused so far, on the inner driver's clock.
    private var paused: Duration = .zero
    /// Where the events of the latest pause start.
    private var pausedFrom = 0
    public private(set) var events: [ScenarioEvent] = []
    /// Why the flow ended early: `n` or `q`.
    private var stop: DemoKey?

    /// A driver on `inner` that shows `captions` (one per `at` step) and reads the tour's keys
    /// with `readKeys`.
    public init(_ inner: Inner, captions: [String], readKeys: @escaping () -> [DemoKey], show: @escaping (String) -> Void) {
        self.inner = inner
        self.captions = captions
        self.readKeys = readKeys
        self.show = show
        sync()
    }

    /// Takes the inner driver's new events, their times on the flow's clock; `fixed` gives them
    /// all one time (the pause's start, for those that came during it).
    private mutating func sync(at fixed: Duration? = nil) {
        for event in inner.events.dropFirst(events.count) {
            var shifted = event
            shifted.time = fixed ?? event.time - paused
            events.append(shifted)
        }
    }

    /// The caption the tour shows while it is paused.
    public static var pausedCaption: String {
        "Paused: the phone runs on (iOS has no pause) · space goes on · n next flow · q ends"
    }

    public var now: Duration { inner.now - paused }
    public var tolerance: Duration { inner.tolerance }

    public mutating func perform(_ request: ControlRequest) -> String? {
        if nextCaption < captions.count {
            show(captions[nextCaption])
            nextCaption += 1
        }
        let refusal = inner.perform(request)
        sync()
        return refusal
    }

    public mutating func advance(to deadline: Duration, until wanted: (ScenarioEvent) -> Bool) -> String? {
        while true {
            for key in readKeys() {
                switch key {
                case .next, .quit:
                    stop = key
                    return key == .next ? "skipped (n)" : "ended (q)"
                case .pause:
                    if let quit = hold() { return quit }
                    if stop != nil { return stop == .next ? "skipped (n)" : "ended (q)" }
                    // An event that came during the pause may be the one waited for.
                    if events.dropFirst(pausedFrom).contains(where: wanted) { return nil }
                }
            }
            if now >= deadline { return nil }
            let end = min(deadline, now + Self.slice)
            let first = events.count
            let shift = paused
            let quit = inner.advance(to: end + shift) { event in
                var shifted = event
                shifted.time = event.time - shift
                return wanted(shifted)
            }
            sync()
            if let quit { return quit }
            if events[first...].contains(where: wanted) { return nil }
        }
    }

    /// Waits until space again (or `n`, `q`), reading the phone's events meanwhile so none is lost;
    /// they count as having come when the pause began. Returns why it could not (the phone quit).
    private mutating func hold() -> String? {
        show(Self.pausedCaption)
        let start = inner.now
        let at = now
        pausedFrom = events.count
        var quit: String?
        waiting: while quit == nil {
            for key in readKeys() {
                if key == .pause { break waiting }
                stop = key
                break waiting
            }
            quit = inner.advance(to: inner.now + Self.slice) { _ in false }
            sync(at: at)
        }
        paused += inner.now - start
        if stop == nil, quit == nil, nextCaption > 0 { show(captions[nextCaption - 1]) }
        return quit
    }
}
