import Glibc

/// A non-blocking, close-on-exec pipe: the way other threads and signal handlers wake poll().
public func makeWakeUpPipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    _ = pipe(&ends)
    for fd in ends {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
}
