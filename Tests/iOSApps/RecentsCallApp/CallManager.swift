import CallKit
import Foundation

final class CallManager: NSObject {
    let callController = CXCallController()
    private(set) var calls = [RecentsCall]()

    func startCall(handle: String, video: Bool = false) {
        let handle = CXHandle(type: .phoneNumber, value: handle)
        let startCallAction = CXStartCallAction(call: UUID(), handle: handle)
        startCallAction.isVideo = video

        let transaction = CXTransaction()
        transaction.addAction(startCallAction)
        requestTransaction(transaction)
    }

    func end(call: RecentsCall) {
        let endCallAction = CXEndCallAction(call: call.uuid)
        let transaction = CXTransaction()
        transaction.addAction(endCallAction)
        requestTransaction(transaction)
    }

    private func requestTransaction(_ transaction: CXTransaction) {
        callController.request(transaction) { error in
            guard let error = error else { return }
            NSLog("CallKit refused the request: %@", error.localizedDescription)
        }
    }

    func callWithUUID(uuid: UUID) -> RecentsCall? {
        guard let index = calls.firstIndex(where: { $0.uuid == uuid }) else { return nil }
        return calls[index]
    }

    func addCall(_ call: RecentsCall) {
        calls.append(call)
    }

    func removeCall(_ call: RecentsCall) {
        calls.removeAll { $0 === call }
    }

    func removeAllCalls() {
        calls.removeAll()
    }
}

final class RecentsCall {
    let uuid: UUID
    let isOutgoing: Bool
    var handle: String?
    var connectedDate: Date?

    init(uuid: UUID, isOutgoing: Bool = false) {
        self.uuid = uuid
        self.isOutgoing = isOutgoing
    }
}
