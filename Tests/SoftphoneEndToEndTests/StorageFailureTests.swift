import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Whether this process may mount a tmpfs.
func tmpfsCanBeMounted() -> Bool {
    let folder = temporaryFolder()
    guard (try? StorageFailureTests.mount(folder, size: "64k")) == true else { return false }
    StorageFailureTests.unmount(folder)
    return true
}

/// The journal on a disk that fills up or turns read-only: a small tmpfs, mounted for the test.
@Suite("Storage failures, through the real binary", .serialized,
       .enabled(if: tmpfsCanBeMounted(), "mounting a tmpfs needs root with CAP_SYS_ADMIN; this machine refused it"))
struct StorageFailureTests {
    @discardableResult
    static func mount(_ folder: String, size: String) throws -> Bool {
        try PhoneProcess.run(["-t", "tmpfs", "-o", "size=\(size),mode=700", "tmpfs", folder], as: ["mount"]).status == 0
    }

    static func unmount(_ folder: String) {
        _ = try? PhoneProcess.run([folder], as: ["umount"])
    }

    /// Fills the file system holding `path` with a file there until it has no room left.
    private func fill(_ path: String) {
        // Close-on-exec: a phone another test starts meanwhile must not inherit the file, or its
        // space stays taken after the unlink while that phone runs.
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let block = [UInt8](repeating: 0, count: 4096)
        while write(file, block, block.count) == block.count {}
        close(file)
    }

    /// Runs `body` with a folder for the socket and a tmpfs of `size` mounted in it, unmounted after.
    private func onDisk(size: String, _ body: (_ folder: String, _ disk: String) throws -> Void) throws {
        let folder = temporaryFolder()
        let disk = folder + "/disk"
        #expect(mkdir(disk, 0o700) == 0)
        try #require(try Self.mount(disk, size: size))
        defer { Self.unmount(disk) }
        try body(folder, disk)
    }

    /// A plain phone with its socket in `folder` and its data on `disk`.
    private func phone(_ folder: String, data disk: String) throws -> (process: PhoneProcess, socket: String) {
        let socket = folder + "/control.sock"
        // The runtime folder, where calls the journal could not take at exit wait, is the test's.
        let process = try PhoneProcess(["--plain", "--no-audio", "--socket", socket, "--data-dir", disk + "/data"], environment: ["XDG_RUNTIME_DIR": folder])
        return (process, socket)
    }

