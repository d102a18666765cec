import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// What the consult app tells its server about the consultation of `consult-start.json`, and
/// about the other pushes' consultations and rooms.
private let firstRoom = ["bizNo": "BZ20260101001", "sessionId": "S-7731", "topic": "room-BZ20260101001", "topicTime": "1767225600000"]
private let newerRoom = ["bizNo": "BZ20260101001", "sessionId": "S-7731", "topic": "room-BZ20260101001-2", "topicTime": "1767225660000"]
private let otherConsultation = ["bizNo": "BZ20260101002", "sessionId": "S-7732", "topic": "room-BZ20260101002", "topicTime": "1767225630000"]

@Suite("The consult app on the phone")
struct ConsultAppTests {
    @Test("a start push rings with the hospital's name; answering joins the room (join callback)")
    func ringAnswerJoin() throws {
        let bench = ConsultBench()
        let effects = try bench.push("consult-start")
        #expect(effects.contains(.startRinging(call: 1)))
        #expect(bench.incoming == [Caller(name: "Helpo Hospital", handle: "BZ20260101001", hasVideo: true)])
        let stored = try #require(bench.app?.consultation?.push)
        #expect(stored.password == "246810" && stored.sessionId == "S-7731" && stored.topicTime == 1_767_225_600_000)
        #expect(stored.token == "eyJhbGciOiJIUzI1NiJ9.cm9vbS1CWjIwMjYwMTAxMDAx.c2lnbmF0dXJl")

        let answer = bench.send(.answer, after: .seconds(5))
        #expect(answer.contains(.event(.connected(call: 1))))
        #expect(bench.requests("join") == [firstRoom])
        #expect(bench.app?.consultation?.isConnected == true)
        #expect(bench.violatedRules.isEmpty)
    }

    @Test("declined while ringing: reject callback, the call ends as declined")
    func declineRejects() throws {
        let bench = ConsultBench()
        try bench.push("consult-start")
        bench.send(.end, after: .seconds(3))
        #expect(bench.endReasons == [.declined])
        #expect(bench.requests("reject") == [firstRoom])
        #expect(bench.requestNames == ["reject"])
        #expect(bench.app?.consultation == nil)
    }

    @Test("hanging up after answering: leave callback, not reject")
    func hangUpLeaves() throws {
        let bench = ConsultBench()
        try bench.push("consult-start")
        bench.send(.answer)
        bench.send(.end, after: .seconds(30))
        #expect(bench.requestNames == ["join", "leave"])
        #expect(bench.endReasons == [.local])
    }

    @Test("iOS rule 28: unanswered after the ringTimeout setting (60 s by default) the app ends it as unanswered with a noAnswer callback",
          arguments: [nil, 15] as [Int?])
    func unanswered(ringTimeout: Int?) throws {
        let bench = ConsultBench(settings: ringTimeout.map { ["ringTimeout": .int($0)] } ?? [:])
        let seconds = Int64(ringTimeout ?? 60)
        try bench.push("consult-start")
        bench.send(.tick, after: .milliseconds(seconds * 1000 - 1))
        #expect(bench.endReasons.isEmpty)
        #expect(bench.requests("noAnswer").isEmpty)
        let effects = bench.send(.tick, after: .milliseconds(1))
        #expect(effects.contains(.stopRinging(call: 1)))
        #expect(bench.endReasons == [.unanswered])
        #expect(bench.requests("noAnswer") == [firstRoom])
        #expect(bench.phone.recents.first?.isMissed == true)
        #expect(bench.violatedRules.isEmpty)
    }

    @Test("another consultation during one (ringing or connected): busy callback, no second call, and the push is reported without a kill",
          arguments: [false, true])
    func busy(answered: Bool) throws {
        let bench = ConsultBench()
        try bench.push("consult-start")
        if answered { bench.send(.answer) }
        try bench.push("consult-start-other-bizno")
        #expect(bench.requests("busy") == [otherConsultation])
        #expect(bench.incoming.count == 1)
        #expect(bench.phone.currentCalls.map(\.caller.handle) == ["BZ20260101001"])
        // Reported with the existing call's UUID, as Apple's DTS advises (iOS rule 6).
        #expect(bench.refusedReports == ["callUUIDAlreadyExists"])
        // The refusal describes the consultation refused, and says it collided with call 1.
        let refused = try #require(bench.refusedCalls.first)
        #expect(refused.caller == Caller(name: "Kanto Clinic", handle: "BZ20260101002", hasVideo: true) && refused.collidedWith == 1)
        #expect(refused.uuid == bench.phone.currentCalls.first?.uuid)
        #expect(bench.app?.consultation?.push.bizNo == "BZ20260101001")
        bench.send(.tick, after: .seconds(10))  // past the system's second check (rule 5)
        #expect(bench.violatedRules.isEmpty)
        #expect(bench.phone.appState == .background)
    }

