import SoftphoneAudio
import SoftphoneCore
import SoftphoneTestSupport

// The audio engine alone: trigger → first ringtone frame to the sink, and stop → silence.

/// The audio engine's rows.
@MainActor func audioEngineBench() {
    let output = AudioOutput.device(audioDevice)
    let engine = AudioEngine(output: output, ringtone: .classic(), vibration: .standard) { print("notice: \($0)") }
    var starts: [Double] = []
    var stops: [Double] = []
    for _ in 0..<9 {
        engine.startRinging()
        pause(0.3)
        engine.stopRinging()
        // Rings come seconds apart. ALSA's file plugin (the paced capture) writes out what it holds at
        // snd_pcm_drop, in real time, before the next ring can start: up to its 200 ms buffer.
        pause(0.5)
        // A latency the engine has not recorded yet counts as too slow, never as a fast one.
        starts.append(engine.statistics.startLatencyNanoseconds.map { Double($0) / 1e6 } ?? .infinity)
        stops.append(engine.statistics.stopLatencyNanoseconds.map { Double($0) / 1e6 } ?? .infinity)
    }
    engine.shutdown()
    rows.append(Row(what: "trigger → first ringtone frame to the sink (median of 9)", measured: median(starts), budget: .atMost(1), unit: "ms"))
    rows.append(Row(what: "stop → ring silenced (snd_pcm_drop issued, median of 9)", measured: median(stops), budget: .atMost(5), unit: "ms"))
    let unseen = (starts + stops).filter { $0 == .infinity }.count
    if unseen > 0 { figures.append("\(unseen) of 18 ring starts and stops were not recorded within 0.3–0.5 s (counted as too slow)") }
}
