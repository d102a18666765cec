import Glibc
import SoftphoneControl
import SoftphoneCore

// The client side of the command line: requests to a running phone over its control socket,
// its event stream, and `wait`.

/// The socket a client connects to; the default one's folder is checked first, so a client never
/// hands its requests to a socket another user put there.
func clientSocket(_ socket: String?) throws(ControlError) -> String {
    if let folder = SocketPath.defaultFolder(explicit: socket, environment: environment) {
        try PrivateFolder.checkIfPresent(folder, what: "runtime folder", remedy: SocketPath.folderRemedy)
    }
    return SocketPath.resolve(explicit: socket, environment: environment)
}

/// A request to the running phone, its reply printed. Exit 0 when done (for `push` and `call`:
/// when a call rang), 1 when refused, 3 when a push or call was taken but no call rang, or a key
/// did nothing (`ReplyText.exitStatus`).
func runClient(_ request: ControlRequest, socket: String?, json: Bool) -> Int32 {
    do {
        let path = try clientSocket(socket)
        var body = request.json
        if json, case .object(let members) = body { body = .object(members + [("events", .bool(true))]) }  // the events it sets off too
        let answer = try ControlClient.send(body, to: path)
        let reply = ReplyText(answer, for: request)
        if json { Console.out(answer.text) }
        guard reply.ok else {
            if !json { Console.error("\(ProgramName.current): \(reply.lines.joined())") }
            return 1
        }
        if let note = reply.note { Console.error("\(ProgramName.current): \(note)") }
        if !json { for line in reply.lines { Console.out(line) } }
        return reply.exitStatus
    } catch {
        Console.error("\(ProgramName.current): \(error.message)")
        return 1
    }
}

/// `softphone events [--follow] [--new]`: the history (unless `--new`), then (following) each new
/// event, one JSON line each.
func runEvents(follow: Bool, fromNow: Bool, socket: String?) -> Int32 {
    do {
        let path = try clientSocket(socket)
        var refused: String?
        _ = try ControlClient.stream(ControlRequest.events(follow: follow, fromNow: fromNow).json, to: path, timeoutSeconds: nil) { reply, line in
            guard reply["ok"]?.boolValue == true else {
                refused = reply["error"]?.stringValue ?? reply.text
                return false
            }
            if let line { Console.out(line) }
            return true
        }
        if let refused {
            Console.error("\(ProgramName.current): \(refused)")
            return 1
        }
        return 0
    } catch {
        Console.error("\(ProgramName.current): \(error.message)")
        return 1
    }
}

/// `softphone wait`: exit 0 with the event's line once an event named `event` with every
/// condition has happened (history included, so a script never misses one that came first;
/// with `fromNow` only what happens after the wait starts, with `afterCall` only what comes after
/// that call's `call.ended`, whenever it ends), 97 when none does within the timeout,
/// 1 when the phone quits first. A phone that is still starting is waited for too, so
/// `softphone wait phone.ready` right after starting one works.
func runWait(event: String, conditions: [Condition], timeout: Double, fromNow: Bool, afterCall: Int?, socket: String?) -> Int32 {
    let path: String
    do { path = try clientSocket(socket) } catch {
        Console.error("\(ProgramName.current): \(error.message)")
        return 1
    }
    let deadline = ControlClient.monotonicSeconds() + timeout
    while !ControlClient.phoneAnswers(on: path) && ControlClient.monotonicSeconds() < deadline {
        var step = timespec(tv_sec: 0, tv_nsec: 20_000_000)
        nanosleep(&step, nil)
    }
    let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
    guard ControlClient.phoneAnswers(on: path) else {
        Console.error("\(ProgramName.current) wait: no phone answered on \(path) within \(seconds) s")
        return 97
    }
    let left = max(0.001, deadline - ControlClient.monotonicSeconds())
    let wanted = conditions.map { (field: $0.field, value: $0.value) }
    let description = ([event] + conditions.map { "\($0.field)=\($0.value)" }).joined(separator: " ")
    do {
        // A field of the app's own is checked against what the app has sent in this run, the
        // whole history (even with --new or --after-call), then each request that comes.
        var check = AppFieldCheck(event: event, conditions: wanted)
        if check != nil {
            _ = try ControlClient.stream(ControlRequest.events(follow: false, fromNow: false).json, to: path, timeoutSeconds: left) { _, line in
                if let line, let json = try? JSON.parse(line) { check?.add(json) }
                return true
            }
        }
        var mistake = check?.mistake
        var seen: String?
        // The events come in the order they happened: skip them up to the end of `afterCall`.
        var before = afterCall.map { [(field: "call", value: String($0))] }
        let end = mistake != nil ? .stopped : try ControlClient.stream(ControlRequest.events(follow: true, fromNow: fromNow).json, to: path, timeoutSeconds: left) { _, line in
            guard let line else { return true }
            if check != nil, let json = try? JSON.parse(line) {
                check?.add(json)
                mistake = check?.mistake
                if mistake != nil { return false }
            }
            if let ending = before {
                if EventStream.matches(line, name: "call.ended", conditions: ending) { before = nil }
                return true
            }
            if EventStream.matches(line, name: event, conditions: wanted) { seen = line }
            return seen == nil
        }
        if let mistake {
            Console.error("\(ProgramName.current) wait: \(mistake)")
            return 2
        }
        switch end {
        case .stopped:
            Console.out(seen ?? "")
            return 0
        case .timedOut:
            Console.error("\(ProgramName.current) wait: no \(description) within \(seconds) s")
            return 97
        case .closed:
            Console.error("\(ProgramName.current) wait: the phone quit before \(description)")
            return 1
        }
    } catch {
        Console.error("\(ProgramName.current): \(error.message)")
        return 1
    }
}
