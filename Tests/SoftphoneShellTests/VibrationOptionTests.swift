import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
@testable import SoftphoneShell
import SoftphoneTestSupport
import Testing

/// `--vibration NAME|STEPS`: which pattern the phone takes, with a `--vibrations` file or without.
@Suite("The command line: --vibration")
struct VibrationOptionTests {
    static func pattern(_ wanted: String, file: String?) throws(ControlError) -> VibrationPattern {
        var options = RunOptions(app: InstalledApps.builtIn.defaultApp)
        options.vibration = wanted
        options.vibrationsFile = file
        return try vibrationPattern(options, ringtone: nil)
    }

    @Test("a name the --vibrations file defines is chosen even with digits in it; other text with digits is steps")
    func namesWithDigits() throws {
        let file = try writeFile(text: #"{"abc1": "on 100, off 900", "x2y": "on 200, off 800"}"#, to: temporaryFolder() + "/patterns.json")
        #expect(try Self.pattern("abc1", file: file).stepsText == "on 100, off 900")
        #expect(try Self.pattern("x2y", file: file).stepsText == "on 200, off 800")
        #expect(try Self.pattern("on 300, off 700", file: file).stepsText == "on 300, off 700")
        do {
            _ = try Self.pattern("abc2", file: file)
            Issue.record("abc2 names no pattern and is no steps")
        } catch {
            #expect(error.message.contains("step 1 \"abc2\": unknown kind"))
        }
    }
}
