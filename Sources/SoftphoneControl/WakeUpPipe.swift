import Glibc
import SoftphoneCore

/// A non-blocking, close-on-exec pipe: the way other threads and signal handlers wake poll().
public func makeWakeUpPipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    _ = pipe(&ends)
    for fd in ends {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
}

/// Carries messages from other threads to one thread's poll() loop: each goes into a locked list,
/// and a byte on a wake-up pipe wakes the loop. The main loop's mailbox, and the sockets the APNs
/// endpoint's listening thread hands its other threads.
package final class WakeUpQueue<Message: Sendable>: Sendable {
    private let queued = Locked<[Message]>([])
    /// The end the loop polls.
    package let readEnd: Int32
    private let writeEnd: Int32

    package init() {
        (readEnd, writeEnd) = makeWakeUpPipe()
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Queues a message; callable from any thread.
    package func post(_ message: Message) {
        // One wake-up for a batch: `take` empties the pipe before it takes every queued message,
        // so a message added to a queue that was not empty is taken with the ones before it.
        let wasEmpty = queued.withLock { list in
            defer { list.append(message) }
            return list.isEmpty
        }
        guard wasEmpty else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The messages posted since the last call, oldest first (the polling thread only).
    package func take() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        return queued.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
