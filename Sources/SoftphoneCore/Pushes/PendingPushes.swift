/// The VoIP pushes between delivery and the system's second check (iOS rule 5), by push number.
///
/// Numbers are handed out in order and pushes leave in that order (each at its second check, or
/// all at once), so they live in an array indexed from the oldest: no hashing, and flags change
/// in place (a dictionary's `pending[id]?.reported = true` would allocate its accessor's frame).
struct PendingPushes {
    private var slots: [PendingPush?] = []
    /// The index in `slots` of the oldest push still kept.
    private var head = 0
    /// The number of the push in `slots[0]`.
    private var firstNumber = 0

    /// Keeps `push` as number `number`, which must be higher than any kept so far.
    /// (`consuming`, and consumed: the push moves in; borrowed, it would be copied and the caller's destroyed.)
    mutating func add(_ number: Int, _ push: consuming PendingPush) {
        if slots.isEmpty { firstNumber = number }
        while firstNumber + slots.count < number { slots.append(nil) }
        slots.append(consume push)
    }

    /// The push numbered `number`, if kept.
    subscript(number: Int) -> PendingPush? {
        guard let index = index(of: number) else { return nil }
        return slots[index]
    }

    /// The push's body, if kept.
    func payload(of number: Int) -> JSON? { index(of: number).flatMap { slots[$0]?.payload } }

    /// Whether a call was reported since the push arrived; nil if it is not kept.
    func isReported(_ number: Int) -> Bool? { index(of: number).flatMap { slots[$0]?.reported } }

    /// Whether iOS does not require a report for the push (rules 6, 8); nil if it is not kept.
    func isExempt(_ number: Int) -> Bool? { index(of: number).flatMap { slots[$0]?.isExempt } }

    /// Whether a push is kept.
    func contains(_ number: Int) -> Bool { index(of: number).map { slots[$0] != nil } ?? false }

    /// A call was reported since the push arrived.
    mutating func markReported(_ number: Int) {
        if let index = index(of: number), slots[index] != nil { slots[index]!.reported = true }
    }

    /// The app was killed over the push.
    mutating func markKilled(_ number: Int) {
        if let index = index(of: number), slots[index] != nil { slots[index]!.killed = true }
    }

    /// Forgets the push (without the copy `remove` makes to return it).
    mutating func forget(_ number: Int) {
        guard let index = index(of: number), slots[index] != nil else { return }
        slots[index] = nil
        while head < slots.count, slots[head] == nil { head += 1 }
        // Emptied once 64 are forgotten, not at every push: `removeAll` costs more than the push.
        if head == slots.count, head >= 64 {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1024, head * 2 > slots.count {
            // Drop the forgotten front now and then, so memory follows the pushes still kept.
            slots.removeFirst(head)
            firstNumber += head
            head = 0
        }
    }

    /// Forgets the push and returns it.
    mutating func remove(_ number: Int) -> PendingPush? {
        guard let push = self[number] else { return nil }
        forget(number)
        return push
    }

    /// Forgets every push.
    mutating func removeAll() {
        slots.removeAll()
        head = 0
    }

    private func index(of number: Int) -> Int? {
        let index = number - firstNumber
        return index >= head && index < slots.count ? index : nil
    }
}
