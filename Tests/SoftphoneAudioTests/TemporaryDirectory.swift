import Glibc

/// A fresh folder under /tmp for one test's files, removed (with its files) when released.
final class TemporaryDirectory {
    /// The folder's path.
    let path: String
    private var names: Set<String> = []

    init() {
        var template = Array("/tmp/softphone-audio-tests.XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) else {
            preconditionFailure("mkdtemp failed")
        }
        path = String(cString: created)
    }

    deinit {
        for name in names { unlink(path + "/" + name) }
        rmdir(path)
    }

    /// The path of `name` inside the folder; the file is removed with the folder.
    func file(_ name: String) -> String {
        names.insert(name)
        return path + "/" + name
    }

    /// Writes `text` to `name` and returns its path.
    func write(_ text: String, to name: String) -> String {
        let target = file(name)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot create \(target)")
        var bytes = text
        _ = bytes.withUTF8 { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return target
    }
}
