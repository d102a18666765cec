import SoftphoneCore
import SoftphoneTUI
import Testing

/// The in-call screen says where the audio goes: while the route is an accessory, the speaker
/// button is named after it, at both sizes.
@Suite struct InCallRouteTests {
    /// The words after `[p]` on the screen drawn for `route`: the button's name and state.
    private func speakerButton(_ route: AudioRoute, width: Int, height: Int) -> String? {
        let screen = Screen.inCall(InCallScreen(appName: "voip", call: 1, caller: Caller(name: "Ana", handle: "+15550001"), connectedSeconds: 3,
                                                route: route))
        let text = FrameRenderer.render(screen, width: width, height: height, time: "18:47", date: "d", glyphs: .unicode).text
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if let at = words.firstIndex(of: "[p]") { return words[(at + 1)...].prefix { $0.first?.isLetter == true }.joined(separator: " ") }
        }
        return nil
    }

    @Test("bluetooth, carplay and wired name the button; the receiver is speaker off, the loudspeaker speaker on", arguments: [(80, 24), (40, 12)])
    func routeOnScreen(width: Int, height: Int) {
        for route in [AudioRoute.bluetooth, .carplay, .wired] {
            #expect(speakerButton(route, width: width, height: height) == route.rawValue, "\(route) at \(width)x\(height)")
        }
        #expect(speakerButton(.receiver, width: width, height: height) == "speaker off")
        #expect(speakerButton(.speaker, width: width, height: height) == "speaker on")
    }
}
