import SoftphoneApps
import SoftphoneControl
import SoftphoneFleet
import SoftphoneCore
@testable import SoftphoneShell
import Glibc
import SoftphoneTestSupport
import Testing

/// `softphone fleet`'s words: the fleet's own flags, the phone options it shares with `run`, and a
/// one-line mistake for anything else.
@Suite("The command line: softphone fleet")
struct FleetOptionsTests {
    static func fleet(_ words: [String]) throws(ControlError) -> FleetCommand.Options {
        guard case .fleet(let options) = try Arguments.parse(["fleet"] + words, apps: .builtIn) else { throw ControlError("not a fleet") }
        return options
    }

    static func mistake(_ words: [String]) -> String? {
        do { _ = try fleet(words) } catch { return error.message }
        return nil
    }

    @Test func theFleetsFlagsAndThePhonesOptions() throws {
        let options = try Self.fleet([
            "--phones", "500", "--apns", "0", "--app", "consult", "--seed", "9", "--answer-after", "1.5", "--hangup-after", "30",
            "--decline-ratio", "0.2", "--ignore-ratio", "0.1", "--busy-declines", "--locked-share", "0.5", "--dnd-share", "0.05",
            "--killed-share", "0.1", "--headless", "--summary", "/tmp/s.json",
        ])
        #expect(options.phones == 500 && options.seed == 9 && options.phone.app.id == "consult" && options.phone.headless)
        #expect(options.phone.person.answerAfter == .milliseconds(1500) && options.phone.person.hangUpAfter == .seconds(30))
        let plan = try FleetCommand.plan(options)
        #expect(plan.person.declineShare == 0.2 && plan.person.ignoreShare == 0.1 && plan.person.declinesWhenBusy)
        #expect(plan.lockedShare == 0.5 && plan.doNotDisturbShare == 0.05 && plan.killedShare == 0.1)
        #expect(plan.user(of: 0) == "user-1")
    }

    @Test func aPolicyFileSaysWhatTheFlagsSay() throws {
        let path = temporaryFolder() + "/fleet-policy-\(getpid()).txt"
        #expect(SmallTextFile.write("# the people\nanswer-after = 3\ndecline-ratio = 0.25   # a quarter\nbusy-declines = yes\n\nkilled-share=0.1\n", to: path) == nil)
        let options = try Self.fleet(["--phones", "10", "--apns", "0", "--policy", path, "--hangup-after", "20"])
        #expect(options.phone.person.answerAfter == .seconds(3) && options.phone.person.hangUpAfter == .seconds(20))
        #expect(options.declineShare == 0.25 && options.declinesWhenBusy && options.killedShare == 0.1)
        #expect(SmallTextFile.write("ring-after = 3\n", to: path) == nil)
        #expect(Self.mistake(["--phones", "10", "--apns", "0", "--policy", path])?.contains(":1: \"ring-after\" is not KEY = VALUE") == true)
        #expect(SmallTextFile.write("decline-ratio = lots\n", to: path) == nil)
        let lots = Self.mistake(["--phones", "10", "--apns", "0", "--policy", path])
        #expect(lots?.contains("--decline-ratio \"lots\" must be a share") == true, "\(lots ?? "accepted")")
        // A file that cannot be read is said in a sentence, not as the failure's value.
        let folder = Self.mistake(["--phones", "10", "--apns", "0", "--policy", "/etc"])
        #expect(folder?.hasSuffix("--policy /etc: not a regular file (it is a folder); give a file") == true, "\(folder ?? "accepted")")
        #expect(throws: ControlError("softphone fleet: --users /etc: not a regular file (it is a folder); give a file")) {
            try FleetCommand.plan(try Self.fleet(["--phones", "10", "--apns", "0", "--users", "/etc"]))
        }
        let both = Self.mistake(["--phones", "10", "--replay", path, "--real-time"])
        #expect(both?.contains("--real-time and --replay say different things") == true, "\(both ?? "accepted")")
        #expect(try Self.fleet(["--phones", "10", "--apns", "0", "--real-time"]).phones == 10)
    }

    @Test func usersFromAFile() throws {
        let path = temporaryFolder() + "/fleet-users-\(getpid()).txt"
        #expect(SmallTextFile.write("# our test users\nalice\n bob \n\ncarol\n", to: path) == nil)
        let plan = try FleetCommand.plan(try Self.fleet(["--phones", "3", "--apns", "0", "--users", path]))
        #expect((0..<3).map(plan.user(of:)) == ["alice", "bob", "carol"])
        do {
            _ = try FleetCommand.plan(try Self.fleet(["--phones", "4", "--apns", "0", "--users", path]))
            Issue.record("4 phones with 3 users")
        } catch {
            #expect(error.message.contains("has 3 user ids, one a line; --phones 4 needs as many"))
        }
    }

    @Test func defaults() throws {
        let options = try Self.fleet(["--phones", "3", "--apns", "2197"])
        #expect(options.phone.person.answerAfter == .seconds(2) && options.phone.person.hangUpAfter == .seconds(10))
        #expect(options.phone.app.id == "voip" && !options.phone.plain && !options.phone.headless)
    }

    @Test(arguments: [
        (["--apns", "0"], "how many phones? e.g. --phones 1000"),
        (["--phones", "0", "--apns", "0"], "--phones \"0\" must be a number of phones from 1 to 100000"),
        (["--phones", "10"], "add --apns [HOST:]PORT"),
        (["--phones", "10", "--apns", "0", "--decline-ratio", "1.5"], "--decline-ratio \"1.5\" must be a share from 0 to 1"),
        (["--phones", "10", "--apns", "0", "--decline-ratio", "0.6", "--ignore-ratio", "0.6"], "add up to more than 1"),
        (["--phones", "10", "--apns", "0", "--ringtone", "x.wav"], "unknown option \"--ringtone\""),
        (["--phones", "10", "--apns", "0", "--answer-after", "soon"], "--auto-answer \"soon\" must be seconds"),
    ])
    func mistakes(words: [String], says: String) {
        let message = Self.mistake(words)
        #expect(message?.contains(says) == true, "\(message ?? "accepted")")
    }
}
