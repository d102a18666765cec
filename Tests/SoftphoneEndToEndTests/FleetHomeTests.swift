import Glibc
import SoftphoneTestSupport
import Testing

/// `softphone fleet --apns` on a machine where nothing of the phone's is yet: it makes its data
/// folder, as a single phone does.
@Suite("End to end: the fleet on a fresh home")
struct FleetHomeTests {
    @Test("with HOME an empty folder, fleet --apns makes ~/.local/share/softphone, writes its certificate there and is ready")
    func freshHome() throws {
        let home = temporaryFolder() + "/home"
        #expect(mkdir(home, 0o700) == 0)
        let fleet = try PhoneProcess(
            ["fleet", "--phones", "2", "--apns", "0", "--headless"], environment: ["HOME": home, "XDG_DATA_HOME": ""])
        let ready = fleet.line(where: { $0.split(separator: "\"").contains("fleet.ready") }, within: 30)
        #expect(ready != nil, "stderr: \(fleet.stderrText)")
        #expect(access(home + "/.local/share/softphone/apns-localhost-cert.pem", R_OK) == 0)
        var info = stat()
        #expect(stat(home + "/.local/share/softphone", &info) == 0 && info.st_mode & 0o777 == 0o700)
        kill(fleet.pid, SIGTERM)
        #expect(fleet.waitForExit(seconds: 15) == 0, "stderr: \(fleet.stderrText)")
    }
}
