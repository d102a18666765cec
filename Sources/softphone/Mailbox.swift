import Glibc
import Synchronization

/// Carries one-line notices from other threads (the audio thread's "cannot open the device")
/// to the main loop: the text goes into a locked list and a byte on a pipe wakes poll().
final class NoticeChannel: Sendable {
    private let queued = Mutex<[String]>([])
    /// The end the main loop polls.
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        (readEnd, writeEnd) = makeWakeUpPipe()
    }

    /// Queues a notice; callable from any thread.
    func post(_ text: String) {
        queued.withLock { $0.append(text) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The notices posted since the last call (main loop only).
    func take() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        return queued.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
