import Glibc

/// What a figure must stay within.
enum Budget {
    /// Lower is better: at most this.
    case atMost(Double)
    /// Higher is better: at least this.
    case atLeast(Double)

    /// Whether `value` keeps to it (a figure not measured does not).
    func allows(_ value: Double) -> Bool {
        switch self {
        case .atMost(let limit): value <= limit
        case .atLeast(let floor): value >= floor
        }
    }

    /// "≤ 12" or "≥ 50".
    var text: String {
        switch self {
        case .atMost(let limit): "≤ \(Row.format(limit))"
        case .atLeast(let floor): "≥ \(Row.format(floor))"
        }
    }
}

/// One measured figure against its budget.
struct Row {
    let what: String
    let measured: Double
    let budget: Budget
    let unit: String
    var withinBudget: Bool { budget.allows(measured) }

    /// A figure as the report writes it: whole from 1,000 up, else to two decimals.
    static func format(_ value: Double) -> String {
        !value.isFinite ? "not measured" : value >= 1000 ? String(Int(value)) : String((value * 100).rounded() / 100)
    }
}

/// Prints every row and figure and exits: status 1 when a budget is missed.
@MainActor func report() -> Never {
    let sink = pacedALSA.isEmpty ? "ALSA device \(audioDevice)" : "ALSA, the paced capture device (Tests/alsa/paced.conf), waking the audio thread as a card does"
    print("softphone-bench: \(sink) on \(readText("/proc/sys/kernel/hostname").split(separator: "\n").first ?? "")")
    for row in rows {
        print("\(row.withinBudget ? "ok  " : "OVER") \(row.what): \(Row.format(row.measured)) \(row.unit) (budget \(row.budget.text))")
    }
    for figure in figures { print("    \(figure) (no budget)") }
    let missed = rows.filter { !$0.withinBudget }.count
    print("bench: \(rows.count - missed) within budget, \(missed) over")
    exit(missed == 0 ? 0 : 1)
}
