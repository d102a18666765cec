import UIKit

class CallsViewController: UIViewController {
    var callController: CallController?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Calls"
        view.backgroundColor = .systemBackground
        callController?.callsChangedHandler = { [weak self] in
            self?.reload()
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        reload()
    }

    private func reload() {
        NSLog("calls on screen: %d", callController?.calls.count ?? 0)
    }
}
