@testable import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The table of each event's fields, which `softphone wait --where` and a scenario's `expect`
/// check names against, agrees with docs/events.md. (Debug builds also assert, at every event the
/// phone sends in any test, that its fields are in the table.)
@Suite("Event fields")
struct EventFieldsTests {
    /// docs/events.md, cut into its `## `name`` sections: the names a heading gives, and its text.
    static func sections() throws -> [(names: [String], text: String)] {
        let text = try SmallTextFile.read(Repository.path("docs/events.md")).get()
        var sections: [(names: [String], text: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Every heading starts a section, so one naming no event (the plain lines' table) ends the one before.
            if line.hasPrefix("## ") {
                let names = line.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                sections.append((names, ""))
            } else if !sections.isEmpty {
                sections[sections.count - 1].text += line + "\n"
            }
        }
        return sections
    }

    @Test("every event but server.request (which carries what the app sends) has its fields in the table")
    func everyEventHasAnEntry() {
        for name in EventStream.names where name != "server.request" {
            #expect(EventStream.fields(of: name) != nil, "\(name) is not in EventStream.fieldTable")
        }
        #expect(EventStream.fields(of: "server.request") == nil)
    }

    @Test("each event's section of docs/events.md names every field of the table, and its table no other")
    func docsAgree() throws {
        let sections = try Self.sections()
        for name in EventStream.names where name != "server.request" {
            guard let section = sections.first(where: { $0.names.contains(name) }) else {
                Issue.record("docs/events.md has no section for \(name)")
                continue
            }
            let known = EventStream.fields(of: name) ?? []
            // A section may refer to another's fields ("Fields as `call.incoming`").
            let referred = sections.filter { other in other.names.contains { section.text.contains("Fields as `\($0)`") } }
            let text = ([section] + referred).map(\.text).joined()
            for field in known { #expect(text.contains("`\(field)`"), "docs/events.md does not name \(name)'s field \(field)") }
            // The fields a section's table lists (the backticked words of each row's first cell)
            // belong to one of the events the section is about.
            let sectionFields = section.names.flatMap { EventStream.fields(of: $0) ?? [] }
            for row in section.text.split(separator: "\n") where row.hasPrefix("| `") {
                let cell = row.split(separator: "|").first ?? ""
                let fields = cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                for field in fields {
                    #expect(sectionFields.contains(field), "docs/events.md lists \(field) under \(section.names); the table does not")
                }
            }
        }
    }

    @Test("server.request's own fields: refused once none of the run's requests carried them, or when the named request came without")
    func appFields() throws {
        let register = try JSON.parse(#"{"t_ms":0,"event":"server.request","name":"register","token":"ab"}"#)
        let answer = try JSON.parse(#"{"t_ms":5,"event":"server.request","name":"answer","uuid":"U"}"#)
        #expect(AppFieldCheck(event: "call.ended", conditions: [("reason", "local")]) == nil, "a table event is checked against its table")
        #expect(AppFieldCheck(event: "server.request", conditions: [("name", "busy")]) == nil, "name is always there")

        var unknown = try #require(AppFieldCheck(event: "server.request", conditions: [("nosuch", "1")]))
        unknown.add(register)
        #expect(unknown.mistake?.hasPrefix(#"server.request has no field "nosuch" in this run; the app's requests so far carried: name, token."#) == true)

        var sent = try #require(AppFieldCheck(event: "server.request", conditions: [("token", "ab")]))
        sent.add(register)
        #expect(sent.mistake == nil)

        var named = try #require(AppFieldCheck(event: "server.request", conditions: [("name", "answer"), ("nosuch", "1")]))
        named.add(register)
        #expect(named.mistake == nil, "the answer has not come yet: it may carry the field")
        named.add(answer)
        #expect(named.mistake == #"server.request name=answer came without a field "nosuch"; the app's requests so far carried: name, token, uuid"#)
    }
}
