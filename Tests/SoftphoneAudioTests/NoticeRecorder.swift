import Synchronization

/// Collects the lines an `AudioEngine` reports through `onNotice`, from whatever thread.
final class NoticeRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    /// What has been reported so far.
    var notices: [String] { lines.withLock { $0 } }

    /// The closure to pass as `onNotice`.
    var record: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }
}
