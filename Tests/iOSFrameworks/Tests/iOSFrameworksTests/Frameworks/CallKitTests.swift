// CallKit as an iOS app uses it: the configuration and updates keep what the app sets, reports
// ring, the person's actions and the app's own requests come back to the provider delegate, and
// refusals carry CallKit's error domains and codes.
import AVFoundation
import CallKit
import UIKit
import XCTest

final class CallKitTests: XCTestCase {
    /// iOS's defaults, then every value the app sets is kept (the system reads them when it shows a call).
    func test_providerConfigurationKeepsWhatTheAppSets() {
        let configuration = CXProviderConfiguration()
        XCTAssertEqual(configuration.maximumCallGroups, 2)
        XCTAssertEqual(configuration.maximumCallsPerCallGroup, 5)
        XCTAssertFalse(configuration.supportsVideo)
        XCTAssertTrue(configuration.includesCallsInRecents)
        XCTAssertNil(configuration.ringtoneSound)

        let named = CXProviderConfiguration(localizedName: "Probe")
        named.ringtoneSound = "ring.caf"
        named.iconTemplateImageData = Data([1, 2, 3])
        named.maximumCallGroups = 1
        named.maximumCallsPerCallGroup = 3
        named.supportsVideo = true
        named.supportedHandleTypes = [.phoneNumber, .emailAddress]
        named.includesCallsInRecents = false
        let provider = CXProvider(configuration: named)
        let kept = provider.configuration
        XCTAssertEqual(kept.localizedName, "Probe")
        XCTAssertEqual(kept.ringtoneSound, "ring.caf")
        XCTAssertEqual(kept.iconTemplateImageData, Data([1, 2, 3]))
        XCTAssertEqual(kept.maximumCallGroups, 1)
        XCTAssertEqual(kept.maximumCallsPerCallGroup, 3)
        XCTAssertTrue(kept.supportsVideo)
        XCTAssertEqual(kept.supportedHandleTypes, [.phoneNumber, .emailAddress])
        XCTAssertFalse(kept.includesCallsInRecents)

        provider.configuration = CXProviderConfiguration(localizedName: "Other")
        XCTAssertEqual(provider.configuration.localizedName, "Other")
    }

    /// An update keeps each field the app sets; handles compare as CallKit compares them.
    func test_callUpdateKeepsEveryField() {
        let update = CXCallUpdate()
        XCTAssertNil(update.remoteHandle)
        XCTAssertNil(update.localizedCallerName)
        update.remoteHandle = CXHandle(type: .phoneNumber, value: "+1 (555) 1234")
        update.localizedCallerName = "Zoë"
        update.supportsHolding = true
        update.supportsGrouping = true
        update.supportsUngrouping = true
        update.supportsDTMF = true
        update.hasVideo = true
        XCTAssertEqual(update.remoteHandle, CXHandle(type: .phoneNumber, value: "+15551234"))
        XCTAssertEqual(update.remoteHandle?.type, .phoneNumber)
        XCTAssertEqual(update.localizedCallerName, "Zoë")
        XCTAssert(update.supportsHolding && update.supportsGrouping && update.supportsUngrouping && update.supportsDTMF && update.hasVideo)
    }

    /// The provider's delegate hears providerDidBegin once it is set, with the provider itself.
    func test_settingTheDelegateBeginsTheProvider() {
        let t = ProbePhone()
        XCTAssertEqual(t.probe.log.prefix(2), ["didFinishLaunching", "providerDidBegin"])
        XCTAssert(t.probe.providersCalledWith.first === t.probe.provider)
        XCTAssert(t.probe.provider.delegate === t.probe)
    }

    func test_reportNewIncomingCallRingsWithTheUpdatesCaller() throws {
        let t = ProbePhone()
        let uuid = UUID()
        var completions: [Error?] = []
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") { completions.append($0) } }
        XCTAssertEqual(completions.count, 1)
        XCTAssertNil(try XCTUnwrap(completions.first))
        XCTAssert(t.rang)
        XCTAssertEqual(t.incomingUUIDs, [uuid.uuidString])
        XCTAssertEqual(t.incomingNames, ["Zoë"])
        let call = try XCTUnwrap(t.probe.callController.callObserver.calls.first)
        XCTAssertEqual(call.uuid, uuid)
        XCTAssertFalse(call.isOutgoing || call.hasConnected || call.hasEnded || call.isOnHold)
    }

