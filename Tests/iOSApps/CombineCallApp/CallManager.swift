import CallKit
import Combine
import Foundation

final class CallManager: ObservableObject {
    @Published private(set) var calls: [Call] = []
    let callController = CXCallController()

    func callWithUUID(uuid: UUID) -> Call? {
        guard let index = calls.firstIndex(where: { $0.uuid == uuid }) else { return nil }
        return calls[index]
    }

    func add(call: Call) {
        calls.append(call)
    }

    func remove(call: Call) {
        guard let index = calls.firstIndex(where: { $0 === call }) else { return }
        calls.remove(at: index)
    }

    func removeAllCalls() {
        calls.removeAll()
    }

    func end(call: Call) {
        let endCallAction = CXEndCallAction(call: call.uuid)
        let transaction = CXTransaction(action: endCallAction)
        requestTransaction(transaction)
    }

    private func requestTransaction(_ transaction: CXTransaction) {
        callController.request(transaction) { error in
            if let error = error {
                print("The call request failed: \(error)")
            } else {
                print("The call request went through")
            }
        }
    }
}
