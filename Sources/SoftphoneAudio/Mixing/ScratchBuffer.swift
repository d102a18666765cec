/// Memory for the audio thread to render into: allocated once, zeroed, freed with its last owner.
///
/// A class, so a struct such as `RingMixer` can write into it from a `mutating` method while it
/// reads its other properties, with no exclusive access to itself and no copy-on-write check.
final class ScratchBuffer<Element: BitwiseCopyable> {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(capacity: Int, zero: Element) {
        buffer = .allocate(capacity: capacity)
        buffer.initialize(repeating: zero)
    }

    deinit { buffer.deallocate() }
}