    /// The async variant, awaited on the main actor, returns inside the phone's turn.
    func test_awaitingReportNewIncomingCallReturnsOnceItRings() {
        let t = ProbePhone()
        var said: [String] = []
        t.runInApp { _ in
            let update = CXCallUpdate()
            update.localizedCallerName = "Zoë"
            let provider = t.probe.provider!
            Task { @MainActor in
                do {
                    try await provider.reportNewIncomingCall(with: UUID(), update: update)
                    said.append("rings")
                } catch { said.append("refused") }
            }
        }
        XCTAssertEqual(said, ["rings"])
        XCTAssertEqual(t.incomingNames, ["Zoë"])
    }

    /// A second report with the same UUID is refused: CallKit's incoming-call domain, code 2.
    func test_aSecondReportOfTheSameUUIDIsRefusedWithCallUUIDAlreadyExists() throws {
        let t = ProbePhone()
        let uuid = UUID()
        var errors: [Error?] = []
        t.runInApp { _ in
            t.probe.reportIncomingCall(uuid, from: "Zoë") { errors.append($0) }
            t.probe.reportIncomingCall(uuid, from: "Zoë") { errors.append($0) }
        }
        XCTAssertEqual(errors.count, 2)
        let error = try XCTUnwrap(errors.last.flatMap { $0 })
        XCTAssertEqual((error as? CXErrorCodeIncomingCallError)?.code, .callUUIDAlreadyExists)
        XCTAssertEqual((error as NSError).domain, "com.apple.CallKit.error.incomingcall")
        XCTAssertEqual((error as NSError).code, 2)
        XCTAssertEqual(t.incomingUUIDs.count, 1)
    }

    /// Do Not Disturb filters the call: the report fails with filteredByDoNotDisturb and nothing rings.
    func test_doNotDisturbRefusesTheReport() throws {
        let t = ProbePhone()
        t.send(.setDoNotDisturb(.init(isOn: true)))
        var errors: [Error?] = []
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") { errors.append($0) } }
        let error = try XCTUnwrap(errors.first.flatMap { $0 })
        XCTAssertEqual((error as? CXErrorCodeIncomingCallError)?.code, .filteredByDoNotDisturb)
        XCTAssertFalse(t.rang)
    }

    /// An app without the voip background mode gets CallKit's own domain, missingVoIPBackgroundMode (3).
    func test_withoutTheVoIPBackgroundModeTheReportFailsWithCXError() throws {
        let bundle = AppBundle.iOSApp(
            id: "probe", displayName: "Probe", bundleIdentifier: "com.example.probe", backgroundModes: ["audio"],
            delegate: { ProbeAppDelegate() }, callPush: { _ in [:] })
        let t = ProbePhone(bundle)
        var errors: [Error?] = []
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") { errors.append($0) } }
        let error = try XCTUnwrap(errors.first.flatMap { $0 })
        XCTAssertEqual((error as? CXError)?.code, .missingVoIPBackgroundMode)
        XCTAssertEqual((error as NSError).domain, "com.apple.CallKit.error")
        XCTAssertEqual((error as NSError).code, 3)
    }

    /// The person's answer reaches the delegate as a CXAnswerCallAction for the call; once it is
    /// fulfilled the call connects and CallKit activates the app's audio session, in that order.
    func test_answeringHandsTheDelegateAnAnswerActionThenActivatesAudio() throws {
        let t = ProbePhone()
        let uuid = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") }
        t.probe.onAction = { action in (action as? CXAnswerCallAction)?.fulfill(withDateConnected: Date()) }
        t.send(.answer)
        XCTAssertEqual(t.probe.log.suffix(2), ["perform answer", "didActivate"])
        let answer = try XCTUnwrap(t.probe.performed.last as? CXAnswerCallAction)
        XCTAssertEqual(answer.callUUID, uuid)
        XCTAssert(answer.isComplete)
        XCTAssertEqual(t.connectedCalls, [1])
        XCTAssertEqual(t.actionOutcomes, ["answer fulfilled"])
        // The session CallKit activates is the app's one shared session, the same object.
        var shared: AVAudioSession?
        t.runInApp { _ in shared = AVAudioSession.sharedInstance() }
        XCTAssert(t.probe.activatedSessions.first === shared)
        let call = try XCTUnwrap(t.probe.callController.callObserver.calls.first)
        XCTAssert(call.hasConnected)
    }

