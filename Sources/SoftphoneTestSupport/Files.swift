import Glibc

/// A fresh private folder under /tmp (mode 0700) for one test or benchmark. It is left in place
/// afterwards, with whatever the test or the phone wrote in it, for a look after a failure.
public func temporaryFolder() -> String {
    var template = Array("/tmp/softphone-test-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}

/// The bytes of the file at `path`, whole, of any size (a WAV capture, a sound asset); an error
/// names a file that cannot be opened. Text files are read with `SmallTextFile`.
public func fileBytes(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw SpawnError(what: "cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n == 0 { return bytes }
        bytes += chunk[0..<n]
    }
}

/// Writes `bytes` to the file at `path` (made or replaced) and returns `path`; an error names a
/// file that cannot be written.
@discardableResult
public func writeFile(_ bytes: [UInt8], to path: String) throws -> String {
    guard let file = fopen(path, "wb") else { throw SpawnError(what: "cannot create \(path)") }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    guard fclose(file) == 0, written == bytes.count else { throw SpawnError(what: "cannot write \(path)") }
    return path
}

/// Writes `text` (UTF-8) to the file at `path`, as `writeFile(_:to:)` writes bytes.
@discardableResult
public func writeFile(text: String, to path: String) throws -> String {
    try writeFile(Array(text.utf8), to: path)
}
