/// Converts a stream of stereo frames from one sample rate to another by linear interpolation.
///
/// Positions are computed with exact integer arithmetic, so there is no drift and equal rates pass
/// samples through unchanged. Limitation: linear interpolation has no anti-alias filter, so
/// downsampling folds content above 24 kHz back into the audible band and upsampling leaves faint
/// images above the source's Nyquist frequency. Good enough for ringtones; a windowed-sinc or
/// polyphase filter would be the upgrade.
struct LinearResampler {
    /// One stereo frame.
    typealias Frame = (left: Float, right: Float)

    private let inputRate: Int64
    private let outputRate: Int64
    private var inputFrames: Int64 = 0
    private var outputFrames: Int64 = 0
    private var first: Frame = (0, 0)
    private var previous: Frame = (0, 0)

    /// Makes a converter from `inputRate` to `outputRate` frames per second (both positive).
    init(from inputRate: Int, to outputRate: Int) {
        self.inputRate = Int64(inputRate)
        self.outputRate = Int64(outputRate)
    }

    /// Feeds one input frame and emits every output frame that now lies before it.
    mutating func push(_ frame: Frame, emit: (Frame) -> Void) {
        if inputFrames == 0 { first = frame } else { emitUpTo(next: frame, emit: emit) }
        previous = frame
        inputFrames += 1
    }

    /// Emits the output frames after the last input frame, interpolating towards the first one
    /// because a ringtone loops: the seam then sounds as smooth as any other pair of samples.
    mutating func finish(emit: (Frame) -> Void) {
        guard inputFrames > 0 else { return }
        emitUpTo(next: first, emit: emit)
    }

    /// Emits the outputs whose position falls between `previous` (input frame n-1) and `next` (frame n).
    private mutating func emitUpTo(next: Frame, emit: (Frame) -> Void) {
        let start = (inputFrames - 1) * outputRate
        while outputFrames * inputRate < inputFrames * outputRate {
            let fraction = Float(Double(outputFrames * inputRate - start) / Double(outputRate))
            emit((previous.left + (next.left - previous.left) * fraction,
                  previous.right + (next.right - previous.right) * fraction))
            outputFrames += 1
        }
    }
}
