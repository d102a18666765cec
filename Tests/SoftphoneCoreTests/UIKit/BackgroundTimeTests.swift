import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The app's background time at a VoIP push (iOS rule 51), on the manual clock: the push wakes an
/// app whose time ran out and gives it time again.
@Suite("UIKit: background time at a VoIP push")
struct BackgroundTimeTests {
    /// An app that begins a background task in its push handler, as VoIP apps do to finish
    /// registering with their server, and logs the time left then and its expiration handler.
    private func taskAtPush() -> HookPhone {
        var hooks = HookApp.Hooks()
        hooks.push = { app, payload in
            app.report(payload)
            let application = UIApplication.shared
            app.log.append("remaining \(Int(application.backgroundTimeRemaining.rounded()))")
            var task = UIBackgroundTaskIdentifier.invalid
            task = application.beginBackgroundTask(withName: "register") {
                app.log.append("expired")
                application.endBackgroundTask(task)
            }
        }
        return HookPhone(hooks, lock: .locked)
    }

    @Test("rule 51: a VoIP push to an app in the background past its 30 s gives it time again: its task expires 30 s after the push, not at once")
    func pushGivesTimeAgain() {
        let t = taskAtPush()
        t.advance(by: .seconds(60))
        t.push(caller: "Alice", handle: "+15551111")
        #expect(t.app?.log.contains("remaining 30") == true)
        #expect(t.app?.log.contains("expired") == false)
        t.advance(by: .seconds(29))
        #expect(t.app?.log.contains("expired") == false)
        t.advance(by: .seconds(1))
        #expect(t.app?.log.contains("expired") == true)
        #expect(t.violatedRules == [])
    }
}
