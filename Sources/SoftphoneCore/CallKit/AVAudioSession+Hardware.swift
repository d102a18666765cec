/// The audio hardware as the session reports it: the phone's one output stream, which ALSA
/// plays at 48 kHz in stereo (every ringtone is converted to it) with 200 ms of buffer in
/// 50 ms periods, and a microphone that records nothing. Preferences are kept, not applied.
extension AVAudioSession {
    /// Channels of an output port and of a microphone.
    static let outputChannels = 2
    static let inputChannels = 1

    /// The rate the phone's sound plays at.
    public var sampleRate: Double { 48_000 }
    /// Kept as `preferredSampleRate`; the rate stays 48 kHz, as iOS may not grant a preference.
    public func setPreferredSampleRate(_ sampleRate: Double) throws(SessionError) {
        guard sampleRate > 0 else { throw SessionError(.badParam, "preferred sample rate \(sampleRate) Hz: use a rate above 0") }
        preferredSampleRate = sampleRate
    }

    /// ALSA's period, the length the phone's output is written in.
    public var ioBufferDuration: TimeInterval { 0.05 }
    /// Kept as `preferredIOBufferDuration`; the buffer stays ALSA's.
    public func setPreferredIOBufferDuration(_ duration: TimeInterval) throws(SessionError) {
        guard duration > 0 else { throw SessionError(.badParam, "preferred I/O buffer duration \(duration) s: use a duration above 0") }
        preferredIOBufferDuration = duration
    }

    public var inputNumberOfChannels: Int { Self.inputChannels }
    public var outputNumberOfChannels: Int { Self.outputChannels }
    /// Full: the phone has no volume buttons.
    public var outputVolume: Float { 1 }
    /// No microphone is recorded, so none delays it.
    public var inputLatency: TimeInterval { 0 }
    /// ALSA's buffer, what a sample waits before it is heard.
    public var outputLatency: TimeInterval { 0.2 }

    /// Whether another session plays: between `softphone interrupt begin` and `end`.
    public var isOtherAudioPlaying: Bool { phone?.device.otherAudioPlaying ?? false }
    /// Whether another app's primary audio plays, non-mixable: the same interruption. The phone
    /// never posts `silenceSecondaryAudioHintNotification`.
    public var secondaryAudioShouldBeSilencedHint: Bool { isOtherAudioPlaying }
}
