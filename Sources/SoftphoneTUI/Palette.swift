/// The colours the roles get, chosen from what the terminal can show. Colour only helps: every
/// state is also a word or a glyph on screen, so the monochrome palette loses nothing.
public enum Palette: Equatable, Sendable {
    /// No colour: `NO_COLOR` is set, or the terminal has none. Attributes only (bold, reverse, dim).
    case monochrome
    /// The 8 ANSI colours, on the terminal's own background.
    case colours8
    /// The xterm 256-colour cube: softer shades of the same hues.
    case colours256

    /// The palette for a terminal with `colours` colours (0 when it has none, curses' `COLORS`),
    /// unless `noColor` (the `NO_COLOR` variable) is set and not empty (no-color.org).
    public init(noColor: String?, colours: Int) {
        if let noColor, !noColor.isEmpty {
            self = .monochrome
        } else if colours >= 256 {
            self = .colours256
        } else if colours >= 8 {
            self = .colours8
        } else {
            self = .monochrome
        }
    }

    /// The foreground colour of each coloured role, or nil for roles drawn in the terminal's own
    /// colour. Colour numbers are curses' (`COLOR_CYAN` is 6, 256-colour numbers index xterm's cube).
    func foreground(_ role: Role) -> Int16? {
        switch (self, role) {
        case (.monochrome, _), (_, .normal), (_, .title), (_, .caller), (_, .dim), (_, .selected): nil
        case (.colours8, .timer): 6  // cyan
        case (.colours8, .status): 5  // magenta
        case (.colours8, .accept): 2  // green
        case (.colours8, .decline): 1  // red
        case (.colours8, .warning): 3  // yellow
        case (.colours256, .timer): 44  // dark turquoise
        case (.colours256, .status): 141  // light purple
        case (.colours256, .accept): 41  // spring green
        case (.colours256, .decline): 203  // soft red
        case (.colours256, .warning): 214  // orange
        }
    }

    /// The attributes of each role: the same in every palette but for the accept, decline and
    /// warning roles, which without colour are shown reversed to stand out.
    func attributes(_ role: Role) -> Attribute {
        switch (role, self) {
        case (.normal, _), (.timer, _): .normal
        case (.title, _), (.caller, _): .bold
        case (.dim, _): .dim
        case (.status, .monochrome): .bold
        case (.status, _): .normal
        case (.accept, .monochrome), (.decline, .monochrome): .reverse
        case (.accept, _), (.decline, _): .bold
        case (.warning, .monochrome): .boldReverse
        case (.warning, _): .bold
        case (.selected, _): .reverse
        }
    }

    /// A role's look besides its colour.
    enum Attribute: Equatable, Sendable {
        case normal, bold, dim, reverse, boldReverse
    }
}
