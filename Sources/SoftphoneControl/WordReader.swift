/// Walks the words after a subcommand, for the command line (`softphone call --from Bob`), the
/// full screen's `/` line (`/call --from Bob`) and a scenario's `at` steps (`at 1s call --from Bob`),
/// which read them with the same code.
public struct WordReader {
    /// `softphone` on the command line, empty on the `/` line and in a scenario.
    public let program: String
    /// What messages start with: `softphone call` on the command line, `call` on the `/` line.
    public let prefix: String
    /// The subcommand being read (`call`).
    public let subcommand: String
    /// Ends the messages about an unknown or stray word.
    public let usage: String
    /// The words not read yet.
    public private(set) var words: [String]
    /// Where each word of `words` stood among the words the reader was given (0 = the first).
    private var positions: [Int]
    /// The word the latest mistake is about, by its position among the words the reader was
    /// given: the word read last, or where `mistake(_:at:)` put it; nil for the subcommand as a
    /// whole (a word that is missing). A scenario turns it into the column it names.
    public private(set) var culprit: Int?
    /// For each word of `words`, whether it is a value given in GNU's `--key=VALUE` form, which
    /// belongs to the flag before it whatever it looks like (`--from=--x`) and is never an operand.
    private var attached: [Bool] = []
    /// The flag read last, which an attached value it did not take is named after.
    private var lastFlag = ""
    /// The words as given, which `culprit` counts in.
    private let given: [String]

    /// A reader of `words`, the words after `subcommand`. `program` is `softphone` on the command
    /// line and empty on the `/` line; `usage` ends messages about a word that does not belong.
    public init(program: String, subcommand: String, words: [String], usage: String) {
        self.program = program
        prefix = program.isEmpty ? subcommand : program + " " + subcommand
        self.subcommand = subcommand
        self.usage = usage
        given = words
        // `--key=VALUE` is read as `--key VALUE`, as getopt users expect, with both words at the
        // position of the one written (a scenario's column names it).
        self.words = []
        positions = []
        for (position, word) in words.enumerated() {
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "="), word.index(word.startIndex, offsetBy: 2) < equals {
                self.words += [String(word[..<equals]), String(word[word.index(after: equals)...])]
                positions += [position, position]
                attached += [false, true]
            } else {
                self.words.append(word)
                positions.append(position)
                attached.append(false)
            }
        }
    }

    /// Whether the word at `index` of `words` is a value written as `--key=VALUE`.
    private func isAttached(_ index: Int) -> Bool { attached[index] }

    /// A one-line mistake, naming the subcommand first; when the word it is about holds a curly
    /// quote, it says so before the usage.
    public func mistake(_ text: String) -> ControlError {
        guard let hint = curlyQuoteHint else { return ControlError("\(prefix): \(text)") }
        let usageStart = text.firstRange(of: "; usage: ")?.lowerBound ?? text.endIndex
        return ControlError("\(prefix): \(text[..<usageStart]) (\(hint))\(text[usageStart...])")
    }

    /// The quotes a word processor or a phone's keyboard types for " and ' (“…”, ‘…’), which
    /// quote nothing here: `--from “Zoë Li”` is two words, `“Zoë` and `Li”`.
    static let curlyQuotes: Set<Character> = ["\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}"]

    /// What to say when the word a mistake is about holds curly quotes: that they were typed where
    /// straight ones were meant.
    private var curlyQuoteHint: String? {
        guard let culprit, given.indices.contains(culprit) else { return nil }
        var quotes: [Character] = []
        for character in given[culprit] where Self.curlyQuotes.contains(character) && !quotes.contains(character) { quotes.append(character) }
        guard !quotes.isEmpty else { return nil }
        let named = quotes.map(String.init).joined(separator: " and ")
        return "\(named) \(quotes.count == 1 ? "is a curly quote, which quotes" : "are curly quotes, which quote") nothing: type a straight \" or ' instead"
    }

    /// A one-line mistake about the word at `position` (nil: the subcommand as a whole), which
    /// `culprit` then names.
    public mutating func mistake(_ text: String, at position: Int?) -> ControlError {
        culprit = position
        return mistake(text)
    }

    /// Takes the word at `index` of `words`, and makes it the culprit of a mistake found next.
    private mutating func take(at index: Int) -> String {
        culprit = positions.remove(at: index)
        attached.remove(at: index)
        return words.remove(at: index)
    }

    /// An option this subcommand does not have.
    public func unknown(_ flag: String) -> ControlError {
        mistake("unknown option \"\(flag)\"; usage: \(usage)")
    }

    /// The next flag, or nil at the end; a stray word is an error.
    public mutating func nextFlag() throws(ControlError) -> String? {
        guard !words.isEmpty else { return nil }
        if isAttached(0) {
            let value = take(at: 0)
            throw mistake("\(lastFlag) takes no value, but was given \"\(value)\" (\(lastFlag)=\(value)); write \(lastFlag) alone; usage: \(usage)")
        }
        let word = take(at: 0)
        guard word.hasPrefix("-") else { throw mistake("unexpected argument \"\(word)\"; usage: \(usage)") }
        lastFlag = word
        return word
    }

    /// The value after `flag`, or given with it as `flag=VALUE`.
    public mutating func value(for flag: String) throws(ControlError) -> String {
        guard let word = words.first, !word.hasPrefix("--") || isAttached(0) else { throw mistake("\(flag) needs a value; usage: \(usage)") }
        return take(at: 0)
    }

    /// The next word, flag or not; nil at the end.
    public mutating func nextWord() throws(ControlError) -> String? {
        if let word = positional() { return word }
        return try nextFlag()
    }

    /// The next word if it is not a flag.
    public mutating func positional() -> String? {
        guard let word = words.first, !word.hasPrefix("--"), !isAttached(0) else { return nil }
        return take(at: 0)
    }

    /// The first word that is neither a flag nor the value of one of `valueFlags`, wherever it
    /// stands among the options (`push --type voip FILE` as `push FILE --type voip`), taken out of
    /// the words; nil when there is none.
    public mutating func operand(valueFlags: Set<String>) -> String? {
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if !word.hasPrefix("--") && !isAttached(index) { return take(at: index) }
            let valued = valueFlags.contains(word) || (index + 1 < words.endIndex && isAttached(index + 1))
            index += valued ? 2 : 1
        }
        return nil
    }

    /// The rest, where only `--socket PATH` may follow; returns the path.
    public mutating func socketOnly() throws(ControlError) -> String? {
        var socket: String?
        while let flag = try nextFlag() {
            guard flag == "--socket" else { throw unknown(flag) }
            socket = try value(for: flag)
        }
        return socket
    }

    /// A typed line split into words as a shell splits it (`LineWords`). Fails on an unclosed quote.
    public static func words(in line: String) throws(ControlError) -> [String] {
        do {
            return try LineWords(line, comments: false).words.map(\.text)
        } catch {
            let open = error.quote
            throw ControlError("the quote \(open) is not closed; close it, e.g. --from \(open)Zoë Li\(open)")
        }
    }
}
