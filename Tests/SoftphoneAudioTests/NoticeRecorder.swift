import SoftphoneAudio
import SoftphoneCore

/// Collects what an `AudioEngine` reports through `onNotice` and `onEvent`, from whatever thread.
final class NoticeRecorder: Sendable {
    private let lines = Locked<[String]>([])
    private let audioEvents = Locked<[AudioEvent]>([])

    /// The notices reported so far.
    var notices: [String] { lines.withLock { $0 } }
    /// The events reported so far.
    var events: [AudioEvent] { audioEvents.withLock { $0 } }

    /// The closure to pass as `onNotice`.
    var record: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }

    /// The closure to pass as `onEvent`.
    var recordEvent: @Sendable (AudioEvent) -> Void {
        { [self] event in audioEvents.withLock { $0.append(event) } }
    }
}
