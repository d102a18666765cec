// The Intents part a call app uses: a call-back from Recents reaches the app delegate as an
// NSUserActivity whose interaction holds an INStartCallIntent naming the person to call.
import Intents
import UIKit
import XCTest

final class IntentsTests: XCTestCase {
    /// Calls back the newest Recents entry after a call from `name` at `handle`.
    private func callBack(video: Bool) -> ProbePhone {
        let t = ProbePhone()
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë", handle: "+15551234", video: video) }
        t.send(.end)
        t.send(.setLock(.unlocked))
        t.send(.callBack(recent: 1))
        return t
    }

    func test_recentsCallBackContinuesAnINStartCallIntentForThePerson() throws {
        let t = callBack(video: false)
        XCTAssertEqual(t.probe.log.last(where: { $0.hasPrefix("continue") }), "continue INStartCallIntent")
        let activity = try XCTUnwrap(t.probe.activities.first)
        XCTAssertEqual(activity.activityType, "INStartCallIntent")
        let interaction: INInteraction = try XCTUnwrap(activity.interaction)
        let intent: INIntent = interaction.intent
        let call = try XCTUnwrap(intent as? INStartCallIntent)
        XCTAssertEqual(call.callCapability, .audioCall)
        let person: INPerson = try XCTUnwrap(call.contacts?.first)
        XCTAssertEqual(person.displayName, "Zoë")
        let handle: INPersonHandle = try XCTUnwrap(person.personHandle)
        XCTAssertEqual(handle.value, "+15551234")
        XCTAssertEqual(handle.type, .phoneNumber)
    }

    /// A video call is called back as a video call.
    func test_aVideoCallIsCalledBackAsVideo() throws {
        let t = callBack(video: true)
        let intent = try XCTUnwrap(t.probe.activities.first?.interaction?.intent as? INStartCallIntent)
        XCTAssertEqual(intent.callCapability, .videoCall)
    }

    /// An activity the app makes itself keeps its type and holds no interaction.
    func test_anActivityMadeByTheAppHasNoInteraction() {
        let activity = NSUserActivity(activityType: "com.example.probe.browsing")
        XCTAssertEqual(activity.activityType, "com.example.probe.browsing")
        XCTAssertNil(activity.interaction)
    }
}
