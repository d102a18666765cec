/// The app's alert (`UIAlertController`) as the phone shows it, over the app's own screen: plain
/// values read from the controller when the screen is asked for, so a button the app enables or a
/// message it changes shows at once.
public struct AppAlert: Equatable, Hashable, Sendable {
    /// One button: its title, its style, and whether it can be chosen.
    public struct Button: Equatable, Hashable, Sendable {
        public var title: String
        public var style: UIAlertAction.Style
        public var isEnabled: Bool

        /// Makes a button.
        public init(title: String, style: UIAlertAction.Style = .default, isEnabled: Bool = true) {
            self.title = title
            self.style = style
            self.isEnabled = isEnabled
        }
    }

    /// One text field: what it holds and what it says while it holds nothing.
    public struct TextField: Equatable, Hashable, Sendable {
        public var text: String
        public var placeholder: String
        public var isSecure: Bool

        /// Makes a text field.
        public init(text: String = "", placeholder: String = "", isSecure: Bool = false) {
            self.text = text
            self.placeholder = placeholder
            self.isSecure = isSecure
        }
    }

    /// The app's name (filled in by the phone).
    public var appName: String
    public var title: String?
    public var message: String?
    /// An alert in the middle, or an action sheet from the bottom.
    public var style: UIAlertController.Style
    public var textFields: [TextField]
    /// The buttons in the order iOS shows them (`UIAlertController.shownActions`); the keys 1 to 9
    /// choose them in this order.
    public var buttons: [Button]
    /// The button Enter chooses: the app's preferred action, else the only one.
    public var enterButton: Int?
    /// The button Esc chooses: the cancel action.
    public var escapeButton: Int?

    /// Makes an alert.
    public init(
        appName: String, title: String?, message: String?, style: UIAlertController.Style = .alert, textFields: [TextField] = [],
        buttons: [Button], enterButton: Int? = nil, escapeButton: Int? = nil
    ) {
        self.appName = appName
        self.title = title
        self.message = message
        self.style = style
        self.textFields = textFields
        self.buttons = buttons
        self.enterButton = enterButton
        self.escapeButton = escapeButton
    }
}

extension AppAlert {
    /// How events name an alert's style: `alert` or `action-sheet`.
    public static func word(for style: UIAlertController.Style) -> String {
        switch style {
        case .alert: "alert"
        case .actionSheet: "action-sheet"
        }
    }
}
