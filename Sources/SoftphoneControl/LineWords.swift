/// A typed line split into words as a shell splits it: at spaces and tabs, except inside '…' or
/// "…", and a backslash keeps the next character as it is (inside '…' too, a backslash is just a
/// backslash). `call --from "Zoë 张伟"` is 3 words. The one splitter of the `/` line and the command
/// line's words (`WordReader.words(in:)`) and of scenario files, where a `#` that starts a word
/// also starts a comment.
public struct LineWords {
    /// A word and the column (1 = the line's first character) where it starts.
    public struct Word: Equatable, Sendable {
        public var text: String
        public var column: Int
    }

    /// A quote with no closing quote on its line: which, and its column.
    public struct UnclosedQuote: Error, Equatable {
        public let quote: Character
        public let column: Int
    }

    /// The words, a comment left out.
    public private(set) var words: [Word] = []
    /// The column of the last character of the last word (its closing quote included); 0 for none.
    public private(set) var end = 0

    /// Splits `line`; with `comments`, a `#` that starts a word ends the line.
    public init(_ line: String, comments: Bool) throws(UnclosedQuote) {
        var word: Word?
        var quote: (character: Character, column: Int)?
        var escaped = false
        for (offset, character) in line.enumerated() {
            let column = offset + 1
            if !escaped && quote == nil {
                if character == " " || character == "\t" || character == "\r" {
                    if let finished = word { words.append(finished) }
                    word = nil
                    continue
                }
                if character == "#" && comments && word == nil { break }
            }
            // Any other character is part of a word, which starts at the first of them.
            if word == nil { word = Word(text: "", column: column) }
            if escaped {
                word!.text.append(character)
                escaped = false
            } else if character == "\\" && quote?.character != "'" {
                escaped = true
            } else if let open = quote {
                if character == open.character { quote = nil } else { word!.text.append(character) }
            } else if character == "\"" || character == "'" {
                quote = (character, column)
            } else {
                word!.text.append(character)
            }
            end = column
        }
        if let open = quote { throw UnclosedQuote(quote: open.character, column: open.column) }
        if escaped { word!.text.append("\\") }
        if let finished = word { words.append(finished) }
    }

    /// Each line of a file of lines (`#` starts a comment), numbered from 1, with its words or
    /// the quote it leaves open; each caller says in its own words what such a line means.
    public static func lines(of text: String) -> [(number: Int, words: Result<[String], UnclosedQuote>)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, line in
            (offset + 1, Result { () throws(UnclosedQuote) in try LineWords(String(line), comments: true).words.map(\.text) })
        }
    }
}
