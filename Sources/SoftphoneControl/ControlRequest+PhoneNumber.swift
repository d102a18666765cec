extension ControlRequest {
    /// The characters a phone number is dialled with: digits, `+`, `*` and `#`.
    static let dialledCharacters = Set("0123456789+*#")
    /// What people type between them (`+1 (555) 010-0199`, `555.0199`).
    static let numberSeparators = Set(" -.()")

    /// Checks `text` as the number a cellular call comes from: what a phone number can be, and
    /// nothing a carrier could not send (an emoji, a control character). `name` is how the caller
    /// spells the field (`--from`, `field "from"`). Fails with one line naming the value and what
    /// is accepted.
    static func phoneNumber(_ text: String, named name: String) throws(ControlError) -> String {
        let accepted = "a number has digits, +, * and #, and may have spaces, -, ., ( and ) between them, e.g. +1 (555) 010-0199"
        if let stray = text.first(where: { !dialledCharacters.contains($0) && !numberSeparators.contains($0) }) {
            throw ControlError("\(name) is \"\(visible(text))\", not a phone number: \"\(visible(String(stray)))\" cannot be part of one; \(accepted)")
        }
        guard text.contains(where: { dialledCharacters.contains($0) && $0 != "+" }) else {
            throw ControlError("\(name) is \"\(text)\", not a phone number: it has no digit; \(accepted)")
        }
        return text
    }

    /// `text` with each control or format character as `U+XXXX`, so a message about it can be
    /// read on a terminal (a raw escape or bell would act on it instead).
    private static func visible(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown += "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
