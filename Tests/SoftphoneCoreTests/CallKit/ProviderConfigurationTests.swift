import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The provider's configuration, handles and call updates (iOS rules 20–22).
@Suite("CallKit: configuration, handles, updates")
struct ProviderConfigurationTests {
    @Test("rule 20: CXProviderConfiguration has iOS's defaults: 2 call groups, 5 calls a group, no video, calls in Recents, system ringtone")
    func configurationDefaults() {
        let configuration = CXProviderConfiguration()
        #expect(configuration.maximumCallGroups == 2)
        #expect(configuration.maximumCallsPerCallGroup == 5)
        #expect(configuration.supportsVideo == false)
        #expect(configuration.includesCallsInRecents == true)
        #expect(configuration.ringtoneSound == nil)
        #expect(configuration.iconTemplateImageData == nil)
        #expect(configuration.localizedName == nil)
        #expect(configuration.supportedHandleTypes.isEmpty)
    }

    @Test("rule 20: the deprecated localizedName initialiser keeps every other default")
    func localizedNameInitialiser() {
        let configuration = CXProviderConfiguration(localizedName: "Old App")
        #expect(configuration.localizedName == "Old App")
        #expect(configuration.maximumCallGroups == 2)
        #expect(configuration.maximumCallsPerCallGroup == 5)
        #expect(configuration.includesCallsInRecents)
    }

    @Test("rule 20: a provider made by the app keeps the configuration the app set")
    func providerKeepsConfiguration() {
        let t = TestPhone(.init(configure: { $0.maximumCallGroups = 1; $0.supportsVideo = true; $0.ringtoneSound = "Ring.caf" }))
        let configuration = t.app?.provider.configuration
        #expect(configuration?.maximumCallGroups == 1)
        #expect(configuration?.supportsVideo == true)
        #expect(configuration?.ringtoneSound == "Ring.caf")
        #expect(configuration?.maximumCallsPerCallGroup == 5)
    }

    @Test("rule 21: CXHandle types are generic 1, phoneNumber 2, emailAddress 3")
    func handleTypeRawValues() {
        #expect(CXHandle.HandleType.generic.rawValue == 1)
        #expect(CXHandle.HandleType.phoneNumber.rawValue == 2)
        #expect(CXHandle.HandleType.emailAddress.rawValue == 3)
        let handle = CXHandle(type: .emailAddress, value: "alice@example.com")
        #expect(handle.type == .emailAddress)
        #expect(handle.value == "alice@example.com")
    }

    @Test("rule 21: phone-number handles compare equal whatever their punctuation; other types compare exactly")
    func handleEquality() {
        let formatted = CXHandle(type: .phoneNumber, value: "+1 (555) 123-4567")
        let plain = CXHandle(type: .phoneNumber, value: "+15551234567")
        #expect(formatted == plain)
        #expect(formatted.isEqual(to: plain))
        #expect(Set([formatted, plain]).count == 1)
        #expect(CXHandle(type: .phoneNumber, value: "+15551234567") != CXHandle(type: .phoneNumber, value: "+15551234568"))
        // Same text, different type: different parties.
        #expect(CXHandle(type: .generic, value: "+15551234567") != plain)
        // Generic and e-mail handles keep their punctuation.
        #expect(CXHandle(type: .generic, value: "room-1") != CXHandle(type: .generic, value: "room1"))
        #expect(CXHandle(type: .emailAddress, value: "a.b@example.com") != CXHandle(type: .emailAddress, value: "ab@example.com"))
    }

    @Test("rule 22: reportCall(with:updated:) changes only the properties the update sets")
    func updateChangesOnlySetProperties() {
        let t = TestPhone()
        t.push(caller: "Alice", handle: "+15551234")
        let uuid = t.uuid(ofCall: 1)
        #expect(t.phone.currentCalls.first?.caller == Caller(name: "Alice", handle: "+15551234"))

        // Only the name: the handle and video stay.
        let rename = CXCallUpdate()
        rename.localizedCallerName = "Alice Liddell"
        t.app?.provider.reportCall(with: uuid, updated: rename)
        #expect(t.phone.currentCalls.first?.caller == Caller(name: "Alice Liddell", handle: "+15551234"))

        // Only video: the name stays.
        let video = CXCallUpdate()
        video.hasVideo = true
        t.app?.provider.reportCall(with: uuid, updated: video)
        #expect(t.phone.currentCalls.first?.caller == Caller(name: "Alice Liddell", handle: "+15551234", hasVideo: true))

        // An empty update changes nothing, and the screen shows what the updates set.
        t.app?.provider.reportCall(with: uuid, updated: CXCallUpdate())
        guard case .incoming(let screen) = t.screen else { Issue.record("not ringing: \(t.screen)"); return }
        #expect(screen.caller == Caller(name: "Alice Liddell", handle: "+15551234", hasVideo: true))

        // supportsHolding and supportsDTMF, set at the report, survive the updates.
        t.send(.answer)
        t.send(.dtmf("5"))
        t.send(.toggleHold)
        #expect(t.app?.log.contains("dtmf 5") == true)
        #expect(t.app?.log.contains("hold") == true)
        #expect(t.refusals.isEmpty)
    }

    @Test("rule 22: a property set explicitly (even to false) does change")
    func updateSettingFalseChanges() {
        let t = TestPhone()
        t.push()
        let update = CXCallUpdate()
        update.supportsHolding = false
        t.app?.provider.reportCall(with: t.uuid(ofCall: 1), updated: update)
        t.send(.answer)
        t.send(.toggleHold)
        #expect(t.refusals == [.holdNotSupported])
    }

    @Test("rule 22: an update for a call the system does not know changes nothing")
    func updateForUnknownCall() {
        let t = TestPhone()
        t.push(caller: "Alice")
        let update = CXCallUpdate()
        update.localizedCallerName = "Mallory"
        t.app?.provider.reportCall(with: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, updated: update)
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Alice"])
    }
}
