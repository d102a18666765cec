import Glibc

/// The lock screen's clock: local wall time, read by the shell only (the core never sees it).
enum WallClock {
    /// "18:47" and "Sunday 29 November" for now, plus the seconds until the minute changes.
    static func now() -> (time: String, date: String, secondsToNextMinute: Int) {
        var seconds = time(nil)
        // The texts change once a minute, but the shell asks at every wake-up (several a second while
        // ringing); localtime and strftime cost more than the rest of a frame's bookkeeping.
        // Today's UTC offsets are whole minutes, so local minutes start with UNIX minutes.
        let toNextMinute = 60 - Int(seconds % 60)
        if let cached = minute, cached.index == seconds / 60 { return (cached.time, cached.date, toNextMinute) }
        var parts = tm()
        localtime_r(&seconds, &parts)
        let texts = (time: format("%H:%M", parts), date: format("%A %-d %B", parts))
        minute = (seconds / 60, texts.time, texts.date)
        return (texts.time, texts.date, toNextMinute)
    }

    /// The texts of the last minute asked about (UNIX seconds / 60). Only the main thread calls `now()`.
    private nonisolated(unsafe) static var minute: (index: Int, time: String, date: String)?

    /// UNIX seconds, for the journal.
    static func unixSeconds() -> Int64 { Int64(time(nil)) }

    /// UNIX time with sub-second precision.
    static func unixTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    private static func format(_ pattern: String, _ parts: tm) -> String {
        var parts = parts
        var buffer = [CChar](repeating: 0, count: 64)
        let n = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
