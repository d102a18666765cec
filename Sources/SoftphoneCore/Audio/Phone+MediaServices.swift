/// The media server dying and coming back (`softphone media-reset`; on an iPhone, Settings'
/// Developer › Reset Media Services): a rare failure in the field, after which an app must
/// rebuild its audio objects and set its session up again.
extension Phone {
    /// Posts `mediaServicesWereLostNotification`, resets the app's session to iOS's defaults
    /// (solo ambient, mode default, no options or preferences, inactive), then posts
    /// `mediaServicesWereResetNotification`, each without userInfo. CallKit's calls live in
    /// another daemon and go on: no call ends, and neither `didDeactivate` nor a new
    /// `didActivate` comes (Apple documents none), so the app reactivates its session itself,
    /// which CallKit's earlier activation allows (rule 34).
    func resetMediaServices() {
        emit(.mediaServicesReset)
        postAudioNotification(AVAudioSession.mediaServicesWereLostNotification, nil)
        postAudioNotification(AVAudioSession.mediaServicesWereResetNotification, nil) { $0.resetToDefaults() }
    }
}
