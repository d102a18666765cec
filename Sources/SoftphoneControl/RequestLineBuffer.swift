/// What the control server keeps of one client's requests between reads: the bytes not yet cut
/// into lines, and the limit on a line's length that keeps the memory a client costs bounded.
public struct RequestLineBuffer {
    /// Longest request line accepted; a client sending more is cut off.
    static let maximumLine = 64 * 1024

    /// The bytes after the last complete line.
    private var bytes: [UInt8] = []

    /// Adds bytes read from the client.
    mutating func append(_ read: ArraySlice<UInt8>) {
        bytes += read
    }

    /// Takes out every complete line, blank ones left out, as the bytes that came (the request's
    /// JSON parser, not a string conversion, judges whether they are UTF-8). `tooLong` when a line,
    /// or the unfinished rest, is longer than `maximumLine`: the client is cut off after the lines
    /// before it.
    mutating func takeLines() -> (lines: [[UInt8]], tooLong: Bool) {
        var lines: [[UInt8]] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            // Every line is measured, not only an unfinished one: a long line may come in one read.
            if newline - start > Self.maximumLine {
                bytes.removeSubrange(..<start)
                return (lines, true)
            }
            let line = Array(bytes[start..<newline])
            start = newline + 1
            if !Self.isBlank(line) { lines.append(line) }
        }
        bytes.removeSubrange(..<start)
        return (lines, bytes.count > Self.maximumLine)
    }

    /// The last line of a client that hung up without ending it (`printf '{…}' | nc -U` works);
    /// nil when there is none, or it is blank or too long.
    var lastLine: [UInt8]? {
        Self.isBlank(bytes) || bytes.count > Self.maximumLine ? nil : bytes
    }

    /// Whether a line holds only spaces and carriage returns.
    public static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }
    }
}
