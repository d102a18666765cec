import Glibc
import SoftphoneAPNs
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore

/// What other threads tell the main loop.
enum MailboxMessage: Sendable {
    /// A one-line warning, such as "cannot open the ALSA device".
    case notice(String)
    /// The audio thread started or stopped a ring, or recovered an underrun.
    case audio(AudioEvent)
    /// The webhook's thread posted a server request, or failed to.
    case webhook(WebhookOutcome)
    /// The APNs endpoint answered requests (an accepted push is for the phone to take).
    case apns([APNsExchange])
    /// The app's bundled sounds, decoded (`SystemSoundPlayer`), and a buzz made ready.
    case soundsDecoded([String: SoundClip], buzz: (milliseconds: Int, clip: SoundClip))
}

/// Carries messages from other threads (the audio and webhook threads) to the main loop: each goes into a
/// locked list and a byte on a pipe wakes poll().
final class Mailbox: Sendable {
    private let queued = Locked<[MailboxMessage]>([])
    /// The end the main loop polls.
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        (readEnd, writeEnd) = makeWakeUpPipe()
    }

    /// Queues a message; callable from any thread.
    func post(_ message: MailboxMessage) {
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

    /// The messages posted since the last call, oldest first (main loop only).
    func take() -> [MailboxMessage] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        return queued.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
