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
    /// The APNs endpoint closed connections to keep them bounded: its figures now.
    case apnsConnections(APNsConnectionFigures)
    /// The app's bundled sounds, decoded (`SystemSoundPlayer`), and a buzz made ready.
    case soundsDecoded([String: SoundClip], buzz: (milliseconds: Int, clip: SoundClip))
}

/// Carries messages from other threads (the audio, webhook and APNs threads) to the main loop.
typealias Mailbox = WakeUpQueue<MailboxMessage>
