/// One line of a scenario file, split into words: spaces separate words, double quotes keep
/// spaces in one (`caller="Helpo Hospital"`, `--from "Zoë 张伟"`; `\"` and `\\` inside), and a
/// `#` that starts a word starts a comment.
struct ScenarioLine {
    /// A word and the column (1 = first character) where it starts.
    struct Word: Equatable {
        var text: String
        var column: Int
    }

    /// The words, comment left out.
    var words: [Word] = []
    /// The line without its comment and outer spaces, for reports.
    var text = ""

    /// Splits `line`; a quote left open is an error at the quote's column (`at`).
    init(_ line: String) throws(Unterminated) {
        var current: Word?
        var quoteColumn: Int?
        var escaped = false
        var end = 0
        for (offset, character) in line.enumerated() {
            let column = offset + 1
            if let _ = quoteColumn {
                if escaped {
                    current!.text.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoteColumn = nil
                } else {
                    current!.text.append(character)
                }
                end = column
                continue
            }
            if character == " " || character == "\t" || character == "\r" {
                if let word = current { words.append(word) }
                current = nil
                continue
            }
            if character == "#" && current == nil { break }
            if current == nil { current = Word(text: "", column: column) }
            if character == "\"" { quoteColumn = column } else { current!.text.append(character) }
            end = column
        }
        if let column = quoteColumn { throw Unterminated(column: column) }
        if let word = current { words.append(word) }
        if let first = words.first {
            text = String(line.dropFirst(first.column - 1).prefix(end - first.column + 1))
        }
    }

    /// A double quote with no closing quote on its line.
    struct Unterminated: Error {
        var column: Int
    }
}
