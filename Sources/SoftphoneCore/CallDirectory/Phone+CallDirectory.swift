/// The app's Call Directory extension (iOS rule 50): off until the person enables it in Settings
/// › Apps › Phone › Call Blocking & Identification (Settings › Phone › … before iOS 18); each load
/// runs the provider in a process of its own on a fresh context, and a completed load's entries
/// block or label cellular calls. A load the system ends first (too long, or killed) keeps nothing.
extension Phone {
    /// Whether the person enabled the app's Call Directory extension.
    public var callDirectoryEnabled: Bool { callDirectory.isEnabled }
    /// How many numbers the extension's last completed load blocks, and identifies.
    public var callDirectoryEntries: (blocked: Int, identified: Int) {
        (callDirectory.entries.blocked.count, callDirectory.entries.labels.count)
    }

    /// Whether `identifier` names the app's extension: its bundle identifier and one more part,
    /// as Xcode names an extension target's (`com.example.voip.CallDirectoryHandler`).
    func isCallDirectory(_ identifier: String) -> Bool {
        guard configuration.app.callDirectoryExtension != nil, app.state != .notInstalled else { return false }
        let prefix = configuration.app.bundleIdentifier + "."
        guard identifier.hasPrefix(prefix) else { return false }
        let name = identifier.dropFirst(prefix.count)
        return !name.isEmpty && !name.contains(".")
    }

    /// The identifier the phone names the extension by when the app has not: Xcode's template's.
    var defaultCallDirectoryIdentifier: String { configuration.app.bundleIdentifier + ".CallDirectoryHandler" }

    /// The person turns the extension on or off in Settings. Turned on, the system loads it; turned
    /// off, its entries no longer apply and the next load is a complete one.
    func setCallDirectory(enabled: Bool) {
        guard let make = configuration.app.callDirectoryExtension else { return refuse(.noCallDirectory(app: configuration.app.id)) }
        guard app.state != .notInstalled else { return refuse(.appNotInstalled) }
        guard enabled != callDirectory.isEnabled else { return }
        callDirectory.isEnabled = enabled
        emit(.callDirectory(.setting(enabled: enabled)))
        if enabled {
            if callDirectory.load == nil { startCallDirectoryLoad(make, identifier: defaultCallDirectoryIdentifier) }
        } else {
            callDirectory.entries = CallDirectoryEntries()
            callDirectory.hasLoaded = false
        }
    }

    /// `CXCallDirectoryManager.reloadExtension`: the completion, on the caller's queue, gets the
    /// load's outcome, or at once why there is none.
    func reloadCallDirectory(_ identifier: String, completion: @escaping ((any Error)?) -> Void) {
        let refusal: CXErrorCodeCallDirectoryManagerError.Code? =
            if !isCallDirectory(identifier) { .noExtensionFound }
            else if !callDirectory.isEnabled { .extensionDisabled }
            else if callDirectory.load != nil { .currentlyLoading }
            else { nil }
        guard refusal == nil, let make = configuration.app.callDirectoryExtension else {
            let code = refusal ?? .noExtensionFound
            emit(.callDirectory(.failed(identifier: identifier, error: code)))
            return schedule(.completion(completion, CXErrorCodeCallDirectoryManagerError(code)))
        }
        startCallDirectoryLoad(make, identifier: identifier).replies.append((currentProcess, completion))
    }

    /// `CXCallDirectoryManager.getEnabledStatusForExtension`, answered on the caller's queue.
    func callDirectoryStatus(_ identifier: String, completion: @escaping (CXCallDirectoryManager.EnabledStatus, (any Error)?) -> Void) {
        guard isCallDirectory(identifier) else {
            return schedule(.completion({ error in completion(.unknown, error) }, CXErrorCodeCallDirectoryManagerError(.noExtensionFound)))
        }
        let status: CXCallDirectoryManager.EnabledStatus = callDirectory.isEnabled ? .enabled : .disabled
        schedule(.completion({ error in completion(status, error) }, nil))
    }

    /// Starts a load in a new process: the provider is made there and handed a fresh context.
    @discardableResult
    private func startCallDirectoryLoad(_ make: @escaping @Sendable () -> CXCallDirectoryProvider, identifier: String) -> CallDirectoryLoad {
        // Numbered with the notification extensions' processes: one sequence below zero.
        notifications.extensionCount += 1
        let load = CallDirectoryLoad(process: -notifications.extensionCount, identifier: identifier, offersIncremental: callDirectory.hasLoaded)
        callDirectory.load = load
        let link = self.link
        load.timeout = runLoop.scheduleSystem(at: now + configuration.rules.callDirectoryLoadTimeout) { [unowned self] in
            let limit = configuration.rules.callDirectoryLoadTimeout.wholeSeconds
            interrupt(load, rule: "the Call Directory load did not call completeRequest within \(limit) s, so the system ended it: loadingInterrupted (2), nothing of it was kept, and the reloads waiting for it failed; end every beginRequest with completeRequest (rule 50; the \(limit) s are Softphone's limit, Rules.callDirectoryLoadTimeout: Apple publishes none)")
        }
        inProcess(load.process) {
            runLoop.schedule(at: nil) {
                let provider = make()
                load.provider = provider
                provider.beginRequest(with: CXCallDirectoryExtensionContext(load: load, link: link))
            }
        }
        return load
    }

