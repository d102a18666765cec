import Foundation

final class Call: ObservableObject, Identifiable {
    let uuid: UUID
    let handle: String
    let outgoing: Bool
    @Published var isOnHold = false
    @Published var hasConnected = false

    var id: UUID { uuid }

    init(uuid: UUID, handle: String, outgoing: Bool = false) {
        self.uuid = uuid
        self.handle = handle
        self.outgoing = outgoing
    }

    func answer() {
        hasConnected = true
    }

    func end() {
        hasConnected = false
    }
}
