/// An alert or action sheet, as UIKit's `UIAlertController`. Presented (`present(_:animated:
/// completion:)`), it becomes the app's alert on the phone's screen: its title, message, text
/// fields and buttons in a box over the app's own screen, while the app is in the foreground
/// (App/Phone+AppAlert.swift). The person's choice dismisses it, then runs the action's handler
/// on the main queue, as UIKit does; dismissed by the app's code, it goes without a handler.
open class UIAlertController: UIViewController {
    /// How the choices are laid out: a sheet from the bottom, or an alert in the middle.
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    open var message: String?
    public private(set) var preferredStyle = Style.alert
    public private(set) var actions: [UIAlertAction] = []
    /// The action Return chooses, drawn in bold; UIKit requires one of `actions`, and keeps none otherwise.
    open var preferredAction: UIAlertAction? {
        get { storedPreferredAction }
        set { storedPreferredAction = newValue.flatMap { action in actions.contains { $0 === action } ? action : nil } }
    }
    private var storedPreferredAction: UIAlertAction?
    /// The text fields added with `addTextField`, in order; nil when there is none (alerts only).
    public private(set) var textFields: [UITextField]?
    /// What presented the alert, kept while it shows (UIKit's presentation keeps its presenter).
    private var presenter: UIViewController?
    /// The phone it shows on, from its presentation until it goes.
    private var shownOn: PhoneLink?

    public required init() { super.init() }

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init()
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    open func addAction(_ action: UIAlertAction) {
        // UIKit raises on a second cancel action; here it is left out, and the device log says why.
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            return refused("UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        }
        actions.append(action)
    }

    /// Adds a text field, which `configurationHandler` sets up at once (alerts only, as in UIKit).
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            return refused("Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        }
        let field = UITextField()
        textFields = (textFields ?? []) + [field]
        configurationHandler?(field)
    }

    /// What UIKit raises an exception with, written to the device log of the phone running the app.
    private func refused(_ reason: String) {
        PhoneContext.withCurrent { $0.log(reason) }
    }

    /// The actions in the order iOS shows them: a cancel action on the left of a two-button
    /// alert, at the bottom of a longer one and of an action sheet; the others as added.
    var shownActions: [UIAlertAction] {
        guard actions.count > 1, let cancel = actions.firstIndex(where: { $0.style == .cancel }) else { return actions }
        var others = actions
        let cancelAction = others.remove(at: cancel)
        return preferredStyle == .alert && actions.count == 2 ? [cancelAction] + others : others + [cancelAction]
    }

    override func wasPresented() {
        presenter = presentingViewController
        shownOn = PhoneContext.current?.link
        shownOn?.phone?.present(self)
    }

    override func wasDismissed() {
        presenter = nil
        let phone = shownOn?.phone
        shownOn = nil
        phone?.alertDismissedByApp(self)
    }
}

/// A button of an alert, as UIKit's `UIAlertAction`: its title, its style, whether it can be
/// chosen, and the handler run once the alert is dismissed by choosing it.
open class UIAlertAction: NSObject {
    /// How the button looks and where it goes: cancel on the left or at the bottom, destructive in red.
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    public let title: String?
    public let style: Style
    /// A disabled button shows, and cannot be chosen.
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}