    @Test("the same consultation in a newer room while connected: leave the old room, join the new one; its fields are kept")
    func rejoin() throws {
        let bench = ConsultBench()
        try bench.push("consult-start")
        bench.send(.answer)
        try bench.push("consult-start-newer-topic")
        #expect(bench.requestNames == ["join", "leave", "join"])
        #expect(bench.requests("leave") == [firstRoom])
        #expect(bench.requests("join") == [firstRoom, newerRoom])
        let stored = try #require(bench.app?.consultation)
        #expect(stored.push.topic == "room-BZ20260101001-2" && stored.push.password == "246811")
        #expect(stored.isConnected)
        #expect(bench.incoming.count == 1 && bench.endReasons.isEmpty)
        // The first room's push, now older, changes nothing.
        try bench.push("consult-start")
        #expect(bench.requestNames == ["join", "leave", "join", "push-ignored"])
        #expect(bench.app?.consultation?.push.topicTime == 1_767_225_660_000)
        bench.send(.tick, after: .seconds(10))
        #expect(bench.violatedRules.isEmpty)
    }

    @Test("a newer room while still ringing: nothing to leave; answering joins the newest room")
    func newerRoomWhileRinging() throws {
        let bench = ConsultBench()
        try bench.push("consult-start")
        try bench.push("consult-start-newer-topic")
        #expect(bench.requestNames.isEmpty)
        bench.send(.answer)
        #expect(bench.requests("join") == [newerRoom])
    }

    @Test("an older room of the consultation, or the same one again, is ignored: no leave, no join, the stored fields stay",
          arguments: ["consult-start-older-topic", "consult-start"])
    func staleTopicIgnored(stale: String) throws {
        let bench = ConsultBench()
        try bench.push("consult-start")
        bench.send(.answer)
        try bench.push(stale)
        #expect(bench.requestNames == ["join", "push-ignored"])
        #expect(bench.requests("push-ignored").first?["reason"]?.hasSuffix("is not newer than 1767225600000") == true)
        let stored = try #require(bench.app?.consultation?.push)
        #expect(stored.topicTime == 1_767_225_600_000 && stored.topic == "room-BZ20260101001")
        bench.send(.tick, after: .seconds(10))
        #expect(bench.violatedRules.isEmpty)
    }

    @Test("iOS rules 4, 5: logged out (loggedIn=NO), the app ignores the push without reporting, and iOS kills it")
    func loggedOutIsKilled() throws {
        let bench = ConsultBench(settings: ["loggedIn": .bool(false)])
        try bench.push("consult-start")
        #expect(bench.incoming.isEmpty)
        #expect(bench.requests("push-ignored") == [["reason": "logged out: nobody is logged in (no session in the keychain)"]])
        #expect(bench.violatedRules == [5])
        #expect(bench.violations(of: 5).first?.hasPrefix("App terminated: VoIP push not reported to CallKit") == true)
        #expect(bench.phone.appState == .notRunning)
        #expect(bench.phone.unreportedPushes == 1)
    }

    @Test("iOS rules 4, 5: a push whose action is not 5010 is ignored, unreported, and iOS kills the app")
    func wrongActionIsKilled() throws {
        let bench = ConsultBench()
        try bench.push("consult-wrong-action")
        #expect(bench.incoming.isEmpty)
        #expect(bench.requests("push-ignored") == [["reason": #"action is "5011", not "5010""#]])
        #expect(bench.violatedRules == [5])
        #expect(bench.phone.appState == .notRunning)
    }

    @Test("iOS rule 46: the session stored WhenUnlocked cannot be read from a push while locked: the app thinks it is logged out and iOS kills it (rule 5); AfterFirstUnlock and Always ring",
          arguments: [
            ("WhenUnlocked", LockState.unlocked, true), ("WhenUnlocked", .locked, false), ("WhenUnlockedThisDeviceOnly", .locked, false),
            ("AfterFirstUnlock", .locked, true), ("AfterFirstUnlockThisDeviceOnly", .locked, true), ("Always", .locked, true),
          ])
    func keychainWhileLocked(accessibility: String, lockAtPush: LockState, rings: Bool) throws {
        // The person logged in with the phone unlocked (the app launches then), then locked it.
        let bench = ConsultBench(lock: .unlocked, settings: ["keychainAccessibility": .string(accessibility)])
        bench.send(.setLock(lockAtPush))
        try bench.push("consult-start")
        if rings {
            #expect(bench.incoming.count == 1)
            #expect(bench.violatedRules.isEmpty)
        } else {
            #expect(bench.incoming.isEmpty)
            #expect(bench.violatedRules == [46, 5])
            #expect(bench.violations(of: 46).first?.hasPrefix("keychain read of \"com.example.consult/session\" failed with -25308") == true)
            #expect(bench.requests("push-ignored").first?["reason"]?.hasSuffix("(-25308 errSecInteractionNotAllowed, iOS rule 46)") == true)
            #expect(bench.phone.appState == .notRunning)
        }
    }

