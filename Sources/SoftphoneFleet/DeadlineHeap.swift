import SoftphoneCore

/// The phones' next deadlines, soonest first: a binary heap of (instant, phone). A phone's entry
/// is not removed when its deadline moves; the fleet pushes the new one and skips stale entries.
struct DeadlineHeap {
    private var entries: [(due: Instant, phone: Int)] = []

    var soonest: (due: Instant, phone: Int)? { entries.first }

    mutating func push(_ due: Instant, phone: Int) {
        entries.append((due, phone))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].due < entries[parent].due else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (due: Instant, phone: Int)? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let top = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].due < entries[smallest].due { smallest = left }
            if right < entries.count, entries[right].due < entries[smallest].due { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
