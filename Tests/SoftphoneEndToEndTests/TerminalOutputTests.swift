import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// What the full-screen phone writes to a real pseudo-terminal: no flicker, only changed cells.
@Suite("Terminal output", .serialized)
struct TerminalOutputTests {
    @Test("ringing with the indicator animating writes only the changed cells: no clear, a few hundred bytes a second")
    func ringingWritesOnlyChanges() throws {
        let folder = temporaryFolder()
        let socket = folder + "/p.sock"
        let phone = try PhoneOnTerminal(["--socket", socket, "--data-dir", folder + "/data", "--no-audio"])
        defer { phone.quit() }
        #expect(phone.time(of: "c demo call", deadline: PhoneProcess.now() + 10) != nil, "the lock screen")
        _ = try ControlClient.send(ControlRequest.call(Caller(name: "Zoë 张伟", handle: "+15551234")).json, to: socket)
        #expect(phone.time(of: "Zoë 张伟", deadline: PhoneProcess.now() + 5) != nil, "the incoming screen")
        _ = phone.read(for: 0.3)
        let seconds = 3.0
        let written = phone.read(for: seconds)
        let text = String(decoding: written, as: UTF8.self)
        #expect(!written.isEmpty, "the indicator and the ringing time animate")
        #expect(Double(written.count) / seconds < 1000, "\(written.count) bytes in \(seconds) s")
        #expect(!text.contains("\u{1B}[2J") && !text.contains("\u{1B}[H\u{1B}[J"), "never cleared while ringing")
        #expect(!text.contains("Zoë 张伟"), "the unchanged name is not written again")
    }

    @Test("the first lock screen says what state the app is in once it has launched, before any key or request")
    func firstFrameShowsTheLaunchedApp() throws {
        let folder = temporaryFolder()
        let phone = try PhoneOnTerminal(["--socket", folder + "/p.sock", "--data-dir", folder + "/data", "--no-audio"])
        defer { phone.quit() }
        #expect(phone.time(of: "VoIP: in background", deadline: PhoneProcess.now() + 5) != nil,
                "the status line follows the app's launch (softphone state says background)")
    }
}
