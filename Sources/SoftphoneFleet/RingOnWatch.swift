import SoftphoneCore

/// For users with several devices: once one device answered or declined a call, the calls still
/// ringing on the user's other devices must stop within `limit` — the backend's ending push.
/// Each such call is watched until it stops ringing; one that rings on past its limit is late.
struct RingOnWatch {
    /// How long another device may go on ringing after one answered or declined.
    static let limit: Duration = .seconds(5)

    struct Key: Hashable {
        let phone: Int
        let call: Int
    }

    /// The calls watched, with their deadline and what the other device did (`answered`, `declined`).
    private var deadlines: [Key: (due: Instant, after: String)] = [:]
    /// The same calls in the order they were watched, which is their deadlines' order.
    private var queue: [Key] = []
    private var head = 0

    var isEmpty: Bool { deadlines.isEmpty }

    /// Call `call` of phone `phone` rings on while another device of its user was `after` at `now`.
    mutating func watch(phone: Int, call: Int, from now: Instant, after: String) {
        let key = Key(phone: phone, call: call)
        guard deadlines[key] == nil else { return }
        deadlines[key] = (now + Self.limit, after)
        queue.append(key)
    }

    /// The call stopped ringing at `now`: what the other device did, if it rang on past its limit.
    mutating func stopped(phone: Int, call: Int, at now: Instant) -> String? {
        guard let watched = deadlines.removeValue(forKey: Key(phone: phone, call: call)) else { return nil }
        return now > watched.due ? watched.after : nil
    }

    /// The watched calls still ringing past their limit at `now`, no longer watched.
    mutating func overdue(at now: Instant) -> [(key: Key, after: String)] {
        var late: [(key: Key, after: String)] = []
        while head < queue.count {
            let key = queue[head]
            if let watched = deadlines[key] {
                guard watched.due < now else { break }
                deadlines[key] = nil
                late.append((key, watched.after))
            }
            head += 1
        }
        // The keys already passed are dropped now and then, not one by one.
        if head > 1024, head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return late
    }
}
