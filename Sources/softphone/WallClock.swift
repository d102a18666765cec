import Glibc

/// The lock screen's clock: local wall time, read by the shell only (the core never sees it).
enum WallClock {
    /// "18:47" and "Sunday 29 November" for now, plus the seconds until the minute changes.
    static func now() -> (time: String, date: String, secondsToNextMinute: Int) {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return (format("%H:%M", parts), format("%A %-d %B", parts), 60 - Int(parts.tm_sec))
    }

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
