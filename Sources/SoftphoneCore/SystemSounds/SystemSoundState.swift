/// AudioToolbox's state on the phone: registered sounds, completion routines, sounds playing and
/// the vibration motor. Sounds belong to the process that registered them (the app's launch, or an
/// extension process below zero).
struct SystemSoundState {
    /// A sound file registered with `AudioServicesCreateSystemSoundID`.
    struct Registered {
        let name: String
        let length: Duration
        let process: Int
    }

    /// A completion routine added with `AudioServicesAddSystemSoundCompletion`.
    struct Completion {
        let routine: AudioServicesSystemSoundCompletionProc
        let clientData: UnsafeMutableRawPointer?
    }

    /// Which process's routine for which sound.
    struct CompletionKey: Hashable {
        let process: Int
        let sound: SystemSoundID
    }

    /// One play of a sound.
    struct Playing {
        let sound: SystemSoundID
        let name: String
        /// Nil for the system's own (a notification's sound).
        let process: Int?
        /// The block of `AudioServicesPlaySystemSoundWithCompletion`, if any.
        let completion: (() -> Void)?
    }

    /// The next number `AudioServicesCreateSystemSoundID` gives (iOS's are above 4096 too).
    var nextID: SystemSoundID = 4097
    var registered: [SystemSoundID: Registered] = [:]
    var completions: [CompletionKey: Completion] = [:]
    /// Plays in progress, by play number.
    var playing: [Int: Playing] = [:]
    /// Plays started so far.
    var plays = 0
    /// When the motor stops.
    var vibratingUntil = Instant.zero
}
