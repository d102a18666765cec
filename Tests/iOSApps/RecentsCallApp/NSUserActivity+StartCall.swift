import Intents

extension NSUserActivity {
    var callBackHandle: String? {
        guard let interaction = interaction else { return nil }
        let startCallIntent = interaction.intent
        if let intent = startCallIntent as? INStartAudioCallIntent {
            return intent.contacts?.first?.personHandle?.value
        } else if let intent = startCallIntent as? INStartVideoCallIntent {
            return intent.contacts?.first?.personHandle?.value
        } else if let intent = startCallIntent as? INStartCallIntent {
            return intent.contacts?.first?.personHandle?.value
        }
        return nil
    }

    var video: Bool? {
        guard let interaction = interaction else { return nil }
        if interaction.intent is INStartVideoCallIntent { return true }
        if let intent = interaction.intent as? INStartCallIntent { return intent.callCapability == .videoCall }
        return interaction.intent is INStartAudioCallIntent ? false : nil
    }
}
