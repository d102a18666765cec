import SoftphoneCore
import SoftphoneTestSupport
import XCTest

/// A developer's app (AppCode/AudioRouteObserver.swift, `import AVFoundation`) observing the audio
/// session's notifications in Foundation's `NotificationCenter.default`, with the session itself
/// as their sender, as on iOS: routes, interruptions and a media services reset.
final class AudioNotificationTests: XCTestCase {
    func test_routeChangesInterruptionsAndMediaResetsReachFoundationsNotificationCenter() throws {
        let t = IOSAppTests.IOSPhone()
        var observer: AudioRouteObserver?
        t.runInApp { _ in observer = AudioRouteObserver() }
        t.send(.setRoute(.bluetooth))
        t.send(.setRoute(.receiver))
        t.send(.setRoute(.speaker))
        t.send(.interruptAudio(began: true))
        t.send(.interruptAudio(began: false))
        t.send(.resetMediaServices)
        XCTAssertEqual(try XCTUnwrap(observer).heard, [
            "route BluetoothHFP newDeviceAvailable from Receiver (accessory)",
            "route Receiver oldDeviceUnavailable from BluetoothHFP",
            "route Speaker override from Receiver",
            "interruption began, another session",
            "interruption ended, resume",
            "media reset, category was AVAudioSessionCategorySoloAmbient, set up again",
        ])
    }

    /// The fault withholds didActivate from an iOS app's provider too: its call has no audio until
    /// the fault is cleared.
    func test_theFaultWithholdsDidActivateFromAnIOSApp() {
        let t = IOSAppTests.IOSPhone()
        t.send(.setAudioFault(.neverActivates))
        t.send(.incomingCall(IOSAppTests.zoe))
        t.send(.answer)
        XCTAssert(t.events.contains(.connected(call: 1)))
        XCTAssertFalse(t.events.contains(.audioSession(active: true)))
        XCTAssertFalse(t.requests.contains { $0.name == "media" })
        t.send(.setAudioFault(.none))
        XCTAssert(t.events.contains(.audioSession(active: true)))
        XCTAssert(t.requests.contains { $0.name == "media" })
    }
}
