@testable import SoftphoneCore
import Testing

/// How the system walks a transaction (`CXTransaction.forEachAction`, the walk `Phone.send`,
/// `CXProvider.perform` and a request's checks use): the actions `actions` lists, in its order.
@Suite("CXTransaction's walk")
struct TransactionWalkTests {
    private static let call = UUID(uuidString: "0F0E0D0C-0B0A-4908-8706-050403020100")!

    /// The actions `forEachAction` visits, as identities.
    private func walked(_ transaction: CXTransaction) -> [ObjectIdentifier] {
        var seen: [ObjectIdentifier] = []
        transaction.forEachAction { seen.append(ObjectIdentifier($0)) }
        return seen
    }

    @Test("forEachAction visits what actions lists, in order: one action, several, none, and added one by one")
    func sameAsActions() {
        let first = CXAnswerCallAction(call: Self.call), second = CXEndCallAction(call: Self.call), third = CXEndCallAction(call: Self.call)
        let single = CXTransaction(action: first)
        #expect(walked(single) == [ObjectIdentifier(first)])
        single.addAction(second)
        #expect(walked(single) == [first, second].map(ObjectIdentifier.init))
        let several = CXTransaction(actions: [third, first, second])
        #expect(walked(several) == [third, first, second].map(ObjectIdentifier.init))
        let grown = CXTransaction(actions: [])
        #expect(walked(grown).isEmpty)
        for action in [first, second, third] { grown.addAction(action) }
        #expect(walked(grown) == grown.actions.map(ObjectIdentifier.init))
        #expect(walked(grown) == [first, second, third].map(ObjectIdentifier.init))
    }
}
