// The Intents part a call app uses: a call-back from Recents reaches the app delegate as an
// NSUserActivity whose interaction holds an INStartCallIntent naming the person to call; the
// deprecated call intents and the person and handle that published code makes itself.
import Foundation
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
        XCTAssertEqual(call.callCapability, INCallCapability.audioCall)
        let person: INPerson = try XCTUnwrap(call.contacts?.first)
        XCTAssertEqual(person.displayName, "Zoë")
        let handle: INPersonHandle = try XCTUnwrap(person.personHandle)
        XCTAssertEqual(handle.value, "+15551234")
        XCTAssertEqual(handle.type, INPersonHandleType.phoneNumber)
    }

    /// The objects the app hands back through the restoration handler are asked to restore the
    /// activity, as UIKit asks them.
    func test_theRestorationHandlersObjectsRestoreTheActivity() throws {
        final class RestoringResponder: UIResponder {
            private(set) var restored: [String] = []
            override func restoreUserActivityState(_ activity: NSUserActivity) { restored.append(activity.activityType) }
        }
        let responder = RestoringResponder()
        let t = ProbePhone()
        t.probe.restoring = [responder]
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") }
        t.send(.end)
        t.send(.setLock(.unlocked))
        t.send(.callBack(recent: 1))
        XCTAssertEqual(responder.restored, ["INStartCallIntent"])
        let restoring: [UIUserActivityRestoring] = [UIWindow()]
        XCTAssert(restoring.first is UIResponder)
    }

    /// iOS 10 to 12's call intents, deprecated since iOS 13 but still in published code, keep the
    /// people and the destination type they are made with.
    func test_theDeprecatedCallIntentsKeepTheirContacts() throws {
        let zoe = INPerson(
            personHandle: INPersonHandle(value: "+15551234", type: .phoneNumber), nameComponents: nil, displayName: "Zoë",
            image: nil, contactIdentifier: nil, customIdentifier: nil)
        let audio = INStartAudioCallIntent(destinationType: .normal, contacts: [zoe])
        XCTAssertEqual(audio.destinationType, INCallDestinationType.normal)
        XCTAssert(audio.contacts?.first === zoe)
        XCTAssertEqual(INStartAudioCallIntent(contacts: nil).destinationType, .unknown)
        XCTAssertNil(INStartAudioCallIntent(contacts: nil).contacts)
        let video = INStartVideoCallIntent(contacts: [zoe])
        XCTAssertEqual(video.contacts?.first?.personHandle?.value, "+15551234")
        let intents: [INIntent] = [audio, video]
        XCTAssertEqual(intents.filter { $0 is INStartCallIntent }.count, 0)
        XCTAssertEqual(
            [INCallDestinationType.unknown, .normal, .emergency, .voicemail, .redial, .callBack].map(\.rawValue), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual([INCallCapability.unknown, .audioCall, .videoCall].map(\.rawValue), [0, 1, 2])
        XCTAssertEqual([INPersonHandleType.unknown, .emailAddress, .phoneNumber].map(\.rawValue), [0, 1, 2])
    }

    /// A person keeps what app code makes it with; without a display name it shows its name
    /// components, else its handle's value, as Apple's header says.
    func test_aPersonKeepsWhatItIsMadeWith() throws {
        var name = PersonNameComponents()
        name.givenName = "Zoë"
        name.familyName = "Martin"
        let image = INImage(named: "zoe.png")
        let handle = INPersonHandle(value: "zoe@example.com", type: .emailAddress)
        let person = INPerson(
            personHandle: handle, nameComponents: name, displayName: nil, image: image, contactIdentifier: "contact-1",
            customIdentifier: "user-42")
        XCTAssertEqual(person.displayName, "Zoë Martin")
        XCTAssertEqual(person.nameComponents?.familyName, "Martin")
        XCTAssert(person.image === image)
        XCTAssertEqual(person.contactIdentifier, "contact-1")
        XCTAssertEqual(person.customIdentifier, "user-42")
        XCTAssertEqual(person.personHandle?.type, .emailAddress)

        let nameless = INPerson(
            personHandle: handle, nameComponents: nil, displayName: nil, image: INImage(imageData: Data([0x89, 0x50])),
            contactIdentifier: nil, customIdentifier: nil)
        XCTAssertEqual(nameless.displayName, "zoe@example.com")
        XCTAssertNil(nameless.nameComponents)
        let anonymous = INPerson(
            personHandle: INPersonHandle(value: nil, type: .unknown), nameComponents: nil, displayName: nil,
            image: INImage(url: URL(string: "https://example.com/zoe.png")!), contactIdentifier: nil, customIdentifier: nil)
        XCTAssertEqual(anonymous.displayName, "")
        XCTAssertNotNil(anonymous.image)
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

    /// Outgoing-call code makes its own call intent and donates it, as apps do after starting a
    /// call: the intent keeps what it was made with, and the donation completes without error,
    /// later, on the main queue.
    func test_anAppMakesAndDonatesItsOwnCallIntent() {
        let t = ProbePhone()
        var results: [String] = []
        t.runInApp { _ in
            let person = INPerson(personHandle: INPersonHandle(value: "+15551234", type: .phoneNumber), nameComponents: nil,
                                  displayName: "Zoë", image: nil, contactIdentifier: nil, customIdentifier: nil)
            let intent = INStartCallIntent(audioRoute: .speakerphoneAudioRoute, destinationType: .normal, contacts: [person],
                                           recordTypeForRedialing: INCallRecordType.unknown, callCapability: .audioCall)
            XCTAssertEqual(intent.audioRoute, INCallAudioRoute.speakerphoneAudioRoute)
            XCTAssertEqual(intent.destinationType, .normal)
            XCTAssertEqual(intent.contacts?.first?.personHandle?.value, "+15551234")
            let interaction = INInteraction(intent: intent, response: nil)
            XCTAssertNil(interaction.intentResponse as INIntentResponse?)
            interaction.donate { error in results.append(error == nil ? "donated" : "failed") }
            results.append("asked")
        }
        XCTAssertEqual(results, ["asked", "donated"])
    }
}
