import Glibc
import SoftphoneControl

/// The threads of `process` (this one when nil): each one's id under /proc/PID/task and its name
/// (`comm`, without the newline), for tests that look for a thread the code under test started.
public func processThreads(of process: pid_t? = nil) -> [(id: String, name: String)] {
    let folder = "/proc/\(process.map(String.init) ?? "self")/task"
    guard let tasks = opendir(folder) else { return [] }
    defer { closedir(tasks) }
    var threads: [(id: String, name: String)] = []
    while let entry = readdir(tasks) {
        let id = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard id.first != ".", case .success(let comm) = SmallTextFile.read("\(folder)/\(id)/comm") else { continue }
        threads.append((id, String(comm.prefix { $0 != "\n" })))
    }
    return threads
}

/// The value of `field` (`SigBlk`, `voluntary_ctxt_switches`, …) in the /proc status of thread
/// `id` of `process` (this one when nil), without the spaces before it; nil when it cannot be read.
public func threadStatus(_ field: String, thread id: String, of process: pid_t? = nil) -> Substring? {
    guard case .success(let status) = SmallTextFile.read("/proc/\(process.map(String.init) ?? "self")/task/\(id)/status"),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return nil }
    return line.dropFirst(field.count + 1).drop { $0 == " " || $0 == "\t" }
}
