import SoftphoneCore

/// The app's alert (`UIAlertController`): a box over the app's screen, as iOS draws one over the
/// app — the title, the message, the text fields, and the buttons with the keys that choose them.
/// Its keys are on the hint line and in the help overlay.
extension Pen {
    /// Draws the alert over `frame`, leaving the hint row free: roomy, inside the phone's outline
    /// (in its middle, an action sheet at its bottom); compact, across most of the terminal.
    func drawAlert(_ alert: AppAlert, in frame: inout Frame) {
        let available = frame.height - 1
        let widest = (compact ? frame.width : Pen.phoneWidth) - 4 - 4
        let buttons = alert.buttons.enumerated().map { index, button in
            (label: "[\(index + 1)] " + button.title + (button.isEnabled ? "" : " (disabled)"), role: role(of: button))
        }
        let buttonWidths = buttons.map { DisplayWidth.of(glyphs.displayable($0.label)) }
        // Two buttons of an alert side by side, as iOS lays them out, when they fit; else one a row.
        let sideBySide = alert.style == .alert && buttons.count == 2 && buttonWidths.reduce(3, +) <= widest
        let title = alert.title.map { Array(wrapped($0, width: widest).prefix(2)) } ?? []
        let fields = alert.textFields.map { field -> (String, Role) in
            if field.text.isEmpty { return ("[" + field.placeholder + "]", .dim) }
            return ("[" + (field.isSecure ? String(repeating: "*", count: field.text.count) : field.text) + "]", .normal)
        }
        var message = alert.message.map { wrapped($0, width: widest) } ?? []
        let buttonRows = buttons.isEmpty ? 0 : sideBySide ? 1 : buttons.count
        // Borders, title, fields, a blank row before the buttons: what the message may have left.
        let fixed = 2 + title.count + fields.count + (buttonRows > 0 ? 1 + buttonRows : 0)
        let room = max(0, available - fixed)
        if message.count > room {
            message = room == 0 ? [] : Array(message.prefix(room - 1)) + [DisplayWidth.truncate(message[(room - 1)...].joined(separator: " "), toWidth: widest, ellipsis: glyphs.ellipsis)]
        }
        let contentWidth = max(
            16, (title + message).map(DisplayWidth.of).max() ?? 0, fields.map { DisplayWidth.of($0.0) }.max() ?? 0,
            sideBySide ? buttonWidths.reduce(3, +) : buttonWidths.max() ?? 0)
        // As wide as its text, one column more where that centres it exactly in the phone.
        let width = min(widest, contentWidth + (frame.width - contentWidth) % 2) + 4
        let height = min(available, fixed + message.count)
        let left = (frame.width - width) / 2
        let top: Int
        if alert.style == .actionSheet {
            // At the bottom of the phone's screen, above its outline (compact: above the notice row).
            let bottom = compact ? frame.height - 3 : (frame.height - 2 - Pen.phoneHeight) / 2 + Pen.phoneHeight - 2
            top = max(0, bottom - height + 1)
        } else {
            top = (available - height) / 2
        }

        let inside = drawBox(width: width, height: height, top: top, left: left, in: &frame)
        var row = top + 1
        for line in title { centre(line, role: .title, row: row, columns: inside, in: &frame); row += 1 }
        for line in message { centre(line, role: .normal, row: row, columns: inside, in: &frame); row += 1 }
        for (text, role) in fields { centre(text, role: role, row: row, columns: inside, in: &frame); row += 1 }
        guard buttonRows > 0 else { return }
        row += 1
        if sideBySide {
            draw(.keys(buttons), row: row, columns: inside, in: &frame)
            return
        }
        for button in buttons where row < top + height - 1 {
            centre(button.label, role: button.role, row: row, columns: inside, in: &frame)
            row += 1
        }
    }

    /// How a button is drawn: a destructive one in the decline colour, a disabled one dim (and
    /// said so in words beside its title).
    private func role(of button: AppAlert.Button) -> Role {
        guard button.isEnabled else { return .dim }
        return button.style == .destructive ? .decline : .title
    }

    /// `text` wrapped to `width`, each of its own lines on its own.
    private func wrapped(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            DisplayWidth.wrap(glyphs.displayable(String(line)), toWidth: width)
        }
    }
}
