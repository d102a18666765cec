import UIKit

class CallsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        NSLog("calls list loaded: %@ in a navigation controller", title ?? "untitled")
    }
}
