import SoftphoneControl

/// One line of a scenario file, split into words as the `/` line splits them (`LineWords`: spaces
/// separate words, '…' and "…" keep spaces in one, a backslash keeps the next character), and a
/// `#` that starts a word starts a comment.
struct ScenarioLine {
    typealias Word = LineWords.Word

    /// The words, comment left out.
    var words: [Word]
    /// The line without its comment and outer spaces, for reports.
    var text = ""

    /// Splits `line`; a quote left open is an error at the quote's column.
    init(_ line: String) throws(LineWords.UnclosedQuote) {
        let split = try LineWords(line, comments: true)
        words = split.words
        if let first = words.first {
            text = String(line.dropFirst(first.column - 1).prefix(split.end - first.column + 1))
        }
    }
}
