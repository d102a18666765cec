import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The penalty ladder and `--build` through the real binary (iOS rules 4–7, 9).
@Suite("Penalty ladder, end to end", .serialized)
struct PenaltyLadderEndToEndTests {
    @Test("a TestFlight build on iOS 26: an unreported push kills the app (RULE 5), then iOS 26's warning (RULE 9); state and VOIP-DELIVERY show the rung")
    func testflightWarning() throws {
        let phone = try PlainPhone(["--no-audio", "--app", "consult", "--set", "loggedIn=NO", "--build", "testflight", "--rule", "systemVersion=26"])
        _ = phone.process.line(startingWith: "READY")
        let push = try phone.remote(["push", Repository.path("Assets/Payloads/consult-start.json")])
        #expect(push.status == 3)
        #expect(push.out.hasPrefix("app killed: iOS rule 5: "))
        #expect(phone.process.line(startingWith: "RULE id=5") != nil)
        #expect(phone.process.line(startingWith: "RULE id=9")?.contains("warning dialog (testflight build)") == true)
        #expect(phone.process.line(startingWith: "VOIP-DELIVERY") == "VOIP-DELIVERY state=killed-on-report unreported=1")
        let state = try phone.state()
        #expect(state["voip_delivery"] == .string("killed-on-report"))
        #expect(state["unreported_pushes"] == .number(1))
        #expect(state["build"] == .string("testflight"))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("a bad --build is one line naming the value and the builds accepted, exit 2")
    func badBuild() throws {
        let result = try PhoneProcess.run(["--build", "beta"])
        #expect(result.status == 2)
        #expect(result.err == "softphone: --build \"beta\" must be one of development, testflight, appstore: how the app was built (iOS 26 shows its VoIP warning dialogs to development and TestFlight builds)\n")
    }
}
