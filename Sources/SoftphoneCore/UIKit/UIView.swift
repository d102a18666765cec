/// A view, as UIKit's `UIView`: headless, like every view here. It exists and keeps its state
/// (its subviews, whether it is hidden, its colour), and nothing of it is drawn: the terminal
/// shows the phone's screens, not the app's views.
open class UIView: UIResponder {
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    open var isHidden = false
    open var alpha = 1.0
    open var backgroundColor: UIColor?
    open var tag = 0

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
}

/// A colour, as UIKit's `UIColor`: kept, never drawn.
open class UIColor: NSObject, @unchecked Sendable {
    public let red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public convenience init(white: Double, alpha: Double) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let systemGreen = UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1)
    public static let systemRed = UIColor(red: 1, green: 0.23, blue: 0.19, alpha: 1)
    public static let systemBackground = UIColor.white
    public static let label = UIColor.black
}
