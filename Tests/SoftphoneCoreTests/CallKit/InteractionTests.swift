import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Intents' interactions as app code donates and deletes them: the phone keeps none, and says so
/// without error, later, on the main queue.
@Suite("Intents: interactions")
struct InteractionTests {
    @Test("deleting donated interactions, by id, by group or all, completes without error on the main queue's next turn")
    func deletionsComplete() {
        let t = TestPhone()
        var results: [String] = []
        t.runInApp { _ in
            INInteraction.delete(with: ["call-7"]) { results.append($0 == nil ? "ids" : "error") }
            INInteraction.delete(with: "zoe") { results.append($0 == nil ? "group" : "error") }
            INInteraction.deleteAll { results.append($0 == nil ? "all" : "error") }
            INInteraction.deleteAll()
            results.append("asked")
        }
        #expect(results == ["asked", "ids", "group", "all"])
    }

    @Test("an intent's and an interaction's ids are UUID strings drawn when first read: unread, they draw none of the phone's UUIDs")
    func idsDrawnWhenRead() throws {
        func made(reading: Bool) -> (ids: [String], next: UUID?) {
            let t = TestPhone()
            var ids: [String] = []
            var next: UUID?
            t.runInApp { _ in
                let intent = INStartCallIntent(
                    callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown, destinationType: .normal, contacts: nil,
                    callCapability: .audioCall)
                let interaction = INInteraction(intent: intent, response: nil)
                if reading { ids = [intent.identifier, interaction.identifier].compactMap { $0 } }
                next = UUID()
            }
            return (ids, next)
        }
        let unread = made(reading: false)
        let read = made(reading: true)
        var first: UUID?
        TestPhone().runInApp { _ in first = UUID() }
        #expect(unread.next == first)
        #expect(read.ids.count == 2 && Set(read.ids).count == 2)
        #expect(read.ids.allSatisfy { UUID(uuidString: $0) != nil })
        #expect(read.next != first)
    }
}
