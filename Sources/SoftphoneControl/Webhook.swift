import Glibc
import SoftphoneCore

/// What became of one webhook post, reported from the webhook's thread.
public enum WebhookOutcome: Equatable, Sendable {
    /// The server answered 2xx.
    case delivered(attempts: Int, status: Int)
    /// An attempt failed; another follows unless `willRetry` is false (then the post is dropped).
    case failed(attempt: Int, error: String, willRetry: Bool)
    /// Posts were waiting when the queue was full: the oldest were dropped.
    case overflowed(dropped: Int)
}

/// Posts each of the app's server requests (`--webhook URL`) to the developer's own server as
/// the JSON of its event line, on a thread of its own: a slow or dead server never blocks the
/// phone. A failed post is retried a few times with growing pauses, then dropped and reported.
public final class Webhook: Sendable {
    public let url: WebhookURL
    /// Pauses before the 2nd, 3rd and 4th attempts (seconds).
    public let retryDelays: [Double]
    /// How long one attempt may take to connect, and then to be answered (seconds).
    public let timeoutSeconds: Double
    /// Posts waiting beyond this are dropped, oldest first: memory stays bounded whatever the server does.
    public static let capacity = 256
    /// This webhook's own limit (a fleet's phones register all at once).
    private let limit: Int

    private let waiting = Locked<[String]>([])
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let onOutcome: @Sendable (WebhookOutcome) -> Void

    /// Starts the webhook's thread. `onOutcome` is called on that thread.
    public init(
        url: WebhookURL, retryDelays: [Double] = [0.25, 0.5, 1], timeoutSeconds: Double = 2, capacity: Int = Webhook.capacity,
        onOutcome: @escaping @Sendable (WebhookOutcome) -> Void
    ) throws(ControlError) {
        self.url = url
        limit = capacity
        self.retryDelays = retryDelays
        self.timeoutSeconds = timeoutSeconds
        self.onOutcome = onOutcome
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ControlError("--webhook: cannot make a pipe for its thread: \(errnoText())") }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        do {
            try DetachedThread.start { [self] in run() }
        } catch {
            throw ControlError("--webhook: \(error.message)")
        }
    }

    /// Queues `body` (one JSON object) for posting; returns at once.
    public func post(_ body: String) {
        let dropped = waiting.withLock { list in
            list.append(body)
            let excess = max(0, list.count - limit)
            list.removeFirst(excess)
            return excess
        }
        if dropped > 0 { onOutcome(.overflowed(dropped: dropped)) }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: - The webhook's thread

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(wakeRead, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            while let body = waiting.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { deliver(body) }
        }
    }

    private func deliver(_ body: String) {
        var attempt = 0
        while true {
            attempt += 1
            switch HTTPPost.send(body, to: url, timeoutSeconds: timeoutSeconds) {
            case .success(let status):
                onOutcome(.delivered(attempts: attempt, status: status))
                return
            case .failure(let error):
                let willRetry = attempt <= retryDelays.count
                onOutcome(.failed(attempt: attempt, error: error.message, willRetry: willRetry))
                guard willRetry else { return }
                sleepSeconds(retryDelays[attempt - 1])
            }
        }
    }

    private func sleepSeconds(_ seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var left = timespec()
        while nanosleep(&pause, &left) != 0, errno == EINTR { pause = left }
    }
}
