import SoftphoneControl
import SoftphoneTestSupport
import Testing

/// docs/automation.md stays true: each of its examples is a block marked
/// `<!-- example: PATH -->` that must equal the file at PATH, and each file is one that
/// Tests/expect/run-all.sh (so `make test`) runs.
@Suite("The automation guide's examples are the files make test runs")
struct AutomationGuideTests {
    /// The guide's examples: (path, the block's text), read line by line: a marker line, the
    /// opening fence, the body, the closing fence.
    static func examples() throws -> [(path: String, block: String)] {
        let guide = try SmallTextFile.read(Repository.path("docs/automation.md")).get()
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        var examples: [(path: String, block: String)] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let marker = "<!-- example: ", end = " -->"
            guard lines[index].hasPrefix(marker), lines[index].hasSuffix(end) else { continue }
            let path = String(lines[index].dropFirst(marker.count).dropLast(end.count))
            try #require(index + 1 < lines.count && lines[index + 1].hasPrefix("```"), "no fence after the marker for \(path)")
            let body = lines[(index + 2)...].prefix { $0 != "```" }
            examples.append((path, body.joined(separator: "\n")))
            index += body.count + 2
        }
        return examples
    }

    @Test("every block is its file, word for word; the guide has the expect, pexpect, shell and headless examples")
    func blocksAreFiles() throws {
        let examples = try Self.examples()
        #expect(examples.map(\.path).sorted() == [
            "Tests/expect/flow-wait-again.sh", "Tests/expect/flow-wait.sh", "Tests/expect/push-call.exp", "Tests/pexpect/call_flow.py", "Tests/pexpect/headless_flow.py",
        ])
        for example in examples {
            let file = try #require(try? SmallTextFile.read(Repository.path(example.path)).get(), "\(example.path) is missing")
            #expect(example.block + "\n" == file, "docs/automation.md's block for \(example.path) differs from the file: copy the file into the block")
        }
    }

    @Test("every example is a file run-all.sh runs (*.exp, flow-*.sh in Tests/expect; *.py in Tests/pexpect)")
    func examplesAreRun() throws {
        for example in try Self.examples() {
            let parts = example.path.split(separator: "/")
            let folder = parts.dropLast().joined(separator: "/"), name = parts.last.map(String.init) ?? ""
            let run = (folder == "Tests/expect" && (name.hasSuffix(".exp") || (name.hasPrefix("flow-") && name.hasSuffix(".sh"))))
                || (folder == "Tests/pexpect" && name.hasSuffix(".py"))
            #expect(run, "\(example.path) is not a file run-all.sh runs")
        }
    }

    @Test("the expect example needs nothing else of the repository: copied alone into a folder, it passes")
    func expectExampleStandsAlone() throws {
        let folder = temporaryFolder()
        let script = try SmallTextFile.read(Repository.path("Tests/expect/push-call.exp")).get()
        try writeFile(text: script, to: folder + "/push-call.exp")
        let run = try PhoneProcess.run(
            [folder + "/push-call.exp"], environment: ["SOFTPHONE_BIN": PhoneProcess.binary, "SOFTPHONE_WORK": folder], as: ["expect", "-f"])
        #expect(run.status == 0, "\(run.out.suffix(600))")
    }

    @Test("the README's scripting example runs as written, on a phone with a socket and a data folder of its own")
    func readmeExample() throws {
        let readme = try SmallTextFile.read(Repository.path("README.md")).get().split(separator: "\n", omittingEmptySubsequences: false)
        let heading = try #require(readme.firstIndex(of: "## Scripting in one example"))
        let open = try #require(readme[heading...].firstIndex(of: "```sh"))
        let block = readme[(open + 1)...].prefix { $0 != "```" }
        let phone = try #require(block.first { $0.hasPrefix("softphone --plain") })
        #expect(phone.contains("--socket $dir/") && phone.contains("--data-dir $dir/"), "\(phone)")
        let folder = PhoneProcess.binary.split(separator: "/").dropLast().joined(separator: "/")
        let run = try PhoneProcess.run(
            ["-c", block.joined(separator: "\n")], environment: ["PATH": "/\(folder):/usr/bin:/bin"], as: ["bash"])
        #expect(run.status == 0 && run.out.hasSuffix("passed\n"), "\(run.out)\(run.err)")
    }
}