    /// An action the app never completes times out at its timeoutDate: the delegate hears
    /// timedOutPerforming about that action, and it is failed.
    func test_anActionLeftUndoneTimesOutToTheDelegate() throws {
        let t = ProbePhone()
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") }
        t.probe.onAction = { _ in }
        t.send(.answer)
        let answer = try XCTUnwrap(t.probe.performed.last)
        XCTAssertFalse(answer.isComplete)
        XCTAssert(answer.timeoutDate > Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(t.probe.provider.pendingTransactions.count, 1)
        XCTAssertEqual(t.probe.provider.pendingTransactions.first?.actions.first?.uuid, answer.uuid)
        XCTAssertEqual(t.probe.provider.pendingCallActions(of: CXAnswerCallAction.self, withCall: try XCTUnwrap(answer as? CXCallAction).callUUID).map(\.uuid), [answer.uuid])
        XCTAssert(t.probe.provider.pendingCallActions(of: CXEndCallAction.self, withCall: try XCTUnwrap(answer as? CXCallAction).callUUID).isEmpty)
        XCTAssert(t.probe.provider.pendingCallActions(of: CXAnswerCallAction.self, withCall: UUID()).isEmpty)
        t.advance(by: .seconds(11))
        XCTAssertEqual(t.probe.log.last, "timedOut")
        XCTAssertEqual(t.probe.timedOut.first?.uuid, answer.uuid)
        XCTAssert(answer.isComplete)
        XCTAssert(t.probe.provider.pendingTransactions.isEmpty)
        XCTAssertEqual(t.actionOutcomes, ["answer timed-out"])
    }

    /// A failed answer does not connect the call.
    func test_aFailedAnswerDoesNotConnect() {
        let t = ProbePhone()
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") }
        t.probe.onAction = { $0.fail() }
        t.send(.answer)
        XCTAssertEqual(t.actionOutcomes, ["answer failed"])
        XCTAssert(t.connectedCalls.isEmpty)
    }

    /// A delegate that implements only providerDidReset refuses every action: it is failed at once.
    func test_aDelegateWithoutThePerformMethodFailsTheAction() {
        final class ResetOnly: CXProviderDelegate {
            var resets = 0
            func providerDidReset(_ provider: CXProvider) { resets += 1 }
        }
        let t = ProbePhone()
        let delegate = ResetOnly()
        t.runInApp { _ in
            t.probe.provider.setDelegate(delegate, queue: nil)
            t.probe.reportIncomingCall(UUID(), from: "Zoë")
        }
        t.send(.answer)
        XCTAssertEqual(t.actionOutcomes, ["answer failed"])
        t.send(.resetCallService)
        XCTAssertEqual(delegate.resets, 1)
        XCTAssertFalse(t.probe.log.contains("providerDidReset"))
    }

    /// The system's call service restarting resets the provider: providerDidReset, with the provider.
    func test_aCallServiceResetReachesTheDelegate() {
        let t = ProbePhone()
        t.send(.resetCallService)
        XCTAssertEqual(t.probe.log.last, "providerDidReset")
        XCTAssert(t.probe.providersCalledWith.last === t.probe.provider)
    }

    /// The app's own hang-up: the end action it requests is what its delegate performs (same
    /// action UUID, same call), the request completes without error, and the call ends as local.
    func test_anEndRequestedByTheAppComesBackToTheDelegate() throws {
        let t = ProbePhone()
        let uuid = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") }
        t.send(.answer)
        let end = CXEndCallAction(call: uuid)
        var completions: [Error?] = []
        t.probe.onAction = { action in (action as? CXEndCallAction)?.fulfill(withDateEnded: Date()) }
        t.runInApp { _ in t.probe.callController.request(CXTransaction(action: end)) { completions.append($0) } }
        XCTAssertEqual(completions.count, 1)
        XCTAssertNil(try XCTUnwrap(completions.first))
        // Ending the call also ends CallKit's activation of the app's audio session.
        XCTAssertEqual(t.probe.log.suffix(2), ["perform end", "didDeactivate"])
        let performed = try XCTUnwrap(t.probe.performed.last as? CXEndCallAction)
        XCTAssertEqual(performed.uuid, end.uuid)
        XCTAssertEqual(performed.callUUID, uuid)
        XCTAssert(end.isComplete)
        XCTAssertEqual(t.endReasonWords, ["local"])
        XCTAssert(t.probe.callController.callObserver.calls.isEmpty)
    }

    /// The awaiting request throws the error the completion would get.
    func test_awaitingARequestForAnUnknownCallThrowsUnknownCallUUID() {
        let t = ProbePhone()
        var codes: [CXErrorCodeRequestTransactionError.Code] = []
        t.runInApp { _ in
            let controller = t.probe.callController
            Task { @MainActor in
                do { try await controller.request(CXTransaction(action: CXEndCallAction(call: UUID()))) } catch {
                    codes += [(error as? CXErrorCodeRequestTransactionError)?.code].compactMap { $0 }
                }
            }
        }
        XCTAssertEqual(codes, [.unknownCallUUID])
    }

    /// `requestTransaction(with:)` awaited, for one action and for several, throws as `request` does.
    func test_awaitingRequestTransactionWithActionsThrowsAsRequestDoes() {
        let t = ProbePhone()
        var codes: [CXErrorCodeRequestTransactionError.Code] = []
        t.runInApp { _ in
            let controller = t.probe.callController
            Task { @MainActor in
                do { try await controller.requestTransaction(with: CXEndCallAction(call: UUID())) } catch {
                    codes += [(error as? CXErrorCodeRequestTransactionError)?.code].compactMap { $0 }
                }
                do { try await controller.requestTransaction(with: [CXAction]()) } catch {
                    codes += [(error as? CXErrorCodeRequestTransactionError)?.code].compactMap { $0 }
                }
            }
        }
        XCTAssertEqual(codes, [.unknownCallUUID, .emptyTransaction])
    }

    /// Requests the system refuses: CallKit's request-transaction domain with its codes.
    func test_refusedRequestsCarryRequestTransactionCodes() throws {
        let t = ProbePhone()
        var errors: [Error?] = []
        t.runInApp { _ in
            t.probe.callController.requestTransaction(with: CXEndCallAction(call: UUID())) { errors.append($0) }
            t.probe.callController.request(CXTransaction(actions: [])) { errors.append($0) }
        }
        XCTAssertEqual(errors.count, 2)
        let unknown = try XCTUnwrap(errors[0]), empty = try XCTUnwrap(errors[1])
        XCTAssertEqual((unknown as? CXErrorCodeRequestTransactionError)?.code, .unknownCallUUID)
        XCTAssertEqual((unknown as NSError).domain, "com.apple.CallKit.error.requesttransaction")
        XCTAssertEqual((unknown as NSError).code, 4)
        XCTAssertEqual((empty as? CXErrorCodeRequestTransactionError)?.code, .emptyTransaction)
        XCTAssertEqual((empty as NSError).code, 3)
        XCTAssert(t.probe.performed.isEmpty)
    }

    /// A transaction keeps its actions in the order given and added; it is complete once each is.
    func test_aTransactionKeepsItsActionsInOrder() throws {
        let call = UUID()
        let mute = CXSetMutedCallAction(call: call, muted: true)
        let hold = CXSetHeldCallAction(call: call, onHold: true)
        let dtmf = CXPlayDTMFCallAction(call: call, digits: "12", type: .singleTone)
        let transaction = CXTransaction(action: mute)
        transaction.addAction(hold)
        transaction.addAction(dtmf)
        XCTAssertEqual(transaction.actions.map(\.uuid), [mute.uuid, hold.uuid, dtmf.uuid])
        XCTAssert(transaction.actions[1] is CXSetHeldCallAction)
        XCTAssertEqual((transaction.actions[2] as? CXCallAction)?.callUUID, call)
        XCTAssertFalse(transaction.isComplete)
        mute.fulfill()
        hold.fulfill()
        XCTAssertFalse(transaction.isComplete)
        dtmf.fail()
        XCTAssert(transaction.isComplete)
        XCTAssertNotEqual(transaction.uuid, CXTransaction(actions: [mute]).uuid)
    }

    /// Each action keeps the values it was made with and those the app changes.
    func test_actionsKeepTheirValues() {
        let call = UUID(), other = UUID()
        let start = CXStartCallAction(call: call, handle: CXHandle(type: .generic, value: "zoe"))
        start.handle = CXHandle(type: .emailAddress, value: "zoe@example.com")
        start.contactIdentifier = "contact-1"
        start.isVideo = true
        XCTAssertEqual(start.handle.value, "zoe@example.com")
        XCTAssertEqual(start.contactIdentifier, "contact-1")
        XCTAssert(start.isVideo)
        let group = CXSetGroupCallAction(call: call, callUUIDToGroupWith: other)
        XCTAssertEqual(group.callUUIDToGroupWith, other)
        group.callUUIDToGroupWith = nil
        XCTAssertNil(group.callUUIDToGroupWith)
        let dtmf = CXPlayDTMFCallAction(call: call, digits: "1", type: .singleTone)
        dtmf.digits = "#9"
        dtmf.type = .hardPause
        XCTAssertEqual(dtmf.digits, "#9")
        XCTAssertEqual(dtmf.type, .hardPause)
        let hold = CXSetHeldCallAction(call: call, onHold: true)
        hold.isOnHold = false
        XCTAssertFalse(hold.isOnHold)
        let mute = CXSetMutedCallAction(call: call, muted: false)
        mute.isMuted = true
        XCTAssert(mute.isMuted)
        XCTAssertEqual(CXAnswerCallAction(call: call).callUUID, call)
        XCTAssertNotEqual(CXAnswerCallAction(call: call).uuid, CXAnswerCallAction(call: call).uuid)
    }

    /// Mute, hold and touch tones the app asks for reach the delegate in order, and the phone
    /// shows the mute and hold once fulfilled.
    func test_muteHoldAndTonesReachTheDelegateInOrder() {
        let t = ProbePhone()
        let uuid = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") }
        t.send(.answer)
        t.runInApp { _ in
            t.probe.callController.requestTransaction(with: [
                CXSetMutedCallAction(call: uuid, muted: true),
                CXSetHeldCallAction(call: uuid, onHold: true),
            ]) { _ in }
        }
        t.runInApp { _ in t.probe.callController.requestTransaction(with: CXSetHeldCallAction(call: uuid, onHold: false)) { _ in } }
        t.runInApp { _ in t.probe.request([CXPlayDTMFCallAction(call: uuid, digits: "7", type: .singleTone)]) }
        XCTAssertEqual(Array(t.probe.log.suffix(4)), ["perform muted true", "perform held true", "perform held false", "perform dtmf 7"])
        XCTAssertEqual(t.callStates, ["muted true", "held true", "held false"])
        // The app's tones are its own to send; the phone shows only the action's outcome.
        XCTAssertEqual(t.actionOutcomes.last, "dtmf fulfilled")
    }

    /// A call reported without supportsHolding cannot be held: the request is refused as an
    /// invalid action (6) and the delegate never sees it.
    func test_holdingACallThatDoesNotSupportHoldingIsRefused() throws {
        let t = ProbePhone()
        let uuid = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë", holding: false) }
        t.send(.answer)
        var errors: [Error?] = []
        t.runInApp { _ in t.probe.request([CXSetHeldCallAction(call: uuid, onHold: true)]) { errors.append($0) } }
        let error = try XCTUnwrap(errors.first.flatMap { $0 })
        XCTAssertEqual((error as? CXErrorCodeRequestTransactionError)?.code, .invalidAction)
        XCTAssertEqual((error as NSError).code, 6)
        XCTAssertFalse(t.probe.log.contains("perform held true"))
    }

    /// provider(_:execute:) returning true takes the whole transaction: no perform method runs,
    /// and the app completes the actions itself from the transaction.
    func test_executeTakesTheWholeTransaction() throws {
        let t = ProbePhone()
        let uuid = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") }
        t.send(.answer)
        t.probe.executesTransactions = true
        let mute = CXSetMutedCallAction(call: uuid, muted: true)
        t.runInApp { _ in t.probe.request([mute]) }
        XCTAssertEqual(t.probe.log.last, "execute 1")
        XCTAssertFalse(t.probe.log.contains("perform muted true"))
        let executed = try XCTUnwrap(t.probe.executed.last)
        XCTAssertEqual(executed.actions.map(\.uuid), [mute.uuid])
        t.runInApp { _ in executed.actions.forEach { $0.fulfill() } }
        XCTAssert(executed.isComplete)
        XCTAssertEqual(t.callStates, ["muted true"])
    }

    /// An outgoing call: the start action carries the handle and video flag to the delegate, and
    /// the app's reports of connecting and connected show on the phone and in the observer.
    func test_anOutgoingCallStartsConnectsAndIsObservedAsOutgoing() throws {
        let t = ProbePhone()
        let uuid = UUID()
        t.probe.onAction = { action in
            guard let start = action as? CXStartCallAction else { return action.fulfill() }
            start.fulfill(withDateStarted: Date())
            t.probe.provider.reportOutgoingCall(with: start.callUUID, startedConnectingAt: Date())
        }
        let start = CXStartCallAction(call: uuid, handle: CXHandle(type: .generic, value: "zoe"))
        start.isVideo = true
        t.runInApp { _ in t.probe.request([start]) }
        let performed = try XCTUnwrap(t.probe.performed.last as? CXStartCallAction)
        XCTAssertEqual(performed.handle.value, "zoe")
        XCTAssert(performed.isVideo)
        XCTAssertEqual(t.outgoingCalls, [1])
        XCTAssert(t.connectedCalls.isEmpty)
        t.runInApp { _ in t.probe.provider.reportOutgoingCall(with: uuid, connectedAt: Date()) }
        XCTAssertEqual(t.connectedCalls, [1])
        let call = try XCTUnwrap(t.probe.callController.callObserver.calls.first)
        XCTAssert(call.isOutgoing && call.hasConnected)
    }

    /// Published code builds its request from an empty transaction: CXTransaction(), then
    /// addAction(_:). The start action reaches the provider's perform and the call goes out;
    /// an empty one is refused as emptyTransaction.
    func test_aStartCallAddedToAnEmptyTransactionReachesThePerformer() throws {
        let t = ProbePhone()
        let uuid = UUID()
        var errors: [Error?] = []
        t.runInApp { _ in
            let startCallAction = CXStartCallAction(call: uuid, handle: CXHandle(type: .phoneNumber, value: "+15557777"))
            let transaction = CXTransaction()
            XCTAssert(transaction.actions.isEmpty)
            transaction.addAction(startCallAction)
            t.probe.callController.request(transaction) { error in errors.append(error) }
        }
        XCTAssertEqual(t.probe.log.filter { $0.hasPrefix("perform") }, ["perform start"])
        let performed = try XCTUnwrap(t.probe.performed.first as? CXStartCallAction)
        XCTAssertEqual(performed.callUUID, uuid)
        XCTAssertEqual(performed.handle.value, "+15557777")
        XCTAssertEqual(t.outgoingCalls, [1])
        XCTAssertEqual(errors.count, 1)
        XCTAssertNil(errors.first ?? nil)

        t.runInApp { _ in t.probe.callController.request(CXTransaction()) { error in errors.append(error) } }
        XCTAssertEqual(((errors.last ?? nil) as? CXErrorCodeRequestTransactionError)?.code, .emptyTransaction)
    }

    /// reportCall(with:updated:) changes the caller's name; reportCall(with:endedAt:reason:) ends
    /// the call with the app's reason, without any action.
    func test_reportedUpdatesAndEndsChangeTheCall() {
        let t = ProbePhone()
        let uuid = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") }
        t.send(.answer)
        let update = CXCallUpdate()
        update.localizedCallerName = "Zoë Work"
        t.runInApp { _ in
            t.probe.provider.reportCall(with: uuid, updated: update)
            t.probe.provider.reportCall(with: uuid, endedAt: Date(), reason: .remoteEnded)
        }
        XCTAssertEqual(t.endedNames, ["Zoë Work"])
        XCTAssertEqual(t.endReasonWords, ["remote"])
        XCTAssertEqual(t.probe.log.filter { $0 == "perform end" }, [])
    }

    /// invalidate() ends the provider's calls as failed, and later reports ring nothing.
    func test_invalidateEndsTheCallsAndRetiresTheProvider() {
        let t = ProbePhone()
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") }
        t.runInApp { _ in t.probe.provider.invalidate() }
        XCTAssertEqual(t.endReasonWords, ["failed"])
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Ann") }
        XCTAssertEqual(t.incomingNames, ["Zoë"])
    }

    /// The observer's delegate hears each change of a call in order, from the observer it set
    /// itself on: ringing, connected, ended.
    func test_theCallObserverDelegateHearsEachChangeInOrder() {
        final class Watcher: CXCallObserverDelegate {
            var changes: [String] = []
            var observers: [CXCallObserver] = []
            func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall) {
                observers.append(callObserver)
                changes.append(call.hasEnded ? "ended" : call.hasConnected ? "connected" : "ringing")
            }
        }
        let t = ProbePhone()
        let watcher = Watcher()
        var observer: CXCallObserver?
        t.runInApp { _ in
            let made = CXCallObserver()
            made.setDelegate(watcher, queue: nil)
            observer = made
            t.probe.reportIncomingCall(UUID(), from: "Zoë")
        }
        t.send(.answer)
        t.send(.end)
        XCTAssertEqual(watcher.changes, ["ringing", "connected", "ended"])
        XCTAssert(watcher.observers.allSatisfy { $0 === observer })
        XCTAssertEqual(observer?.calls.count, 0)
    }

