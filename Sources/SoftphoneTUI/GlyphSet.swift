import SoftphoneCore

/// The characters the chrome is drawn with: Unicode for UTF-8 terminals, plain ASCII when the
/// locale cannot show anything else (a terminal that cannot show
/// box drawing still shows every screen).
public enum GlyphSet: Hashable, Sendable {
    /// Box drawing, emoji and typographic punctuation.
    case unicode
    /// Seven-bit ASCII only; every other character of a name becomes "?".
    case ascii

    /// The glyph set a terminal can show: Unicode when `unicode` is true, else ASCII.
    public init(unicode: Bool) {
        self = unicode ? .unicode : .ascii
    }

    /// Marks text that was cut to fit.
    var ellipsis: String { self == .unicode ? "…" : "..." }
    /// Separates items on a line ("c demo call · q quit").
    var separator: String { self == .unicode ? " · " : " - " }
    /// The multiplication sign in a size ("40×12").
    var times: String { self == .unicode ? "×" : "x" }
    /// Stands for a character that cannot be shown.
    var replacement: String { self == .unicode ? "\u{FFFD}" : "?" }

    /// The lock state as icon and word; the word alone in ASCII.
    func lockStatus(_ lock: LockState) -> String {
        switch (self, lock) {
        case (.unicode, .locked): "🔒 Locked"
        case (.unicode, .unlocked): "🔓 Unlocked"
        case (.unicode, .lockedSinceReboot): "🔒 Locked since restart"
        case (.ascii, .lockedSinceReboot): "Locked since restart"
        case (.ascii, .locked): "Locked"
        case (.ascii, .unlocked): "Unlocked"
        }
    }

    /// The vibration indicator's picture. Still and buzzing frames keep the phone icon in the
    /// same column when centred, so the animation shakes around it instead of jumping.
    func vibration(_ indicator: VibrationIndicator) -> String {
        switch (self, indicator) {
        case (.unicode, .still): "·  📳  ·"
        case (.unicode, .buzzing(let frame)): frame % 2 == 0 ? "((📳))" : "))📳(("
        case (.ascii, .still): ".  []  ."
        case (.ascii, .buzzing(let frame)): frame % 2 == 0 ? "~[]~" : "-[]-"
        }
    }

    /// The phone outline's corners and edges: top-left, top-right, bottom-left, bottom-right,
    /// horizontal, vertical.
    var box: (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String,
              horizontal: String, vertical: String) {
        self == .unicode ? ("╭", "╮", "╰", "╯", "─", "│") : ("+", "+", "+", "+", "-", "|")
    }

    /// `text` made safe and showable: control characters (which would move the cursor or start
    /// an escape sequence) become a replacement glyph, invisible format characters such as bidi
    /// overrides are dropped (zero-width joiners stay, emoji need them), and in ASCII every
    /// cluster that is not ASCII becomes as many "?" as it has columns, so layouts keep their width.
    func displayable(_ text: String) -> String {
        // Plain text is showable as it is (in ASCII, if it is ASCII): the common case, every frame.
        if self == .unicode ? DisplayWidth.isPlain(text) : text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return text
        }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format where scalar != "\u{200C}" && scalar != "\u{200D}":
                continue
            case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
                safe.append(contentsOf: replacement.unicodeScalars)
            default:
                if DisplayWidth.scalarWidth(scalar) < 0 {
                    safe.append(contentsOf: replacement.unicodeScalars)
                } else {
                    safe.append(scalar)
                }
            }
        }
        let cleaned = String(safe)
        guard self == .ascii else { return cleaned }
        var ascii = ""
        for character in cleaned {
            if character.unicodeScalars.allSatisfy(\.isASCII) {
                ascii.append(character)
            } else {
                ascii += String(repeating: "?", count: max(1, DisplayWidth.of(character)))
            }
        }
        return ascii
    }
}