    @Test("iOS rule 46: a phone locked when the app first launches refuses a WhenUnlocked log-in; opening the app unlocked logs in")
    func logInWhenOpened() throws {
        let bench = ConsultBench(settings: ["keychainAccessibility": .string("WhenUnlocked")])
        #expect(bench.violations(of: 46).first?.hasPrefix("keychain write of \"com.example.consult/session\"") == true)
        bench.send(.setLock(.unlocked))
        bench.send(.app(.foreground))
        bench.send(.app(.background))
        try bench.push("consult-start")
        #expect(bench.incoming.count == 1)
        #expect(bench.violatedRules == [46])
    }

    @Test("the remote side's end push ends the consultation as remote-ended, ringing or connected", arguments: [false, true])
    func endPush(answered: Bool) throws {
        let bench = ConsultBench()
        try bench.push("consult-start")
        if answered { bench.send(.answer) }
        bench.send(.tick, after: .seconds(4))
        try bench.push("consult-end")
        #expect(bench.endReasons == [.remote])
        #expect(bench.app?.consultation == nil)
        #expect(bench.requestNames == (answered ? ["join"] : []))
        bench.send(.tick, after: .seconds(60))
        #expect(bench.requests("noAnswer").isEmpty)
        #expect(bench.violatedRules.isEmpty)
    }

    @Test("an end push with no consultation on the phone is still reported (rules 4, 10): a call flashes by, ends as remote, the app lives")
    func endPushWithNothingToEnd() throws {
        let bench = ConsultBench()
        try bench.push("consult-end")
        #expect(bench.incoming.map(\.name) == ["Helpo Hospital"])
        #expect(bench.endReasons == [.remote])
        bench.send(.tick, after: .seconds(10))
        #expect(bench.violatedRules.isEmpty && bench.phone.appState == .background)
    }

    @Test("softphone cancel / hangup reach the app over its server connection (rule 10): the call ends as remote", arguments: [false, true])
    func serverMessageEnds(answered: Bool) throws {
        let bench = ConsultBench()
        try bench.push("consult-start")
        if answered { bench.send(.answer) }
        bench.send(.remoteEnd(call: nil))
        #expect(bench.endReasons == [.remote])
        #expect(bench.app?.consultation == nil)
        bench.send(.tick, after: .seconds(60))
        #expect(bench.requests("noAnswer").isEmpty)
    }

    @Test("a push the app cannot read names the field and what it expected; it is reported and ended as failed; the next push rings",
          arguments: [
            ("consult-bad-data", "data", "data must be a JSON object written as a string; found text that is not JSON ("),
            ("consult-bad-topic-time", "data.topicTime",
             #"data.topicTime must be milliseconds since 1970, as a whole number or a string of digits; found the string "yesterday""#),
            ("consult-data-not-string", "data", "data must be a JSON object written as a string; found an object"),
          ])
    func badPush(name: String, field: String, error: String) throws {
        let bench = ConsultBench()
        try bench.push(name)
        let request = try #require(bench.requests("bad-push").first)
        #expect(request["field"] == field)
        #expect(request["error"]?.hasPrefix(error) == true, "\(request)")
        #expect(bench.endReasons == [.failed])
        #expect(bench.violatedRules.isEmpty)
        #expect(bench.phone.appState == .background)
        try bench.push("consult-start")
        #expect(bench.incoming.count == 2)
        #expect(bench.app?.consultation?.push.bizNo == "BZ20260101001")
    }

    @Test("softphone call is the hospital's push: the caller's name shows, its handle is the consultation's number")
    func callPush() {
        let bench = ConsultBench()
        bench.send(.incomingCall(Caller(name: "Helpo Hospital", handle: "BZ7")))
        #expect(bench.incoming == [Caller(name: "Helpo Hospital", handle: "BZ7", hasVideo: true)])
        bench.send(.answer)
        #expect(bench.requests("join").first?["bizNo"] == "BZ7")
        bench.send(.incomingCall(Caller(name: "Kanto Clinic", handle: "BZ8")))
        #expect(bench.requests("busy").first?["bizNo"] == "BZ8")
    }
}
