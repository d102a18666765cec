import SoftphoneCore
import SoftphoneTUI

// One frame of the incoming screen, built off-screen: what each redraw costs before ncurses.

/// The frame's row.
@MainActor func frameBench() {
    let screen = Screen.incoming(IncomingCallScreen(
        appName: "VoIP", call: 1, caller: Caller(name: "Zoë 张伟", handle: "+15551234"), ringingSeconds: 7,
        vibration: .buzzing(frame: 1)))
    let frames = 2_000
    var cells = 0
    let start = nanoseconds()
    for _ in 0..<frames {
        cells &+= FrameRenderer.render(screen, width: 80, height: 24, time: "18:47", date: "Sunday 29 November", unicode: true).width
    }
    let microseconds = Double(nanoseconds() - start) / 1e3 / Double(frames)
    rows.append(Row(what: "build one 80×24 incoming frame (part of trigger → screen)", measured: microseconds / 1000, budget: .atMost(5), unit: "ms"))
    if cells == 0 { print("(no frames?)") }
}
