/// A libsndfile failure, with its message cleaned into a short lower-case reason.
///
/// Internal: callers wrap it in an `AudioError` that names the file.
struct SoundFileError: Error, Equatable {
    /// What went wrong, e.g. "format not recognised" or "no such file".
    let reason: String

    /// Makes a reason from libsndfile's text ("System error : Permission denied." → "permission denied").
    init(libraryMessage message: String) {
        var text = Substring(message)
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix(" : ") {
                text = text[text.index(index, offsetBy: 3)...]
                break
            }
            index = text.index(after: index)
        }
        while text.last == "." || text.last == " " || text.last == "\n" { text = text.dropLast() }
        reason = text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Makes an error with a reason written here.
    init(reason: String) { self.reason = reason }
}
