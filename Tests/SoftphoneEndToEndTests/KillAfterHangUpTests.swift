import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The journal and Recents when the phone is killed with SIGKILL at the worst moments: just as a
/// call ends, and while calls ring or are connected.
@Suite("kill -9 and the journal, through the real binary", .serialized)
struct KillAfterHangUpTests {
    @Test("killed the moment call.ended is published, ten times: every ended call has its journal row and its Recents entry, and they agree")
    func killAtHangUp() throws {
        let folder = temporaryFolder()
        let arguments = ["--plain", "--no-audio", "--socket", folder + "/control.sock", "--data-dir", folder + "/data"]
        var published: [String] = []
        for round in 0..<10 {
            let phone = try PhoneProcess(arguments)
            #expect(phone.line(startingWith: "READY") != nil)
            let follower = try #require(RawClient(path: folder + "/control.sock"))
            follower.send(#"{"cmd":"events","follow":true}"# + "\n")
            #expect(follower.line()?.hasPrefix(#"{"ok":true"#) == true)
            #expect(try PhoneProcess.run(["call", "--from", "Round \(round)", "--socket", folder + "/control.sock"]).status == 0)
            if round % 2 == 0 { _ = try PhoneProcess.run(["key", "a", "--socket", folder + "/control.sock"]) }
            // Not waiting for the reply: the kill follows the event, as fast as a script can send it.
            let keys = try #require(RawClient(path: folder + "/control.sock"))
            keys.send(#"{"cmd":"key","keys":"d"}"# + "\n")
            var ended: String?
            while ended == nil, let line = follower.line() {
                if line.contains(#""event":"call.ended""#) { ended = line }
            }
            kill(phone.pid, SIGKILL)
            #expect(phone.waitForExit() == 128 + SIGKILL)
            if let ended, let uuid = try JSON.parse(ended)["uuid"]?.stringValue { published.append(uuid) }
        }
        #expect(published.count == 10)
        let store = try SQLiteCallStore.open(inDirectory: folder + "/data")
        let journal = Set(try store.journal(limit: 100).map(\.uuid))
        let recents = Set(try store.recents(app: "voip", limit: 100).map(\.uuid))
        #expect(Set(published).isSubset(of: journal), "every call.ended published has its journal row")
        #expect(journal == recents, "the journal and Recents hold the same calls")
    }

    @Test("calls ringing or connected at a kill are recorded at the next start: a ringing one as missed, a connected one as ended by the crash")
    func killDuringCalls() throws {
        let folder = temporaryFolder()
        let socket = folder + "/control.sock"
        let arguments = ["--plain", "--no-audio", "--socket", socket, "--data-dir", folder + "/data"]
        let first = try PhoneProcess(arguments)
        #expect(first.line(startingWith: "READY") != nil)
        #expect(try PhoneProcess.run(["call", "--from", "Connected", "--socket", socket]).status == 0)
        #expect(try PhoneProcess.run(["key", "a", "--socket", socket]).status == 0)
        #expect(first.line(startingWith: "CONNECTED") != nil)
        #expect(try PhoneProcess.run(["call", "--from", "Waiting", "--socket", socket]).status == 0)
        #expect(first.line(startingWith: "INCOMING call=2") != nil)
        kill(first.pid, SIGKILL)
        #expect(first.waitForExit() == 128 + SIGKILL)

        let second = try PhoneProcess(arguments)
        #expect(second.line(startingWith: "READY") != nil)
        #expect(second.stderrText.contains("2 call(s) were in progress when the phone last stopped without ending them: recorded as ended by a crash"))
        second.send("q")
        #expect(second.waitForExit() == 0)
        let store = try SQLiteCallStore.open(inDirectory: folder + "/data")
        let rows = try store.journal(limit: 10)
        #expect(rows.map(\.caller.name).sorted() == ["Connected", "Waiting"])
        #expect(rows.allSatisfy { $0.reason == .failed && $0.actions == ["crash"] })
        let recents = try store.recents(app: "voip", limit: 10)
        #expect(recents.first { $0.caller.name == "Waiting" }?.isMissed == true)
        #expect(recents.first { $0.caller.name == "Connected" }.map { !$0.isMissed && $0.reason == .failed } == true)
    }
}
