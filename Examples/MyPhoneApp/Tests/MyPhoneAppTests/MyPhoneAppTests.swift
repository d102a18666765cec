import MyPhoneApp
import SoftphoneShell
import XCTest

/// My Phone on a phone on the manual clock: a scenario, as `my-phone scenario FILE` runs one, with
/// time moving only from step to step.
final class MyPhoneAppTests: XCTestCase {
    func testACallRingsAndIsAnswered() {
        let failure = Softphone.scenarioFailure("""
            app myphone
            at 0s   call --from "Zoë" --handle +15551234
            expect  call.incoming call=1 caller="Zoë" within 1s
            at 2s   key a
            expect  server.request name=answer
            expect  call.connected call=1
            expect  server.request name=media
            """, apps: [myPhoneApp])
        XCTAssertNil(failure)
    }
}
