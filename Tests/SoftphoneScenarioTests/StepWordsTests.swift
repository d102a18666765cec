import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario
import SoftphoneTestSupport
import Testing

/// A scenario's `at` step and the CLI take a request in the same words, read by the same grammar
/// (`ControlRequest.read`): each row is fed to `softphone VERB …`, to the full screen's `/` line
/// and to `at 0s …`, and all must agree — the same request, or a refusal saying the same.
@Suite("Scenario steps read their words as the CLI does")
struct StepWordsTests {
    /// What the words come to: the request, or the refusal's message up to its usage, `softphone`
    /// left out (the command line's messages name it, and each place has its own usage line).
    enum Outcome: Equatable, CustomStringConvertible {
        case request(ControlRequest)
        case refused(String)

        init(_ read: () throws(ControlError) -> ControlRequest) {
            do { self = .request(try read()) } catch {
                let message = error.message.replacing("softphone ", with: "")
                self = .refused(message.firstRange(of: "usage: ").map { String(message[..<$0.lowerBound]) } ?? message)
            }
        }

        var description: String {
            switch self {
            case .request(let request): "\(request)"
            case .refused(let message): "refused: \(message)"
            }
        }
    }

    static let voip = payload("voip-call"), alert = payload("ring-extension-mutable-content")

    /// Words a step and the command take, and whether they are accepted; a comment says why where a
    /// scenario might be expected to read them otherwise.
    static let rows: [(words: String, accepted: Bool)] = [
        ("call", true), ("call --from Bob", true), (#"call --from """#, true), ("call --handle +1 --video", true),
        // Quotes and backslashes as a shell takes them, in a scenario as on the `/` line.
        ("call --from 'Zoë Li'", true), (#"call --from Zoë\ Li"#, true), (#"call --from "O'Neil""#, true), (#"call --from 'O"Neil'"#, true),
        (#"call --from 'back\slash'"#, true),
        (#"call --handle """#, false),  // a call needs the caller's number or id; the socket refuses an empty one too
        ("call --from", false), ("call --from --video", false), ("call --loud", false), ("call Bob", false), ("call -v", false),
        ("cancel", true), ("hangup", true), ("lock", true), ("unlock", true), ("cancel now", false), ("lock -f", false),
        ("key a", true), ("key -a", true), (#"key "1#""#, true), ("key", false), ("key a b", false),
        (#"key """#, false),  // presses nothing; the socket refuses it too
        ("key --x", false),  // a word starting with -- is a flag, never keys
        ("app kill", true), ("app end-call", true), ("app", false), ("app fly", false), ("app --x", false), ("app kill now", false),
        ("push \(voip)", true), ("push \(voip) --priority 5 --expiration 0 --topic t --collapse-id c", true),
        ("push --type alert \(alert)", true),  // the file may stand anywhere among the flags
        ("push \(alert)", true),  // an alert push: its payload says so (PushRequest.Kind.inferred)
        ("push \(alert) --type voip", true),
        ("push", false), ("push \(voip) --type fax", false), ("push \(voip) --priority 7", false), ("push \(voip) --expiration -1", false),
        ("push \(voip) --collapse-id \(String(repeating: "x", count: 65))", false), ("push \(voip) --loud yes", false),
        ("push \(voip) --topic", false), ("push \(voip) extra", false), ("push /nonexistent/x.json", false),
        ("push \(Repository.root)/README.md", false), ("push \(payload("voip-too-large"))", false),
        ("call --from “Zoë Li”", false),  // curly quotes quote nothing: two words, and the refusal says so
        ("cellular call --from '+1 (555) 010-0199'", true), ("cellular call --from 📞5550199", false), ("cellular call --from '()'", false),
    ]

    @Test("the same words, the same request or the same refusal", arguments: rows)
    func agree(words: String, accepted: Bool) throws {
        let split = try WordReader.words(in: words)
        let commandLine = Outcome { () throws(ControlError) in
            var reader = WordReader(program: "softphone", subcommand: split[0], words: Array(split.dropFirst()), usage: "U")
            return try ControlRequest.read(&reader).request
        }
        let typed = Outcome { () throws(ControlError) in try ControlRequest.read(commandLine: words) }
        let step = Outcome { () throws(ControlError) in
            do {
                guard case .action(_, let request) = try scenario("at 0s " + words).steps[0].kind else { throw ControlError("not an action") }
                return request
            } catch let error as ScenarioSyntaxError {
                throw ControlError(error.message)
            } catch {
                throw error as! ControlError
            }
        }
        #expect(step == typed, "\(words)")
        // `push` alone reads standard input on the command line.
        if words != "push" { #expect(step == commandLine, "\(words)") }
        if case .request = step { #expect(accepted, "\(words): \(step)") } else { #expect(!accepted, "\(words): \(step)") }
    }

    @Test("a push's type is the payload's unless --type says, and its file may come after the flags")
    func pushType() throws {
        let steps = try scenario("at 0s push \(Self.alert)\nat 0s push --type voip \(Self.alert)\nat 0s push \(Self.voip)").steps
        let kinds = steps.map { step -> PushRequest.Kind? in
            if case .action(_, .push(let push)) = step.kind { push.kind } else { nil }
        }
        #expect(kinds == [.alert, .voip, .voip])
    }

    @Test("a step takes --key=VALUE as --key VALUE; a mistake in one names its column")
    func equalsForm() throws {
        guard case .action(_, .call(let caller)) = try scenario("at 0s call --from=Bob --handle=+15550100").steps.first?.kind else {
            Issue.record("not a call")
            return
        }
        #expect(caller.name == "Bob" && caller.handle == "+15550100")
        let error = syntaxError("at 0s call --video=yes")
        #expect(error?.column == 12)
        #expect(error?.message.hasPrefix(#"call: --video takes no value, but was given "yes""#) == true)
    }

    @Test("a cellular call's number that is none is named at its column")
    func cellularNumberColumn() {
        let error = syntaxError("at 0s cellular call --from 555📞0199")
        #expect(error?.column == 28)
        #expect(error?.message.hasPrefix(#"cellular: --from is "555📞0199", not a phone number: "📞" cannot be part of one"#) == true)
    }

    @Test("--socket is no flag of a step: softphone scenario chooses the phone")
    func socket() {
        let error = syntaxError("at 0s lock --socket /tmp/p.sock")
        #expect(error?.column == 12)
        #expect(error?.message == #"lock: unknown option "--socket"; usage: lock"#)
    }

    @Test("every flag of a subcommand is one it reads, and its synopsis names them")
    func flagsAreRead() throws {
        for verb in ControlRequest.wordCommands {
            for flag in ControlRequest.flags(of: verb) {
                var words = [flag.name] + (flag.value.map { _ in ["1"] } ?? [])
                if verb == "push" { words = [Self.voip] + words }
                var reader = WordReader(program: "", subcommand: verb, words: words, usage: "U")
                do { _ = try ControlRequest.read(&reader, in: .typedLine) } catch {
                    #expect(error.message.firstRange(of: "unknown option") == nil, "\(verb) \(flag.name): \(error.message)")
                }
                #expect(ControlRequest.synopsis(of: verb, in: .typedLine).firstRange(of: "[\(flag.name)") != nil)
            }
        }
    }
}
