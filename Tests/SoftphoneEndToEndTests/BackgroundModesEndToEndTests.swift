import SoftphoneTestSupport
import Testing

/// `--background-modes`: the app's `UIBackgroundModes` changed from the command line, so an app
/// without `voip` can be rehearsed through the real binary (iOS rules 25, 35).
@Suite("Background modes, end to end", .serialized)
struct BackgroundModesEndToEndTests {
    @Test("without voip, the app's call-back from Recents is refused by CXCallController as unentitled (1), and its reports missingVoIPBackgroundMode (3)")
    func callBackWithoutVoIPIsUnentitled() throws {
        // A call to call back: declined in a first run, kept in the data folder's Recents.
        let first = try PlainPhone()
        _ = first.process.line(startingWith: "READY")
        #expect(try first.remote(["call", "--from", "Zed", "--handle", "+15550009"]).status == 0)
        _ = first.process.line(startingWith: "INCOMING")
        first.process.send("d")
        #expect(first.process.line(startingWith: "ENDED call=1")?.hasPrefix("ENDED call=1 reason=declined") == true)
        first.process.send("q")
        #expect(first.process.waitForExit() == 0)

        let phone = try PlainPhone(["--no-audio", "--data-dir", first.folder + "/data", "--background-modes", "audio"])
        _ = phone.process.line(startingWith: "READY")
        // A call's push reaches the app, whose report CallKit refuses (rule 25).
        let call = try phone.remote(["call", "--from", "Amy"])
        #expect(call.status == 3)
        #expect(call.out == "CallKit refused the call: missingVoIPBackgroundMode (3)\n")
        phone.process.send("r")
        #expect(phone.process.line(startingWith: "RECENT ")?.contains("name=Zed") == true)
        phone.process.send("\r")
        #expect(phone.process.line(startingWith: "SERVER name=dial-failed") == #"SERVER name=dial-failed error="com.apple.CallKit.error.requesttransaction error 1""#)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
