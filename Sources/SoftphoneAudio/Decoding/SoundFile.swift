import CSndFile
import Glibc
import SoftphoneCore

/// A libsndfile handle: each C call behind one method, a failure thrown as `SoundFileError` on the next line.
///
/// Used to decode ringtones (any format libsndfile reads) and to write the WAV files that stand in for a
/// speaker. Not `Sendable`: one owner at a time.
final class SoundFile {
    /// The sample rate in frames per second.
    let sampleRate: Int
    /// Interleaved channels per frame.
    let channels: Int
    /// Frames in the file when opened for reading, as the header says (an estimate for some formats).
    let frames: Int64
    /// libsndfile's format code: major format (container) | subtype (encoding).
    let format: Int32

    private var handle: OpaquePointer?

    private init(handle: OpaquePointer, info: SF_INFO) {
        self.handle = handle
        self.sampleRate = Int(info.samplerate)
        self.channels = Int(info.channels)
        self.frames = info.frames
        self.format = info.format
    }

    deinit { if let handle { sf_close(handle) } }

    /// libsndfile keeps the reason a file failed to open in one process-wide slot (`sf_strerror(NULL)`):
    /// opening and reading that reason happen under this lock, so two threads opening files at once
    /// (the audio thread and a `play`, or parallel tests) never get each other's message.
    private static let openLock = Locked(())

    private static func opening<R>(_ body: () -> R) -> R {
        openLock.withLock { body() }
    }

