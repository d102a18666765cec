// How published call code reads the number to call back: from whichever call intent the activity
// holds, the deprecated INStartAudioCallIntent and INStartVideoCallIntent first, as apps written
// for iOS 10 to 12 and kept since do.
import Foundation
import Intents

extension NSUserActivity {
    var startCallHandle: String? {
        if let intent = interaction?.intent as? INStartAudioCallIntent { return intent.contacts?.first?.personHandle?.value }
        if let intent = interaction?.intent as? INStartVideoCallIntent { return intent.contacts?.first?.personHandle?.value }
        if let intent = interaction?.intent as? INStartCallIntent { return intent.contacts?.first?.personHandle?.value }
        return nil
    }
}
