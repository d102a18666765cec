/// What the app's Call Directory extension did, and what it did to a cellular call (iOS rule 50).
public enum CallDirectoryEvent: Equatable, Sendable {
    /// The person enabled or disabled the extension in Settings › Apps › Phone › Call Blocking & Identification.
    case setting(enabled: Bool)
    /// A load completed: the numbers now blocked and identified, and whether it changed the last
    /// load's entries (incremental) or replaced them.
    case loaded(identifier: String, blocked: Int, identified: Int, incremental: Bool)
    /// A load or a reload request failed with this code; nothing changed.
    case failed(identifier: String, error: CXErrorCodeCallDirectoryManagerError.Code)
    /// A cellular call from a blocked number was refused without ringing or showing.
    case blocked(from: String, by: String)
    /// A cellular call from an identified number rings with the extension's label.
    case identified(from: String, label: String, by: String)
}
