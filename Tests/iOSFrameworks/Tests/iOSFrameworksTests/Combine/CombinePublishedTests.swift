// @Published and ObservableObject as Apple documents them: `$property` sends the current value,
// then each new one before the property holds it; `objectWillChange` fires once per assignment,
// before the change, for every @Published property of the class and its superclasses.
import Combine
import Foundation
import XCTest

final class CombinePublishedTests: XCTestCase {
    final class Call: ObservableObject {
        @Published var state = "ringing"
        @Published var isMuted = false
    }

    class Screen: ObservableObject {
        @Published var title = ""
    }

    final class CallScreen: Screen {
        @Published var duration = 0
    }

    /// An ObservableObject with an `objectWillChange` of its own, which the compiler keeps.
    final class ManualCall: ObservableObject {
        let objectWillChange = PassthroughSubject<Void, Never>()
        @Published var state = "ringing"
    }

    /// An ObservableObject without @Published properties, announcing its changes itself.
    final class Counter: ObservableObject {
        var count = 0 {
            willSet { objectWillChange.send() }
        }
    }

    func test_subscribingSendsTheCurrentValueThenEachNewOne() {
        let call = Call()
        call.state = "connecting"
        var states: [String] = []
        let subscription = call.$state.sink { states.append($0) }
        XCTAssertEqual(states, ["connecting"])
        call.state = "connected"
        call.state = "connected"
        XCTAssertEqual(states, ["connecting", "connected", "connected"], "every assignment is sent, equal or not")
        subscription.cancel()
        call.state = "ended"
        XCTAssertEqual(states, ["connecting", "connected", "connected"])
        XCTAssertEqual(call.state, "ended")
    }

    func test_subscribersGetTheNewValueWhileThePropertyStillHoldsTheOld() {
        let call = Call()
        var seen: [String] = []
        let subscription = call.$state.dropFirst().sink { [unowned call] new in seen.append("\(call.state) -> \(new)") }
        call.state = "connected"
        call.state = "ended"
        XCTAssertEqual(seen, ["ringing -> connected", "connected -> ended"])
        XCTAssertEqual(call.state, "ended")
        withExtendedLifetime(subscription) {}
    }

    func test_objectWillChangeFiresOncePerAssignmentBeforeTheChange() {
        let call = Call()
        var log: [String] = []
        let willChange = call.objectWillChange.sink { [unowned call] in log.append("will change from \(call.state), muted \(call.isMuted)") }
        let states = call.$state.dropFirst().sink { log.append("state \($0)") }
        call.state = "connected"
        call.isMuted = true
        call.isMuted.toggle()
        XCTAssertEqual(log, [
            "will change from ringing, muted false", "state connected",
            "will change from connected, muted false",
            "will change from connected, muted true",
        ])
        XCTAssert(call.objectWillChange === call.objectWillChange, "one publisher per object")
        XCTAssert(call.objectWillChange !== Call().objectWillChange)
        withExtendedLifetime((willChange, states)) {}
    }

    func test_aSubclassAndItsSuperclassPropertiesFireOneObjectWillChange() {
        let screen = CallScreen()
        screen.duration = 1  // before anyone asked for objectWillChange
        var fired = 0
        let subscription = (screen as Screen).objectWillChange.sink { fired += 1 }
        screen.title = "Alice"
        screen.duration = 2
        screen.duration += 1
        XCTAssertEqual(fired, 3)
        XCTAssert(screen.objectWillChange === (screen as Screen).objectWillChange)
        withExtendedLifetime(subscription) {}
    }

    func test_aClassWithItsOwnObjectWillChangeKeepsIt() {
        let call = ManualCall()
        let publisher: PassthroughSubject<Void, Never> = call.objectWillChange
        XCTAssert(publisher === call.objectWillChange)
        var fired = 0
        let subscription = call.objectWillChange.sink { fired += 1 }
        call.state = "connected"
        XCTAssertEqual(fired, 0, "@Published fires only an ObservableObjectPublisher")
        call.objectWillChange.send()
        XCTAssertEqual(fired, 1)
        XCTAssertEqual(Self.changes(of: call), 1, "generic code reaches the class's own publisher")
        withExtendedLifetime(subscription) {}
    }

    /// How many times `object` announces a change when its publisher is sent to, through generic code.
    static func changes<Object: ObservableObject>(of object: Object) -> Int where Object.ObjectWillChangePublisher == PassthroughSubject<Void, Never> {
        var fired = 0
        let subscription = object.objectWillChange.sink { fired += 1 }
        object.objectWillChange.send()
        subscription.cancel()
        return fired
    }

    func test_anObjectWithoutPublishedPropertiesKeepsOneObjectWillChange() {
        let counter = Counter()
        var fired = 0
        let subscription = counter.objectWillChange.sink { fired += 1 }
        counter.count = 1
        counter.count = 2
        XCTAssertEqual(fired, 2)
        withExtendedLifetime(subscription) {}
    }

    func test_aNewObjectDoesNotGetTheObjectWillChangeOfOneThatHasGone() {
        var fired = 0
        var subscriptions: [AnyCancellable] = []
        var addresses: Set<ObjectIdentifier> = []
        var reused = false
        for _ in 0..<20 {
            let counter = Counter()
            reused = reused || !addresses.insert(ObjectIdentifier(counter)).inserted
            counter.count += 1  // nobody subscribed to this object yet
            counter.objectWillChange.sink { fired += 1 }.store(in: &subscriptions)
        }
        XCTAssert(reused, "the test needs an address used again")
        XCTAssertEqual(fired, 0)
    }

    func test_assignToPublishedRepublishesUntilTheObjectGoes() {
        final class Stopwatch: ObservableObject {
            @Published var seconds = 0
            init(ticks: AnyPublisher<Int, Never>) { ticks.assign(to: &$seconds) }
        }
        let ticks = PassthroughSubject<Int, Never>()
        var cancelled = false
        var timer: Stopwatch? = Stopwatch(ticks: ticks.handleEvents(receiveCancel: { cancelled = true }).eraseToAnyPublisher())
        var log: [String] = []
        let willChange = timer?.objectWillChange.sink { log.append("will change") }
        let seconds = timer?.$seconds.sink { log.append("\($0)") }
        ticks.send(1)
        ticks.send(2)
        XCTAssertEqual(timer?.seconds, 2)
        XCTAssertEqual(log, ["0", "will change", "1", "will change", "2"])
        XCTAssertFalse(cancelled)
        timer = nil
        XCTAssert(cancelled, "the subscription ends with the property")
        withExtendedLifetime((willChange, seconds)) {}
    }

    func test_aSubscriberDoesNotKeepThePropertysObjectAlive() {
        weak var gone: Call?
        var states: [String] = []
        do {
            let call = Call()
            gone = call
            let subscription = call.$state.sink { states.append($0) }
            call.state = "connected"
            subscription.cancel()
        }
        XCTAssertNil(gone)
        XCTAssertEqual(states, ["ringing", "connected"])
    }
}
