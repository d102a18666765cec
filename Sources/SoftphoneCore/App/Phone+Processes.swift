/// The processes whose code runs on the phone: the app's launch, or a process of one of its app
/// extensions (numbered below zero, Notifications/). Work that code queues belongs to its process
/// and dies with it; the device log names which one wrote.
extension Phone {
    /// Runs `body` as code of `process` (the app's launch, or an extension process below zero) if
    /// it still runs: what it queues belongs to that process.
    func runInProcess(_ process: Int, _ body: () -> Void) {
        if isRunning(process: process) { inProcess(process, body) }
    }

    /// Whether `process` (an app launch, or an extension process below zero) still runs.
    func isRunning(process: Int) -> Bool {
        process < 0
            ? notifications.extensions[process]?.finished == false || isCallDirectoryLoad(process) : process == app.launch && app.isRunning
    }

    /// Runs `body` as code of `process`, which runs.
    func inProcess(_ process: Int, _ body: () -> Void) {
        let saved = app.runningExtension
        app.setRunningExtension(process < 0 ? process : nil)
        body()
        app.setRunningExtension(saved)
    }

    /// The process whose code runs: an extension's, else the app's launch.
    var currentProcess: Int { app.runningExtension ?? app.launch }

    /// Who runs code of `process`.
    func role(of process: Int?) -> ProcessRole {
        guard let process else { return .system }
        return process < 0 ? .appExtension : .app
    }

    // MARK: - The device log

    /// `NSLog`: an `app.log` event naming who wrote it.
    func log(_ message: String) {
        emit(.notification(.log(by: app.runningExtension == nil ? .app : .appExtension, message: message)))
    }

    /// Lines the app wrote to standard error (Foundation's `NSLog` among them), as its log: one
    /// turn for all of them.
    public func appWrote(_ lines: [String], at instant: Instant) -> [Effect] {
        runInApp(at: instant) { lines.forEach(log) }
    }
}
