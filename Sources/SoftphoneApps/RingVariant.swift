import UIKit

/// How the `ring-extension` app's extension keeps the phone buzzing, as the two variants in the
/// wild do it (iOS rule 44): a one-second `Timer`, or re-arming from the vibration's completion
/// (`AudioServicesAddSystemSoundCompletion`). Chosen by the app's standard `UserDefaults` key
/// `ringVariant`; the app copies it into the App Group, the only place its extension can read it.
enum RingVariant: String {
    /// A repeating one-second timer buzzes and checks the App Group flag (the default).
    case timer
    /// Each buzz's completion checks the flag and arms the next, `RingNotificationService.vibrationRest` later.
    case completion

    /// The key in the app's standard defaults and in the App Group suite.
    static let key = "ringVariant"

    /// The setting as the Settings app lists it; `softphone run --set ringVariant=completion` sets it.
    static let setting = AppSetting(
        key: key, kind: .choice(["timer", "completion"]), defaultValue: .string(RingVariant.timer.rawValue),
        title: "how the extension buzzes every second: a repeating timer, or re-armed from each buzz's completion")
}
