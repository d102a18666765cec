import CallKit

extension CXProviderConfiguration {
    /// What the built-in apps ask of CallKit: one call at a time (a second one waits, iOS rule
    /// 38, with no Hold & Accept), video allowed, and handles that are the app's own ids (an
    /// account, a consultation number) rather than phone numbers.
    static func oneCallAtATime() -> CXProviderConfiguration {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = true
        configuration.maximumCallGroups = 1
        configuration.maximumCallsPerCallGroup = 1
        configuration.supportedHandleTypes = [.generic]
        return configuration
    }
}