    /// A call's snapshots are equal to one another, by UUID, whatever changed between them.
    func test_aCallIsEqualToItsLaterSnapshotAndNotToAnotherCall() throws {
        let t = ProbePhone()
        let first = UUID()
        var ringing: [CXCall] = []
        t.runInApp { _ in
            t.probe.reportIncomingCall(first, from: "Zoë")
            t.probe.reportIncomingCall(UUID(), from: "Ann")
            ringing = t.probe.callController.callObserver.calls
        }
        t.send(.answer)
        let connected = try XCTUnwrap(t.probe.callController.callObserver.calls.first { $0.uuid == first })
        let before = try XCTUnwrap(ringing.first { $0.uuid == first })
        XCTAssertTrue(connected.isEqual(to: before))
        XCTAssertFalse(before.hasConnected == connected.hasConnected)
        XCTAssertFalse(ringing.first { $0.uuid != first }!.isEqual(to: connected))
    }

    /// The codes are static members of their error type: `catch` patterns and `==` on `code`
    /// work as on iOS, and the domains are CallKit's constants.
    func test_errorCodesMatchInCatchPatternsAndTheDomainsAreConstants() {
        func thrown(_ error: Error) -> String {
            do { throw error } catch CXErrorCodeIncomingCallError.filteredByDoNotDisturb {
                return "do not disturb"
            } catch CXErrorCodeIncomingCallError.callUUIDAlreadyExists {
                return "already exists"
            } catch CXErrorCodeRequestTransactionError.unknownCallUUID {
                return "unknown call"
            } catch CXError.missingVoIPBackgroundMode {
                return "no voip mode"
            } catch CXErrorCodeNotificationServiceExtensionError.invalidClientProcess {
                return "not an extension"
            } catch { return "other" }
        }
        XCTAssertEqual(thrown(CXErrorCodeIncomingCallError(.filteredByDoNotDisturb)), "do not disturb")
        XCTAssertEqual(thrown(CXErrorCodeIncomingCallError(.callUUIDAlreadyExists)), "already exists")
        XCTAssertEqual(thrown(CXErrorCodeIncomingCallError(.filteredByBlockList)), "other")
        XCTAssertEqual(thrown(CXErrorCodeRequestTransactionError(.unknownCallUUID)), "unknown call")
        XCTAssertEqual(thrown(CXError(.missingVoIPBackgroundMode)), "no voip mode")
        XCTAssertEqual(thrown(CXErrorCodeNotificationServiceExtensionError(.invalidClientProcess)), "not an extension")
        XCTAssertEqual(CXErrorCodeIncomingCallError.callUUIDAlreadyExists, .callUUIDAlreadyExists)
        XCTAssertEqual(CXErrorCodeIncomingCallError(.unentitled).code, CXErrorCodeIncomingCallError.unentitled)
        XCTAssertTrue(CXError(.unentitled).code == .unentitled)
        XCTAssertEqual(CXErrorDomain, "com.apple.CallKit.error")
        XCTAssertEqual(CXErrorDomainIncomingCall, CXErrorCodeIncomingCallError.errorDomain)
        XCTAssertEqual(CXErrorDomainRequestTransaction, "com.apple.CallKit.error.requesttransaction")
        XCTAssertEqual((CXErrorCodeRequestTransactionError(.invalidAction) as NSError).domain, CXErrorDomainRequestTransaction)
        XCTAssertEqual(CXErrorDomainNotificationServiceExtension, "com.apple.CallKit.error.notificationserviceextension")
    }

