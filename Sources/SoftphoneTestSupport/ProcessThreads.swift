import Glibc
import SoftphoneControl

/// This process's threads: each one's id under /proc/self/task and its name (`comm`, without
/// the newline), for tests that look for a thread the code under test started.
public func processThreads() -> [(id: String, name: String)] {
    guard let tasks = opendir("/proc/self/task") else { return [] }
    defer { closedir(tasks) }
    var threads: [(id: String, name: String)] = []
    while let entry = readdir(tasks) {
        let id = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard id.first != ".", case .success(let comm) = SmallTextFile.read("/proc/self/task/\(id)/comm") else { continue }
        threads.append((id, String(comm.prefix { $0 != "\n" })))
    }
    return threads
}
