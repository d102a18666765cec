/// A text field, as UIKit's `UITextField`: headless, as every view here. An alert shows its text,
/// or its placeholder while it has none; the person cannot type into it in the terminal.
open class UITextField: UIView {
    open var text: String? = ""
    open var placeholder: String?
    /// The alert shows its text as dots.
    open var isSecureTextEntry = false
}
