import Glibc
import SoftphoneControl
import SoftphoneTestSupport
import Testing

/// The phone's private folders, attacked as another user on the same machine would: a runtime
/// folder made first by somebody else, or left open to everyone; a journal others could read.
@Suite("Private folders, through the real binary", .serialized)
struct PrivateFolderTests {
    /// An environment whose default socket is `runtime/softphone/control.sock`.
    private func environment(_ runtime: String) -> [String: String] {
        ["XDG_RUNTIME_DIR": runtime, "SOFTPHONE_SOCKET": ""]
    }

    @Test("a runtime folder another user made first is refused in one line, by the phone and by a client")
    func foreignOwner() throws {
        let runtime = temporaryFolder()
        let folder = runtime + "/softphone"
        #expect(mkdir(folder, 0o700) == 0)
        #expect(chown(folder, 65534, 65534) == 0, "the tests run as root, as the machine's CI does")
        let phone = try PhoneProcess.run(["--plain", "--no-audio", "--data-dir", runtime + "/data"], environment: environment(runtime))
        #expect(phone.status == 1)
        let expected = "softphone: runtime folder \(folder) belongs to user 65534, not to you (user \(getuid())); \(SocketPath.folderRemedy)\n"
        #expect(phone.err == expected)
        #expect(access(folder + "/control.sock", F_OK) != 0, "no socket was made in it")
        let client = try PhoneProcess.run(["call"], environment: environment(runtime))
        #expect(client.status == 1 && client.err == expected)
    }

    @Test("a runtime folder others may write in is refused; a private one works")
    func openToOthers() throws {
        let runtime = temporaryFolder()
        let folder = runtime + "/softphone"
        #expect(mkdir(folder, 0o700) == 0)
        chmod(folder, 0o777)
        let phone = try PhoneProcess.run(["--plain", "--no-audio", "--data-dir", runtime + "/data"], environment: environment(runtime))
        #expect(phone.status == 1)
        #expect(phone.err == "softphone: runtime folder \(folder) may be written by others (mode 777); chmod 700 it, or \(SocketPath.folderRemedy)\n")

        chmod(folder, 0o700)
        let running = try PhoneProcess(["--plain", "--no-audio", "--data-dir", runtime + "/data"], environment: environment(runtime))
        #expect(running.line(startingWith: "READY") != nil)
        #expect(try PhoneProcess.run(["call"], environment: environment(runtime)).status == 0)
        running.send("q")
        #expect(running.waitForExit() == 0)
    }

    @Test("the runtime folder the phone makes is 0700; the data folder is 0700 and the journal's files 0600, even where they were open")
    func modes() throws {
        let runtime = temporaryFolder()
        let data = runtime + "/data"
        #expect(mkdir(data, 0o755) == 0)
        let old = umask(0o022)
        defer { umask(old) }
        let running = try PhoneProcess(["--plain", "--no-audio", "--data-dir", data], environment: environment(runtime))
        #expect(running.line(startingWith: "READY") != nil)
        #expect(try PhoneProcess.run(["call"], environment: environment(runtime)).status == 0)
        running.send("d")
        #expect(running.line(startingWith: "ENDED") != nil)
        var info = stat()
        #expect(stat(runtime + "/softphone", &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(stat(data, &info) == 0 && info.st_mode & 0o777 == 0o700)
        for file in ["journal.sqlite", "journal.sqlite-wal", "journal.sqlite-shm"] {
            #expect(stat(data + "/" + file, &info) == 0 && info.st_mode & 0o777 == 0o600, "\(file)")
        }
        running.send("q")
        #expect(running.waitForExit() == 0)
    }
}
