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

    /// iOS 14's call intent calls back a call record, or the calls a filter picks; a Recents tap
    /// brings neither (Apple does not say that it does), and its intent has an id of its own.
    func test_iOS14CallIntentKeepsItsCallRecordAndFilter() throws {
        let zoe = INPerson(
            personHandle: INPersonHandle(value: "+15551234", type: .phoneNumber), nameComponents: nil, displayName: "Zoë",
            image: nil, contactIdentifier: nil, customIdentifier: nil)
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        let record = INCallRecord(
            identifier: "call-7", dateCreated: created, callRecordType: .missed, callCapability: .videoCall, callDuration: 0,
            unseen: true, participants: [zoe], numberOfCalls: 2, isCallerIdBlocked: false)
        let filter = INCallRecordFilter(participants: [zoe], callTypes: [.missed, .received], callCapability: .audioCall)
        let intent = INStartCallIntent(
            callRecordFilter: filter, callRecordToCallBack: record, audioRoute: .unknown, destinationType: .callBack, contacts: nil,
            callCapability: .videoCall)
        let back = try XCTUnwrap(intent.callRecordToCallBack)
        XCTAssertEqual(back.identifier, "call-7")
        XCTAssertEqual(back.dateCreated, created)
        XCTAssertEqual(back.callRecordType, .missed)
        XCTAssertEqual(back.callCapability, .videoCall)
        XCTAssertEqual(back.callDuration, 0)
        XCTAssertEqual(back.unseen, true)
        XCTAssertEqual(back.numberOfCalls, 2)
        XCTAssertEqual(back.isCallerIdBlocked, false)
        XCTAssert(back.participants?.first === zoe)
        XCTAssert(back.caller === zoe)
        XCTAssertEqual(intent.callRecordFilter?.callTypes, [.missed, .received])
        XCTAssertEqual(intent.callRecordFilter?.callCapability, .audioCall)
        XCTAssertEqual(intent.callRecordFilter?.participants?.count, 1)
        XCTAssertEqual(intent.destinationType, .callBack)
        XCTAssertEqual(INCallRecordFilter(participants: nil, callCapability: .unknown).callTypes, [])
        let older = INCallRecord(
            identifier: "call-8", dateCreated: nil, caller: zoe, callRecordType: .outgoing, callCapability: .audioCall, callDuration: 61,
            unseen: nil, numberOfCalls: nil)
        XCTAssert(older.caller === zoe)
        XCTAssertEqual(older.participants?.count, 1)
        XCTAssertEqual(
            [INCallRecordTypeOptions.outgoing, .missed, .received, .latest, .voicemail, .ringing, .inProgress, .onHold].map(\.rawValue),
            [1, 2, 4, 8, 16, 32, 64, 128])

        let t = callBack(video: false)
        let tapped = try XCTUnwrap(t.probe.activities.first?.interaction?.intent as? INStartCallIntent)
        XCTAssertNil(tapped.callRecordToCallBack)
        XCTAssertNil(tapped.callRecordFilter)
        XCTAssertNotNil(tapped.identifier)
        XCTAssertNotEqual(tapped.identifier, intent.identifier)
        XCTAssertNil(tapped.intentDescription)
    }

    /// An interaction keeps its direction and ids; deleting donations completes without error on
    /// the main queue, later, as donating does.
    func test_interactionsKeepTheirDirectionAndDeletionsComplete() {
        let t = ProbePhone()
        var results: [String] = []
        t.runInApp { _ in
            let interaction = INInteraction(intent: INStartCallIntent(
                callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown, destinationType: .normal, contacts: nil,
                callCapability: .audioCall), response: nil)
            XCTAssertEqual(interaction.direction, INInteractionDirection.unspecified)
            interaction.direction = .outgoing
            interaction.identifier = "call-7"
            interaction.groupIdentifier = "zoe"
            XCTAssertEqual(interaction.direction, .outgoing)
            XCTAssertEqual(interaction.identifier, "call-7")
            XCTAssertEqual(interaction.groupIdentifier, "zoe")
            XCTAssertEqual(UUID(uuidString: INInteraction(intent: INIntent(), response: nil).identifier)?.uuidString.isEmpty, false)
            XCTAssertEqual([INInteractionDirection.unspecified, .outgoing, .incoming].map(\.rawValue), [0, 1, 2])
            INInteraction.delete(with: ["call-7"]) { results.append($0 == nil ? "deleted ids" : "failed") }
            INInteraction.delete(with: "zoe") { results.append($0 == nil ? "deleted group" : "failed") }
            INInteraction.deleteAll { results.append($0 == nil ? "deleted all" : "failed") }
            results.append("asked")
        }
        XCTAssertEqual(results, ["asked", "deleted ids", "deleted group", "deleted all"])
    }

    /// A person made as the phone's user, with aliases, a relationship or a suggestion type keeps them.
    func test_aPersonKeepsIsMeAliasesRelationshipAndSuggestionType() {
        let handle = INPersonHandle(value: "+15551234", type: .phoneNumber, label: .mobile)
        XCTAssertEqual(handle.label, INPersonHandleLabel.mobile)
        XCTAssertNil(INPersonHandle(value: "+15551234", type: .phoneNumber).label)
        XCTAssertEqual(INPersonHandleLabel.iPhone.rawValue, "iPhone")
        XCTAssertEqual(INPersonHandleLabel("custom"), INPersonHandleLabel(rawValue: "custom"))
        let labels: [INPersonHandleLabel] = [.home, .work, .iPhone, .mobile, .main, .homeFax, .workFax, .pager, .other, .school]
        XCTAssertEqual(Set(labels).count, 10)

        let me = INPerson(
            personHandle: handle, nameComponents: nil, displayName: "Me", image: nil, contactIdentifier: nil, customIdentifier: nil, isMe: true)
        XCTAssertTrue(me.isMe)
        XCTAssertEqual(me.suggestionType, INPersonSuggestionType.none)
        let suggested = INPerson(
            personHandle: handle, nameComponents: nil, displayName: "Zoë", image: nil, contactIdentifier: nil, customIdentifier: nil,
            isMe: false, suggestionType: .socialProfile)
        XCTAssertFalse(suggested.isMe)
        XCTAssertEqual(suggested.suggestionType, .socialProfile)
        let work = INPersonHandle(value: "zoe@example.com", type: .emailAddress, label: .work)
        let aliased = INPerson(
            personHandle: handle, nameComponents: nil, displayName: "Zoë", image: nil, contactIdentifier: nil, customIdentifier: nil,
            aliases: [work], suggestionType: .instantMessageAddress)
        XCTAssert(aliased.aliases?.first === work)
        XCTAssertEqual(aliased.suggestionType, .instantMessageAddress)
        let sister = INPerson(
            personHandle: handle, nameComponents: nil, displayName: "Zoë", image: nil, contactIdentifier: nil, customIdentifier: nil,
            relationship: .sister)
        XCTAssertEqual(sister.relationship, INPersonRelationship.sister)
        XCTAssertNil(sister.aliases)
        XCTAssertFalse(sister.isMe)
        XCTAssertEqual(INPersonRelationship("neighbour").rawValue, "neighbour")
        let relationships: [INPersonRelationship] = [
            .father, .mother, .parent, .brother, .sister, .child, .friend, .spouse, .partner, .assistant, .manager, .son, .daughter,
        ]
        XCTAssertEqual(Set(relationships).count, 13)
        XCTAssertEqual([INPersonSuggestionType.none, .socialProfile, .instantMessageAddress].map(\.rawValue), [0, 1, 2])
    }

    /// An Intents extension's handler compiles as Xcode's template writes it; the phone never
    /// runs one (Siri is not here), so this calls it by hand.
    func test_anIntentsExtensionsHandlerCompilesAndAnswers() throws {
        final class IntentHandler: INExtension, INStartCallIntentHandling {
            override func handler(for intent: INIntent) -> Any { self }
            func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {
                let activity = NSUserActivity(activityType: "INStartCallIntent")
                completion(INStartCallIntentResponse(code: .continueInApp, userActivity: activity))
            }
        }
        let intent = INStartCallIntent(
            callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown, destinationType: .normal, contacts: nil,
            callCapability: .audioCall)
        let handler = try XCTUnwrap(IntentHandler().handler(for: intent) as? INStartCallIntentHandling)
        var codes: [INStartCallIntentResponseCode] = []
        handler.confirm(intent: intent) { codes.append($0.code) }
        handler.handle(intent: intent) { response in
            codes.append(response.code)
            XCTAssertEqual(response.userActivity?.activityType, "INStartCallIntent")
        }
        XCTAssertEqual(codes, [.ready, .continueInApp])
        XCTAssertNil(INExtension().handler(for: intent))
        XCTAssertNil(INIntentResponse().userActivity)
        XCTAssertEqual(INStartCallIntentResponseCode.failureRequiringInAppAuthentication.rawValue, 13)
        XCTAssertEqual(INStartCallIntentResponseCode.failureCallRinging.rawValue, 12)
    }
}
