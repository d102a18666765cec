import Glibc
import SoftphoneTestSupport
import Testing

/// `softphone flow` and `softphone scenario --flow` through the real binary, and the picture they
/// write opened in headless Chromium (Debian's `chromium`, which `make test` installs): it renders,
/// is not blank, and shows the parties' names and the arrows' words.
@Suite("Call flow pictures, end to end", .serialized)
struct FlowEndToEndTests {
    let folder = temporaryFolder()

    /// Runs `program` with `arguments` to its end (at most `seconds`): status, stdout, stderr.
    func run(_ program: String, _ arguments: [String], seconds: Double = 90) throws -> (status: Int32?, out: String, err: String) {
        let process = try PhoneProcess(arguments, environment: ["HOME": folder], binary: program)
        process.closeInput()
        let status = process.waitForExit(seconds: seconds)
        if status == nil { kill(process.pid, SIGKILL); _ = process.waitForExit(seconds: 5) }
        return (status, process.remainingOutput(), process.stderrText)
    }

    /// Headless Chromium's options: a profile of the test's own, no sandbox (tests may run as root).
    var chromium: [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder)/chromium", "--no-first-run"]
    }

    @Test("the consult busy flow's HTML opens in headless Chromium: the parties and arrows are on the page, the screenshot is not blank")
    func htmlRendersInChromium() throws {
        let pictures = folder + "/flows"
        let scenario = try PhoneProcess.run(["scenario", Repository.path("Assets/Scenarios/consult-busy.scenario"), "--flow", pictures])
        #expect(scenario.status == 0, "\(scenario.err)")
        let page = "file://" + pictures + "/consult-busy.html"
        #expect(access(pictures + "/consult-busy.html", R_OK) == 0)

        let browser = PhoneProcess.resolve("chromium")
        #expect(access(browser, X_OK) == 0, "no chromium: `make test` installs Debian's chromium package")
        let dom = try run(browser, chromium + ["--dump-dom", page])
        #expect(dom.status == 0, "\(dom.err)")
        for text in ["Server", "APNs", "PushKit", "App", "CallKit", "Phone UI", "server: busy", "pushRegistry(_:didReceiveIncomingPushWith:)", "call 1: Helpo Hospital"] {
            #expect(dom.out.contains(text), "\(text) is not on the rendered page")
        }

        let shot = folder + "/flow.png"
        let screenshot = try run(browser, chromium + ["--screenshot=\(shot)", "--window-size=1200,900", "--hide-scrollbars", page])
        #expect(screenshot.status == 0, "\(screenshot.err)")
        let ink = try run(PhoneProcess.resolve("python3"), [Repository.path("Tests/flow/png-ink.py"), shot], seconds: 60)
        #expect(ink.status == 0, "\(ink.err)")
        // ink=0.0312 colours=57: the share of pixels that are not white, and how many colours there are.
        let fields = ink.out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "=" }).map(String.init)
        let share = fields.firstIndex(of: "ink").flatMap { Double(fields[$0 + 1]) } ?? 0
        let colours = fields.firstIndex(of: "colours").flatMap { Int(fields[$0 + 1]) } ?? 0
        #expect(share > 0.01, "the screenshot is almost blank: \(ink.out)")
        #expect(colours > 20, "the screenshot has too few colours to be a drawn page: \(ink.out)")
    }

    @Test("softphone flow: text on stdout, --svg and --html files; a line that is not JSON or an unwritable file is one line naming it, exit 1")
    func command() throws {
        let events = folder + "/events.jsonl"
        try writeFile(text: """
            {"t_ms":0,"event":"phone.ready","app":"voip","lock":"locked","token":"00"}
            {"ok":true}
            {"t_ms":10,"event":"push.received","kind":"voip"}
            {"t_ms":12,"event":"call.incoming","call":1,"uuid":"A","caller":"Bob","handle":"+1","video":false}

            """, to: events)
        let text = try PhoneProcess.run(["flow", events, "--width", "80"])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.split(separator: "\n").first?.contains("Server") == true)
        #expect(text.out.contains("reportNewIncomingCall Bob"))
        let svg = try PhoneProcess.run(["flow", events, "--svg", folder + "/f.svg", "--html", folder + "/f.html"])
        #expect(svg.status == 0 && svg.out.isEmpty && svg.err.isEmpty, "\(svg.err)")
        #expect(access(folder + "/f.svg", R_OK) == 0 && access(folder + "/f.html", R_OK) == 0)

        try writeFile(text: "{\"t_ms\":0,\"event\":\"phone.ready\"}\nnot json\n", to: folder + "/bad.jsonl")
        let bad = try PhoneProcess.run(["flow", folder + "/bad.jsonl", "--html", folder + "/bad.html"])
        #expect(bad.status == 1)
        #expect(bad.err == "softphone flow: \(folder)/bad.jsonl:2: not JSON: expected a JSON value at byte 0\n")
        let unwritable = try PhoneProcess.run(["flow", events, "--html", folder + "/no/such/dir/f.html"])
        #expect(unwritable.status == 1)
        #expect(unwritable.err == "softphone flow: cannot write \(folder)/no/such/dir/f.html: No such file or directory\n")
    }
}
