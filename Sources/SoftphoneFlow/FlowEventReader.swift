import SoftphoneCore

/// Reads the event stream as `softphone events` and a `--headless` run print it: one JSON object a
/// line. Blank lines and objects without `event` (a headless run's replies) are skipped; a line that
/// is not a JSON object is an error naming the line.
public enum FlowEventReader {
    /// A line that is not an event.
    public struct LineError: Error, Equatable, CustomStringConvertible {
        /// The file's name as given, `-` for stdin.
        public var file: String
        /// The line's number, from 1.
        public var line: Int
        /// What is wrong with it.
        public var reason: String
        /// `events.jsonl:3: not a JSON object: expected a JSON value at byte 0`.
        public var description: String { "\(file):\(line): \(reason)" }
    }

    /// The event objects of `text`, read from `file`.
    public static func events(in text: String, file: String) throws(LineError) -> [JSON] {
        var events: [JSON] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            let value: JSON
            do {
                value = try JSON.parse(String(line))
            } catch {
                throw LineError(file: file, line: number, reason: "not JSON: \(error)")
            }
            guard case .object = value else { throw LineError(file: file, line: number, reason: "not a JSON object (an event is one object a line)") }
            // A headless run's stdout also carries its replies to requests (`{"ok":true,…}`): not events.
            if value["event"]?.stringValue != nil { events.append(value) }
        }
        return events
    }
}
