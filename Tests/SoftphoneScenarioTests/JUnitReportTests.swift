import FoundationXML
import SoftphoneScenario
import Testing

@Suite("Scenario files: the JUnit report")
struct JUnitReportTests {
    @Test("testsuites/testsuite/testcase with counts, times and each failure's message, readable by an XML parser")
    func report() throws {
        let passed = try run("at 0s call\nexpect call.incoming\nat 2.5s key a\nexpect call.connected")
        let failed = try run("at 0s call\nexpect call.incoming caller=\"Bob & <Eve>\"")
        let timedOut = try run("at 0s call\nexpect call.connected within 3s")
        let text = JUnitReport.xml([passed, failed, timedOut], seconds: 0.0125)
        let document = try XMLDocument(xmlString: text)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "time")?.stringValue == "0.013")
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
        let document = try XMLDocument(xmlString: JUnitReport.xml([failed], seconds: 0.001))
        let testCase = try #require(document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        #expect(testCase.elements(forName: "failure").first?.stringValue?.hasSuffix("\n  call flow: flows/test.html") == true)
        #expect(testCase.elements(forName: "system-out").first?.stringValue == "call flow: flows/test.html\n[[ATTACHMENT|flows/test.html]]")
    }
}
