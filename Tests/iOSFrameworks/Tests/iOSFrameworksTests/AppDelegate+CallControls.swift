import UIKit

// Softphone's own addition to the app code, kept apart from it: the app's hang-up button, which
// the terminal phone presses with `e` (`softphone app end-call`).
extension AppDelegate: InAppCallControls {
    func hangUpButtonTapped() { callManager.hangUp() }
}