    /// Sends `count` calls, each cancelled, over one connection and reads every reply.
    private func calls(_ count: Int, on socket: String) throws {
        let client = try #require(RawClient(path: socket))
        for _ in 0..<count {
            client.send(#"{"cmd":"call","from":"Disk"}"# + "\n" + #"{"cmd":"cancel"}"# + "\n")
            #expect(client.line()?.contains(#""ok":true"#) == true)
            #expect(client.line()?.contains(#""ok":true"#) == true)
        }
    }

    @Test("a disk that fills up: one storage.failed and one notice, the calls kept in memory and written once there is room")
    func fullDisk() throws {
        try onDisk(size: "2m") { folder, disk in
            let phone = try phone(folder, data: disk)
            #expect(phone.process.line(startingWith: "READY") != nil)
            try calls(1, on: phone.socket)
            let follower = try #require(RawClient(path: phone.socket))
            follower.send(#"{"cmd":"events","follow":true}"# + "\n")
            _ = follower.line()

            fill(disk + "/filler")
            try calls(20, on: phone.socket)
            var failed: [String] = []
            while let line = follower.line(within: 1), !line.contains(#""event":"storage.recovered""#) {
                if line.contains(#""event":"storage.failed""#) { failed.append(line) }
            }
            #expect(failed.count == 1, "said once, not once per call")
            #expect(failed.first?.contains("disk is full") == true, "\(failed)")

            unlink(disk + "/filler")
            var recovered: String?
            let deadline = PhoneProcess.now() + 10
            while recovered == nil, PhoneProcess.now() < deadline, let line = follower.line(within: 10) {
                if line.contains(#""event":"storage.recovered""#) { recovered = line }
            }
            _ = phone.process.remainingOutput()
            #expect(recovered != nil, "the waiting calls were written within the retry interval: \(phone.process.stderrText)")
            phone.process.send("q")
            #expect(phone.process.waitForExit() == 0)
            let notices = phone.process.stderrText.split(separator: "\n").filter { $0.contains("calls are kept in memory") }.count
            #expect(notices == 1, "\(phone.process.stderrText)")
            let store = try SQLiteCallStore.open(inDirectory: disk + "/data")
            #expect(try store.journal(limit: 100).count == 21)
            #expect(try store.recents(app: "voip", limit: 100).count == 21)
        }
    }

    /// The `storage.failed` events the phone on `socket` has sent so far.
    private func startEvents(_ socket: String) -> [Substring] {
        let events = (try? PhoneProcess.run(["events", "--socket", socket]).out) ?? ""
        return events.split(separator: "\n").filter { $0.contains(#""event":"storage.failed""#) && $0.contains(#""waiting":0"#) }
    }

    @Test("a disk already full at start: a storage.failed event and its notice at once; the calls that ring are written once there is room")
    func fullAtStart() throws {
        try onDisk(size: "1m") { folder, disk in
            fill(disk + "/filler")
            let phone = try phone(folder, data: disk)
            #expect(phone.process.line(startingWith: "READY") != nil)
            #expect(startEvents(phone.socket).count == 1, "\(phone.process.stderrText)")
            try calls(2, on: phone.socket)
            unlink(disk + "/filler")
            #expect(try PhoneProcess.run(["wait", "storage.recovered", "--timeout", "10", "--socket", phone.socket]).status == 0)
            phone.process.send("q")
            #expect(phone.process.waitForExit() == 0)
            #expect(phone.process.stderrText.split(separator: "\n").filter { $0.contains("calls are kept in memory") }.count == 1, "\(phone.process.stderrText)")
        }
    }

    @Test("a 1 MiB data disk holds a thousand calls: the WAL is checkpointed and cut back as it goes")
    func smallDisk() throws {
        try onDisk(size: "1m") { folder, disk in
            let phone = try phone(folder, data: disk)
            #expect(phone.process.line(startingWith: "READY") != nil)
            // Its plain lines are read as it goes: a phone whose stdout is full waits for its reader.
            for _ in 0..<20 {
                try calls(50, on: phone.socket)
                _ = phone.process.remainingOutput()
            }
            var info = stat()
            #expect(stat(disk + "/data/journal.sqlite-wal", &info) != 0 || info.st_size <= 256 * 1024, "the WAL holds \(info.st_size) bytes")
            phone.process.send("q")
            #expect(phone.process.waitForExit() == 0)
            #expect(!phone.process.stderrText.contains("journal"), "\(phone.process.stderrText)")
            let store = try SQLiteCallStore.open(inDirectory: disk + "/data")
            #expect(try store.journal(limit: 2000).count == 1000)
        }
    }

    @Test("calls waiting for a full disk at exit: said with their number, kept off the disk, exit non-zero; the next start puts them in the journal")
    func unwrittenAtExit() throws {
        try onDisk(size: "1m") { folder, disk in
            var unwritten = 0
            do {
                let phone = try phone(folder, data: disk)
                #expect(phone.process.line(startingWith: "READY") != nil)
                try calls(1, on: phone.socket)
                fill(disk + "/filler")
                try calls(30, on: phone.socket)
                kill(phone.process.pid, SIGTERM)
                #expect(phone.process.waitForExit() == 128 + SIGTERM)
                // The filler leaves a few pages: the calls before it filled them are in the journal.
                let said = phone.process.stderrText.split(separator: "\n").filter { $0.contains(" call(s) were not written to the journal") }
                #expect(said.count == 1, "\(phone.process.stderrText)")
                #expect(said.first?.contains("go into the journal at the next start") == true)
                unwritten = said.first.flatMap { Int($0.dropFirst("softphone: ".count).prefix { $0.isNumber }) } ?? 0
                #expect(unwritten > 0)
            }
            unlink(disk + "/filler")
            let again = try phone(folder, data: disk)
            #expect(again.process.line(startingWith: "READY") != nil)
            again.process.send("q")
            #expect(again.process.waitForExit() == 0)
            #expect(again.process.stderrText.contains("\(unwritten) call(s) the last run could not write to the journal are in it now"), "\(again.process.stderrText)")
            #expect(!again.process.stderrText.contains("ended by a crash"), "every call ended before the exit")
            let store = try SQLiteCallStore.open(inDirectory: disk + "/data")
            #expect(try store.journal(limit: 100).count == 31)
            #expect(try store.recents(app: "voip", limit: 100).count == 31)
        }
    }

    @Test("a read-only data folder still shows the Recents it holds; calls still ring")
    func readOnly() throws {
        try onDisk(size: "1m") { folder, disk in
            do {
                let first = try phone(folder, data: disk)
                #expect(first.process.line(startingWith: "READY") != nil)
                try calls(2, on: first.socket)
                first.process.send("q")
                #expect(first.process.waitForExit() == 0)
            }
            #expect(try PhoneProcess.run(["-o", "remount,ro", disk], as: ["mount"]).status == 0)
            let phone = try phone(folder, data: disk)
            #expect(phone.process.line(startingWith: "READY") != nil)
            #expect(startEvents(phone.socket).count == 1, "a storage.failed at start, before any call")
            let state = try JSON.parse(PhoneProcess.run(["state", "--socket", phone.socket]).out)
            #expect(state["recents"]?.numberValue == 2)
            try calls(1, on: phone.socket)
            phone.process.send("q")
            // The call the folder could not take: said, kept in the runtime folder, exit 1.
            #expect(phone.process.waitForExit() == 1)
            #expect(phone.process.stderrText.contains("calls are kept in memory"))
            #expect(phone.process.stderrText.contains("softphone: 1 call(s) were not written to the journal"), "\(phone.process.stderrText)")
        }
    }
}
