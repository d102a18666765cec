import Glibc
import SoftphoneCore
import Testing

@testable import SoftphoneAudio

/// Figures for DESIGN.md's budgets, on demand only (they take seconds and depend on the machine):
///
///     SOFTPHONE_AUDIO_BENCHMARK=1 swift test --filter AudioBenchmarkTests
///
/// `SOFTPHONE_AUDIO_DEVICE=default` plays through ALSA instead of a WAV file; on a machine without a
/// sound card, point ALSA at ../shared/alsa/asoundrc.paced48 to hear (and time) it, and set
/// `SOFTPHONE_AUDIO_CAPTURE_DIR` to its `ALSA_CAPTURE_DIR` to check what ALSA received:
///
///     ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:../shared/alsa/asoundrc.paced48 \
///     ALSA_PACER=../shared/alsa/alsa_pacer.py ALSA_CAPTURE_DIR=/tmp/cap SOFTPHONE_AUDIO_CAPTURE_DIR=/tmp/cap \
///     SOFTPHONE_AUDIO_DEVICE=default SOFTPHONE_AUDIO_BENCHMARK=1 swift test --filter AudioBenchmarkTests
@Suite("Audio benchmarks", .serialized, .enabled(if: getenv("SOFTPHONE_AUDIO_BENCHMARK") != nil))
struct AudioBenchmarkTests {
    /// CPU time this process has used, user plus system, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    /// Nanoseconds the audio thread has run, from /proc/self/task/*/schedstat (finer than rusage's ticks).
    static func audioThreadNanoseconds() -> Int64 {
        guard let tasks = opendir("/proc/self/task") else { return -1 }
        defer { closedir(tasks) }
        while let entry = readdir(tasks) {
            let id = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard id.first != ".", read("/proc/self/task/\(id)/comm") == "softphone-audio\n" else { continue }
            return Int64(read("/proc/self/task/\(id)/schedstat").split(separator: " ").first ?? "") ?? -1
        }
        return -1
    }

    /// A small text file's contents.
    static func read(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = Glibc.read(descriptor, &bytes, bytes.count)
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
    }

    @Test("start latency, stop latency, CPU while ringing and idle")
    func ring() async throws {
        let folder = TemporaryDirectory()
        let output: AudioOutput = getenv("SOFTPHONE_AUDIO_DEVICE").map { .device(String(cString: $0)) }
            ?? .wavFile(folder.file("benchmark.wav"))
        let engine = AudioEngine(output: output, ringtone: .classic(), vibration: .standard) { print("notice: \($0)") }
        var starts: [Double] = []
        var stops: [Double] = []
        for _ in 0..<5 {
            engine.startRinging()
            try await Task.sleep(for: .milliseconds(300))
            engine.stopRinging()
            try await Task.sleep(for: .milliseconds(100))
            starts.append(Double(engine.statistics.startLatencyNanoseconds ?? -1) / 1e6)
            stops.append(Double(engine.statistics.stopLatencyNanoseconds ?? -1) / 1e6)
        }
        let ringingSeconds = 5.0
        var cpu = Self.cpuSeconds()
        let threadBefore = Self.audioThreadNanoseconds()
        engine.startRinging()
        try await Task.sleep(for: .seconds(ringingSeconds))
        let ringingCPU = (Self.cpuSeconds() - cpu) / ringingSeconds * 100
        let threadCPU = Double(Self.audioThreadNanoseconds() - threadBefore) / 1e9 / ringingSeconds * 100
        engine.stopRinging()
        cpu = Self.cpuSeconds()
        try await Task.sleep(for: .seconds(2))
        let idleCPU = (Self.cpuSeconds() - cpu) / 2 * 100
        engine.shutdown()
        let statistics = engine.statistics
        print("audio benchmark (\(output)): start→first write ms \(starts), stop→drop ms \(stops)")
        print("audio benchmark: CPU ringing \(ringingCPU) % of a core (audio thread \(threadCPU) %), idle \(idleCPU) %, underruns \(statistics.underruns)")
    }

    @Test("ALSA receives exactly what the mixer renders",
          .enabled(if: getenv("SOFTPHONE_AUDIO_DEVICE") != nil && getenv("SOFTPHONE_AUDIO_CAPTURE_DIR") != nil))
    func alsaCapture() async throws {
        guard let device = getenv("SOFTPHONE_AUDIO_DEVICE"), let directory = getenv("SOFTPHONE_AUDIO_CAPTURE_DIR") else { return }
        let before = Self.captures(in: String(cString: directory))
        let engine = AudioEngine(
            output: .device(String(cString: device)), ringtone: .classic(), vibration: .standard) { Issue.record("\($0)") }
        engine.startRinging()
        try await Task.sleep(for: .milliseconds(1_500))
        engine.stopRinging()
        engine.shutdown()
        try await Task.sleep(for: .milliseconds(300))  // the pacer finishes its file after the device closes
        let new = Self.captures(in: String(cString: directory)).subtracting(before)
        #expect(new.count == 1)
        guard let capture = new.first else { return }
        let played = try Ringtone.load(path: String(cString: directory) + "/" + capture).samples
        var mixer = RingMixer(ringtone: .classic(), vibration: .standard)
        var expected = [Int16](repeating: 0, count: played.count)
        expected.withUnsafeMutableBufferPointer { mixer.render(into: $0, frames: played.count / 2) }
        let matching = zip(played, expected).prefix { $0 == $1 }.count / 2
        print("audio benchmark: ALSA capture \(capture): \(played.count / 2) frames, first \(matching) match the mixer")
        #expect(matching >= 48_000, "at least the first second arrives intact")
    }

    /// The WAV files the ALSA pacer has written into `directory`.
    static func captures(in directory: String) -> Set<String> {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var names: Set<String> = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".wav") { names.insert(name) }
        }
        return names
    }

    @Test("mixer cost per second of audio")
    func mixerCost() {
        var mixer = RingMixer(ringtone: .classic(), vibration: .standard)
        let buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: 2 * 960)
        defer { buffer.deallocate() }
        let seconds = 60
        let start = MonotonicClock.nanoseconds()
        for _ in 0..<(seconds * 50) { mixer.render(into: buffer, frames: 960) }
        let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e9
        print("audio benchmark: mixing costs \(elapsed / Double(seconds) * 100) % of a core")
    }
}
