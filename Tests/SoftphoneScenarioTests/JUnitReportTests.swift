import FoundationXML
import SoftphoneScenario
import Testing

@Suite("Scenario files: the JUnit report")
struct JUnitReportTests {
    let naming = JUnitReport.Naming(workingDirectory: "/work")

    /// The report's root element, its one suite and the suite's test cases.
    private func parsed(_ text: String) throws -> (root: XMLElement, suite: XMLElement, cases: [XMLElement]) {
        let root = try #require(try XMLDocument(xmlString: text).rootElement())
        let suite = try #require(root.elements(forName: "testsuite").first)
        return (root, suite, suite.elements(forName: "testcase"))
    }

    @Test("the suite's time is the scenarios' own (virtual) time added up, as each test case's is; the real time is a property")
    func times() throws {
        let first = try run("at 0s call\nexpect call.incoming\nat 30s key a\nexpect call.connected")
        let second = try run("at 0s call\nexpect call.incoming\nat 2.5s key a\nexpect call.connected")
        let (root, suite, cases) = try parsed(JUnitReport.xml([first, second], clock: "manual", wallSeconds: 0.0012, naming: naming))
        #expect(cases.map { $0.attribute(forName: "time")?.stringValue } == ["30.000", "2.500"])
        #expect(suite.attribute(forName: "time")?.stringValue == "32.500")
        #expect(root.attribute(forName: "time")?.stringValue == "32.500")
        let properties = suite.elements(forName: "properties").first?.elements(forName: "property") ?? []
        let pairs = properties.map { "\($0.attribute(forName: "name")?.stringValue ?? "")=\($0.attribute(forName: "value")?.stringValue ?? "")" }
        #expect(pairs == ["clock=manual", "wall_seconds=0.001"])
    }

    @Test("test cases are named by their path from the working directory (or --junit-root): two same.scenario in two folders stay two")
    func identity() throws {
        var here = try run("at 0s call\nexpect call.incoming")
        var there = here
        here.file = "a/same.scenario"
        there.file = "/work/b/./c/../same.scenario"
        var outside = here
        outside.file = "../elsewhere/same.scenario"
        let cases = try parsed(JUnitReport.xml([here, there, outside], clock: "manual", wallSeconds: 0, naming: naming)).cases
        let identities = cases.map { "\($0.attribute(forName: "classname")?.stringValue ?? "") \($0.attribute(forName: "name")?.stringValue ?? "")" }
        #expect(identities == ["a same", "b same", "../elsewhere same"])
        #expect(cases.map { $0.attribute(forName: "file")?.stringValue } == ["a/same.scenario", "b/same.scenario", "../elsewhere/same.scenario"])
        let rooted = try parsed(JUnitReport.xml([here], clock: "manual", wallSeconds: 0, naming: JUnitReport.Naming(root: "a", workingDirectory: "/work"))).cases
        #expect(rooted.first?.attribute(forName: "classname")?.stringValue == ".")
        #expect(rooted.first?.attribute(forName: "file")?.stringValue == "same.scenario")
    }

    @Test("a file outside the root keeps the path it was given: absolute stays absolute, not ../../tmp/…")
    func outsideTheRoot() throws {
        var absolute = try run("at 0s call\nexpect call.incoming")
        absolute.file = "/tmp/x/./y/../same.scenario"
        var relative = absolute
        relative.file = "b/same.scenario"
        let rooted = JUnitReport.Naming(root: "a", workingDirectory: "/work/here")
        let cases = try parsed(JUnitReport.xml([absolute, relative], clock: "manual", wallSeconds: 0, naming: rooted)).cases
        #expect(cases.map { $0.attribute(forName: "file")?.stringValue } == ["/tmp/x/same.scenario", "b/same.scenario"])
        #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == ["/tmp/x", "b"])
        let top = try parsed(JUnitReport.xml([absolute], clock: "manual", wallSeconds: 0, naming: JUnitReport.Naming(workingDirectory: "/"))).cases
        #expect(top.first?.attribute(forName: "file")?.stringValue == "tmp/x/same.scenario")
    }

    @Test("a file with a mistake is an error test case naming FILE:LINE:COLUMN; the files it kept from running are skipped")
    func syntaxErrors() throws {
        let mistake = try #require(syntaxError("at 0s call\nexpect call.incomming"))
        let text = JUnitReport.xml([], problems: [JUnitReport.Problem(mistake)], notRun: ["good.scenario"], clock: "manual", wallSeconds: 0, naming: naming)
        let (root, suite, cases) = try parsed(text)
        #expect(root.attribute(forName: "tests")?.stringValue == "2")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
        let error = try #require(cases.first?.elements(forName: "error").first)
        #expect(error.attribute(forName: "type")?.stringValue == "syntax")
        #expect(error.attribute(forName: "message")?.stringValue?.hasPrefix("test.scenario:2:8: unknown event \"call.incomming\"") == true)
        #expect(cases.first?.attribute(forName: "name")?.stringValue == "test")
        #expect(cases.last?.attribute(forName: "name")?.stringValue == "good")
        #expect(cases.last?.elements(forName: "skipped").count == 1)
    }

    @Test("testsuites/testsuite/testcase with counts, times and each failure's message, readable by an XML parser")
    func report() throws {
        let passed = try run("at 0s call\nexpect call.incoming\nat 2.5s key a\nexpect call.connected")
        let failed = try run("at 0s call\nexpect call.incoming caller=\"Bob & <Eve>\"")
        let timedOut = try run("at 0s call\nexpect call.connected within 3s")
        let text = JUnitReport.xml([passed, failed, timedOut], clock: "manual", wallSeconds: 0.0125, naming: naming)
        let document = try XMLDocument(xmlString: text)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.count == 3)
        #expect(cases[0].attribute(forName: "name")?.stringValue == "test")
        #expect(cases[0].attribute(forName: "time")?.stringValue == "2.500")
        #expect(cases[0].elements(forName: "failure").isEmpty)
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "failed")
        #expect(failure.attribute(forName: "message")?.stringValue
            == #"test.scenario:2: expected call.incoming caller="Bob & <Eve>" within 5 s; call.incoming came, but not with those fields"#)
        #expect(failure.stringValue?.hasPrefix("FAIL test (5 s)\n  test.scenario:2: ") == true)
        #expect(cases[2].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "timeout")
        #expect(cases[2].attribute(forName: "time")?.stringValue == "3.000")
    }

    @Test("a failed scenario's test case points at the picture of its call flow (--flow)")
    func picture() throws {
        var failed = try run("at 0s call\nexpect call.incoming caller=Bob")
        failed.picture = "flows/test.html"
        let document = try XMLDocument(xmlString: JUnitReport.xml([failed], clock: "manual", wallSeconds: 0.001, naming: naming))
        let testCase = try #require(document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        #expect(testCase.elements(forName: "failure").first?.stringValue?.hasSuffix("\n  call flow: flows/test.html") == true)
        #expect(testCase.elements(forName: "system-out").first?.stringValue == "call flow: flows/test.html\n[[ATTACHMENT|flows/test.html]]")
    }
}