    /// Opens a file for reading; a missing file or a directory is named as such.
    /// The corresponding C function is `sf_open(SFM_READ)`.
    static func open(readingFrom path: String) throws(SoundFileError) -> SoundFile {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let error = SystemError.current
            throw SoundFileError(reason: error.code == ENOENT ? "no such file" : error.reason)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw SoundFileError(reason: "is a directory, not a sound file") }
        var info = SF_INFO()
        let opened = SoundFile.opening { (handle: sf_open(path, Int32(SFM_READ), &info), error: String(cString: sf_strerror(nil))) }
        guard let handle = opened.handle else { throw SoundFileError(libraryMessage: opened.error) }
        return SoundFile(handle: handle, info: info)
    }

    /// A format this package writes: a container and its encoding.
    enum Format: Sendable {
        /// 16-bit linear PCM in a RIFF WAV file.
        case wav16
        /// 16-bit linear PCM in an Apple Core Audio Format file.
        case caf16
        /// MPEG-1/2 Audio Layer III, encoded by LAME (libsndfile ≥ 1.1 built with it).
        case mp3

        /// The libsndfile format code: major format | encoding.
        var code: Int32 {
            switch self {
            case .wav16: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
            case .caf16: Int32(SF_FORMAT_CAF | SF_FORMAT_PCM_16)
            case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
            }
        }

        /// How a message names the format.
        var name: String {
            switch self {
            case .wav16: "16-bit PCM WAV"
            case .caf16: "16-bit PCM CAF"
            case .mp3: "MP3"
            }
        }
    }

    /// Creates (or truncates) a 16-bit PCM WAV file. The corresponding C function is `sf_open(SFM_WRITE)`.
    static func create(wavAt path: String, sampleRate: Int, channels: Int) throws(SoundFileError) -> SoundFile {
        try create(at: path, format: .wav16, sampleRate: sampleRate, channels: channels)
    }

    /// Creates (or truncates) a file in `format`, after asking libsndfile whether it can write that format
    /// at all (MP3 needs libsndfile ≥ 1.1 built with LAME). The corresponding C functions are
    /// `sf_format_check` and `sf_open(SFM_WRITE)`.
    static func create(at path: String, format: Format, sampleRate: Int, channels: Int) throws(SoundFileError) -> SoundFile {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format.code
        guard sf_format_check(&info) != 0 else {
            throw SoundFileError(
                reason: "this libsndfile cannot write \(format.name) at \(sampleRate) Hz, \(channels) channel(s)"
                    + (format == .mp3 ? " (MP3 needs libsndfile 1.1 or later, built with LAME)" : ""))
        }
        let opened = SoundFile.opening { (handle: sf_open(path, Int32(SFM_WRITE), &info), error: String(cString: sf_strerror(nil))) }
        guard let handle = opened.handle else { throw SoundFileError(libraryMessage: opened.error) }
        return SoundFile(handle: handle, info: info)
    }

    /// Reads up to `frames` interleaved frames as floats in -1...1; 0 at the end of the file.
    /// The corresponding C function is `sf_readf_float`.
    func read(into samples: UnsafeMutableBufferPointer<Float>, frames: Int) throws(SoundFileError) -> Int {
        let read = sf_readf_float(handle, samples.baseAddress, sf_count_t(frames))
        guard sf_error(handle) == 0 else { throw lastError() }
        return Int(read)
    }

    /// Appends interleaved 16-bit frames. The corresponding C function is `sf_writef_short`.
    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(SoundFileError) {
        let written = sf_writef_short(handle, samples.baseAddress, sf_count_t(frames))
        guard written == sf_count_t(frames) else { throw lastError() }
    }

    /// Cuts the file back to its first `frames` frames, so later writes continue from there.
    /// The corresponding C function is `sf_command(SFC_FILE_TRUNCATE)`.
    func truncate(toFrames frames: Int64) throws(SoundFileError) {
        var length = sf_count_t(frames)
        let failed = sf_command(handle, Int32(SFC_FILE_TRUNCATE), &length, Int32(MemoryLayout<sf_count_t>.size))
        guard failed == 0 else { throw lastError() }
    }

    /// Rewrites the header so the file is valid even if the process dies before `close()`.
    /// The corresponding C function is `sf_command(SFC_UPDATE_HEADER_NOW)`.
    func updateHeader() {
        _ = sf_command(handle, Int32(SFC_UPDATE_HEADER_NOW), nil, 0)  // returns nothing useful
    }

    /// Finishes the header and closes the file; later calls do nothing. The corresponding C function is `sf_close`.
    func close() throws(SoundFileError) {
        guard let handle else { return }
        self.handle = nil
        let code = sf_close(handle)
        guard code == 0 else { throw SoundFileError(libraryMessage: String(cString: sf_error_number(code))) }
    }

    /// libsndfile's names for the container and the encoding, e.g. "WAV (Microsoft), U-Law"; nil if it
    /// has no name for the container. The corresponding C function is `sf_command(SFC_GET_FORMAT_INFO)`.
    var formatName: String? {
        func name(of code: Int32) -> String? {
            var info = SF_FORMAT_INFO()
            info.format = code
            let failed = sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
            guard failed == 0, let text = info.name else { return nil }
            return String(cString: text)
        }
        guard let container = name(of: format & Int32(SF_FORMAT_TYPEMASK)) else { return nil }
        guard let encoding = name(of: format & Int32(SF_FORMAT_SUBMASK)) else { return container }
        return container + ", " + encoding
    }

    /// What libsndfile noted while parsing the header, one finding a line (chunk sizes, and what they
    /// should have been). The corresponding C function is `sf_command(SFC_GET_LOG_INFO)`.
    var headerLog: String {
        var text = [CChar](repeating: 0, count: 4_096)
        let count = sf_command(handle, Int32(SFC_GET_LOG_INFO), &text, Int32(text.count))
        return String(decoding: text.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The audio chunk's size as the header declares it and as the file holds it, in bytes, when the
    /// file ends before the chunk does (a cut-off download or copy); nil for a whole file.
    /// libsndfile reads what is there without complaint, logging "data : 16000 (should be 1000)"
    /// (WAV, W64, CAF) or "SSND : … (should be …)" (AIFF): that line is what this reads.
    var truncatedAudio: (declared: Int, present: Int)? {
        for line in headerLog.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 6, words[0] == "data" || words[0] == "SSND", words[1] == ":", words[3] == "(should", words[4] == "be",
                let declared = Int(words[2]), let present = Int(words[5].prefix { $0 != ")" }), present < declared
            else { continue }
            return (declared, present)
        }
        return nil
    }

    private func lastError() -> SoundFileError {
        SoundFileError(libraryMessage: String(cString: sf_strerror(handle)))
    }
}
