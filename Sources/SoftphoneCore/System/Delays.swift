/// The rules' delays in whole nanoseconds, as `Instant` arithmetic wants them.
struct Delays {
    let secondReportCheck: Int64
    let actionTimeout: Int64
    let ringWithoutTimerWarning: Int64

    init(_ rules: Phone.Rules) {
        secondReportCheck = rules.secondReportCheck.nanoseconds
        actionTimeout = rules.actionTimeout.nanoseconds
        ringWithoutTimerWarning = rules.ringWithoutTimerWarning.nanoseconds
    }
}

extension Instant {
    /// The instant `nanoseconds` later (`Delays`' values).
    static func + (a: Instant, nanoseconds: Int64) -> Instant { Instant(nanoseconds: a.nanoseconds + nanoseconds) }
}