    /// A controller made for another queue still asks the app's provider (the queue only says
    /// where completions run).
    func test_aControllerMadeWithAQueueRequestsToo() {
        let t = ProbePhone()
        let uuid = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") }
        var completions: [Error?] = []
        t.runInApp { _ in
            CXCallController(queue: .main).request(CXTransaction(action: CXAnswerCallAction(call: uuid))) { completions.append($0) }
        }
        XCTAssertEqual(completions.count, 1)
        XCTAssert(t.probe.log.contains("perform answer"))
        XCTAssertEqual(t.connectedCalls, [1])
    }

    /// Grouping a call with another reaches the delegate as a CXSetGroupCallAction naming both.
    func test_groupingReachesTheDelegate() throws {
        let t = ProbePhone()
        let first = UUID(), second = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(first, from: "Zoë") }
        t.send(.answer)
        t.runInApp { _ in t.probe.reportIncomingCall(second, from: "Ann", handle: "+15550000") }
        t.send(.holdAndAccept)
        var errors: [Error?] = []
        t.runInApp { _ in t.probe.request([CXSetGroupCallAction(call: second, callUUIDToGroupWith: first)]) { errors.append($0) } }
        XCTAssertNil(try XCTUnwrap(errors.first))
        let group = try XCTUnwrap(t.probe.performed.last as? CXSetGroupCallAction)
        XCTAssertEqual(group.callUUID, second)
        XCTAssertEqual(group.callUUIDToGroupWith, first)
    }

    /// iOS 26's translation: a provider that supports it requests a translating action, which
    /// comes back to its delegate with the languages; fulfilled with its engine, the call is translated.
    func test_aTranslatingActionReachesTheDelegateAndTranslatesTheCall() throws {
        let configuration = CXProviderConfiguration()
        XCTAssertFalse(configuration.supportsAudioTranslation)
        configuration.supportsAudioTranslation = true
        XCTAssertTrue(configuration.supportsAudioTranslation)
        let t = ProbePhone()
        let uuid = UUID()
        t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") }
        t.send(.answer)
        t.probe.onAction = { action in
            if let translate = action as? CXSetTranslatingCallAction { translate.fulfill(using: CXTranslationEngine.custom) } else { action.fulfill() }
        }
        var errors: [Error?] = []
        t.runInApp { _ in
            t.probe.provider.configuration = configuration
            t.probe.request([CXSetTranslatingCallAction(call: uuid, isTranslating: true, localLanguage: "en-US", remoteLanguage: "fr-FR")]) {
                errors.append($0)
            }
        }
        XCTAssertNil(try XCTUnwrap(errors.first))
        let translate = try XCTUnwrap(t.probe.performed.last as? CXSetTranslatingCallAction)
        XCTAssertEqual(t.probe.log.last(where: { $0.hasPrefix("perform translating") }), "perform translating true")
        XCTAssertEqual(translate.callUUID, uuid)
        XCTAssertEqual(translate.localLanguage, "en-US")
        XCTAssertEqual(translate.remoteLanguage, "fr-FR")
        XCTAssertTrue(translate.isComplete)
        XCTAssertEqual(t.actionOutcomes.last, "translate fulfilled")
        XCTAssertEqual(t.translations, [.custom])
        XCTAssertEqual([CXTranslationEngine.default, .custom].map(\.rawValue), [0, 1])
    }

    /// reportNewIncomingVoIPPushPayload is for a notification service extension: from the app it
    /// fails with invalidClientProcess, in CallKit's notification-service-extension domain.
    func test_reportingAVoIPPayloadFromTheAppFailsWithInvalidClientProcess() throws {
        let t = ProbePhone()
        var errors: [Error?] = []
        t.runInApp { _ in CXProvider.reportNewIncomingVoIPPushPayload(["caller": "Zoë"]) { errors.append($0) } }
        let error = try XCTUnwrap(errors.first.flatMap { $0 })
        XCTAssertEqual((error as? CXErrorCodeNotificationServiceExtensionError)?.code, .invalidClientProcess)
        XCTAssertEqual(CXErrorCodeNotificationServiceExtensionError.errorDomain, "com.apple.CallKit.error.notificationserviceextension")
        // As an NSError, as app code logs it: CallKit's domain and code, not Swift's bridging.
        XCTAssertEqual((error as NSError).domain, "com.apple.CallKit.error.notificationserviceextension")
        XCTAssertEqual((error as NSError).code, 1)
        XCTAssertFalse(t.rang)
    }

    /// Awaited from the app, the payload report throws what the completion would get.
    func test_awaitingAVoIPPayloadReportFromTheAppThrowsInvalidClientProcess() {
        let t = ProbePhone()
        var caught: [String] = []
        t.runInApp { _ in
            Task { @MainActor in
                do {
                    try await CXProvider.reportNewIncomingVoIPPushPayload(["caller": "Zoë"])
                    caught.append("reported")
                } catch CXErrorCodeNotificationServiceExtensionError.invalidClientProcess {
                    caught.append("invalidClientProcess")
                } catch { caught.append("\(error)") }
            }
        }
        XCTAssertEqual(caught, ["invalidClientProcess"])
        XCTAssertFalse(t.rang)
    }

    /// Every end reason the app can report ends the call with the matching reason.
    func test_eachEndedReasonIsTheCallsEndReason() {
        let reasons: [(CXCallEndedReason, String)] = [
            (.failed, "failed"), (.remoteEnded, "remote"), (.unanswered, "unanswered"),
            (.answeredElsewhere, "answered-elsewhere"), (.declinedElsewhere, "declined-elsewhere"),
        ]
        for (reason, word) in reasons {
            let t = ProbePhone()
            let uuid = UUID()
            t.runInApp { _ in t.probe.reportIncomingCall(uuid, from: "Zoë") }
            t.runInApp { _ in t.probe.provider.reportCall(with: uuid, endedAt: nil, reason: reason) }
            XCTAssertEqual(t.endReasonWords, [word], "\(reason)")
        }
    }
}
