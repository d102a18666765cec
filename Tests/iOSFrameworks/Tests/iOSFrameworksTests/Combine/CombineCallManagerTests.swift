// A call manager as published iOS apps write it with Combine: an ObservableObject whose calls are
// @Published, and a view model that follows it with sinks kept in a Set<AnyCancellable>, its
// title delivered on the main queue.
import Combine
import Foundation
import XCTest

final class CombineCallManagerTests: XCTestCase {
    struct Call: Identifiable, Equatable {
        let id = UUID()
        let handle: String
        var isOnHold = false
    }

    final class CallManager: ObservableObject {
        @Published private(set) var calls: [Call] = []
        @Published var isMuted = false

        /// The number of calls, for screens that show only that.
        var callCount: AnyPublisher<Int, Never> { $calls.map(\.count).removeDuplicates().eraseToAnyPublisher() }

        @discardableResult
        func reportIncomingCall(from handle: String) -> UUID {
            let call = Call(handle: handle)
            calls.append(call)
            return call.id
        }

        func setOnHold(_ onHold: Bool, callWith id: UUID) {
            guard let index = calls.firstIndex(where: { $0.id == id }) else { return }
            calls[index].isOnHold = onHold
        }

        func end(callWith id: UUID) { calls.removeAll { $0.id == id } }
    }

    final class CallsViewModel {
        @Published private(set) var title = "No calls"
        private(set) var heldHandles: [String] = []
        private(set) var changesAnnounced = 0
        private var cancellables = Set<AnyCancellable>()

        init(callManager: CallManager) {
            callManager.$calls
                .map { calls in calls.count == 1 ? "1 call" : calls.isEmpty ? "No calls" : "\(calls.count) calls" }
                .removeDuplicates()
                .receive(on: DispatchQueue.main)
                .sink { [weak self] title in self?.title = title }
                .store(in: &cancellables)
            callManager.$calls
                .map { $0.filter(\.isOnHold).map(\.handle) }
                .sink { [weak self] handles in self?.heldHandles = handles }
                .store(in: &cancellables)
            callManager.objectWillChange
                .sink { [weak self] in self?.changesAnnounced += 1 }
                .store(in: &cancellables)
        }
    }

    func test_aViewModelFollowsTheCallManager() {
        let manager = CallManager()
        var model: CallsViewModel? = CallsViewModel(callManager: manager)
        weak let released = model
        var counts: [Int] = []
        let counting = manager.callCount.sink { counts.append($0) }

        let alice = manager.reportIncomingCall(from: "alice")
        manager.reportIncomingCall(from: "bob")
        manager.setOnHold(true, callWith: alice)
        manager.isMuted = true
        XCTAssertEqual(model?.heldHandles, ["alice"])
        XCTAssertEqual(model?.changesAnnounced, 4, "one per change: two calls, a hold, mute")
        XCTAssertEqual(model?.title, "No calls", "the title comes on the main queue, later")
        XCTAssert(runMainLoop(until: { model?.title == "2 calls" }))

        manager.end(callWith: alice)
        XCTAssert(runMainLoop(until: { model?.title == "1 call" }))
        XCTAssertEqual(model?.heldHandles, [])
        XCTAssertEqual(counts, [0, 1, 2, 1], "the hold and mute changed no count")

        model = nil
        XCTAssertNil(released, "the sinks hold the view model weakly and go with it")
        manager.reportIncomingCall(from: "carol")
        XCTAssertEqual(manager.calls.map(\.handle), ["bob", "carol"])
        withExtendedLifetime(counting) {}
    }
}