    /// The extension completed its request: the entries are kept, or after a mistake nothing is
    /// and the delegate hears why. Either way the process ends and those who asked are answered.
    func completeCallDirectoryLoad(_ load: CallDirectoryLoad, context: CXCallDirectoryExtensionContext, completion: ((Bool) -> Void)?) {
        guard !load.finished, callDirectory.load === load else { return }
        if let timeout = load.timeout { runLoop.cancel(timeout) }
        load.timeout = nil
        let error = load.mistake.map(CXErrorCodeCallDirectoryManagerError.init)
        if let error {
            emit(.callDirectory(.failed(identifier: load.identifier, error: error.code)))
            violation(50, "the Call Directory load failed with \(error.code) (\(error.errorCode)): \(Self.explanation(of: error.code)); nothing of it was kept")
            if let delegate = context.delegate {
                runLoop.schedule(at: nil) { delegate.requestFailed(for: context, withError: error) }
            }
        } else {
            callDirectory.entries = load.applied(to: callDirectory.entries)
            callDirectory.hasLoaded = true
            callDirectory.identifier = load.identifier
            emit(.callDirectory(.loaded(
                identifier: load.identifier, blocked: callDirectory.entries.blocked.count, identified: callDirectory.entries.labels.count,
                incremental: load.isIncremental)))
            if let completion { runLoop.schedule(at: nil) { completion(false) } }
        }
        // The process ends once what it was just handed has run.
        runLoop.scheduleSystem(at: now) { [unowned self] in endCallDirectoryLoad(load, answering: error) }
    }

    /// `softphone fault call-directory crash`: the system ends the load's process, as it ends an
    /// extension past its memory budget in the field.
    func crashCallDirectoryLoad() {
        guard let load = callDirectory.load, !load.finished else { return refuse(.noCallDirectoryLoad) }
        interrupt(load, rule: nil)
    }

    /// The system ends a load before it completed: nothing of it is kept, and each reload waiting
    /// for it gets `loadingInterrupted`. Its delegate lived in the process that ended: it hears
    /// nothing. `rule`: what the extension did wrong, when it did (a crash is the system's doing).
    private func interrupt(_ load: CallDirectoryLoad, rule message: String?) {
        guard !load.finished, callDirectory.load === load else { return }
        emit(.callDirectory(.failed(identifier: load.identifier, error: .loadingInterrupted)))
        if let message { violation(50, message) }
        endCallDirectoryLoad(load, answering: CXErrorCodeCallDirectoryManagerError(.loadingInterrupted))
    }

    /// Ends the load's process and answers each who asked for it, on their own queue.
    private func endCallDirectoryLoad(_ load: CallDirectoryLoad, answering error: (any Error)?) {
        load.finished = true
        if let timeout = load.timeout { runLoop.cancel(timeout) }
        load.timeout = nil
        runLoop.dropJobs(ofLaunch: load.process)
        if callDirectory.load === load { callDirectory.load = nil }
        for reply in load.replies { runLoop.schedule(.completion(reply.completion, error), now: now, process: reply.launch) }
    }

    /// The app was deleted: its extension goes with it, its entries and its setting too.
    func removeCallDirectoryOfDeletedApp() {
        if let load = callDirectory.load { endCallDirectoryLoad(load, answering: CXErrorCodeCallDirectoryManagerError(.loadingInterrupted)) }
        if callDirectory.isEnabled { emit(.callDirectory(.setting(enabled: false))) }
        callDirectory = CallDirectoryState()
    }

    /// Whether `process` is a Call Directory load that still runs.
    func isCallDirectoryLoad(_ process: Int) -> Bool { callDirectory.load?.process == process && callDirectory.load?.finished == false }

    /// What the directory does with a cellular call from `from`: whether it blocks it, else the
    /// label to show, if any; each said in an event.
    func screenCellular(from: String) -> (blocked: Bool, label: String?) {
        guard callDirectory.isEnabled, let number = Self.directoryNumber(from) else { return (false, nil) }
        let by = callDirectory.identifier ?? defaultCallDirectoryIdentifier
        if callDirectory.entries.blocked.contains(number) {
            emit(.callDirectory(.blocked(from: from, by: by)))
            return (true, nil)
        }
        guard let label = callDirectory.entries.labels[number] else { return (false, nil) }
        emit(.callDirectory(.identified(from: from, label: label, by: by)))
        return (false, "\(configuration.app.displayName) Caller ID: \(label)")
    }

    /// A caller's number as a directory number: its digits, the country code first (`+1 555 0100`
    /// is 15550100); nil without digits or past Int64.
    static func directoryNumber(_ text: String) -> CXCallDirectoryPhoneNumber? {
        let digits = text.filter(\.isASCII).filter(\.isNumber)
        return digits.isEmpty ? nil : CXCallDirectoryPhoneNumber(digits)
    }

    /// Why a load with `code` failed, in words, for the RULE line.
    static func explanation(of code: CXErrorCodeCallDirectoryManagerError.Code) -> String {
        switch code {
        case .entriesOutOfOrder: "entries of each kind must be added in ascending order of phone number"
        case .duplicateEntries: "a phone number was added twice"
        case .unexpectedIncrementalRemoval: "entries may be removed only in an incremental load (isIncremental read, and true, before any change)"
        default: "iOS refused the load"
        }
    }
}
