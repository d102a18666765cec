import SoftphoneCore

/// The one way a request acts on the phone, whichever way it came: the control socket, headless
/// stdin, the full screen's `/` line, the APNs endpoint, or a scenario on either clock. APNs' and
/// iOS's checks of a push come first (what never reaches the phone), then the request's commands,
/// then the reply, so every path refuses, and answers, alike.
public enum PhoneRequest {
    /// Why a push never reaches the phone, in words naming APNs' reason; nil when it may go on.
    private static func refusal(of push: PushRequest, by phone: Phone) -> String? {
        // APNs refuses a push whose topic is not the app's before it ever reaches the phone.
        do { try ControlRequest.checkTopic(push, bundleIdentifier: phone.configuration.app.bundleIdentifier) } catch {
            return error.message
        }
        // An app without the voip background mode never gets a VoIP token: no server can send it one.
        let app = phone.configuration.app
        if push.kind == .voip && !app.backgroundModes.contains("voip") {
            return "the \(app.id) app takes no VoIP pushes: it has no voip background mode and no VoIP push token, and its calls come as alert pushes; send this one as an alert push (--type alert, or an aps that alerts)"
        }
        return nil
    }

    /// Runs `request`, one that acts on the phone (`call`, `push`, `cancel`, `hangup`, `key`,
    /// `lock`, `unlock`, `app`), on `phone` at `now()`; each command's effects go to `perform` as
    /// they come, in one go, so the sounds a command starts start on one frame. Returns the
    /// reply's fields: `ok`, then `error` (a refusal; for `key`, `ignored`), or for a call or a
    /// push what came of it. With `eventsStart` the reply also carries the request's events, timed
    /// from it (`softphone push --json`).
    public static func run(
        _ request: ControlRequest, on phone: Phone, at now: () -> Instant, eventsStart: Instant? = nil, perform: ([Effect]) -> Void
    ) -> [(String, JSON)] {
        if case .push(let push) = request, let refusal = refusal(of: push, by: phone) {
            return [("ok", .bool(false)), ("error", .string(refusal))]
        }
        var refusals: [String] = []
        var outcome = RequestOutcome()  // what the request set off
        let callsBefore = phone.callCount
        let heldBefore = phone.apnsHeld
        for command in request.commands {
            let effects = phone.handle(command, at: now())
            for effect in effects {
                switch effect {
                case .refused(let why): refusals.append(why.description)
                case .event(let event): outcome.note(event)
                default: break
                }
            }
            perform(effects)
        }
        if case .key = request {
            return [("ok", .bool(true))] + (refusals.isEmpty ? [] : [("ignored", .string(refusals.joined(separator: "; ")))])
        }
        if let refusal = refusals.first { return [("ok", .bool(false)), ("error", .string(refusal))] }
        var reply: [(String, JSON)] = [("ok", .bool(true))]
        if phone.apnsHeld > heldBefore, phone.network != .offline { outcome.inFlight = phone.networkLatency }
        switch request {
        case .call, .push:
            // What came of it, in words and as the events themselves (`softphone push --json`).
            reply += [("outcome", .string(outcome.summary)), ("rang", .bool(outcome.rang))]
            if let eventsStart {
                let t = now() - eventsStart
                reply.append(("events", .array(outcome.events.map { EventStream.json($0, t: t) })))
            }
            if phone.callCount > callsBefore {
                reply.append(("call", .number(Double(phone.callCount))))
                // Reported and ended in the same breath (an app that fails a push it cannot use).
                if let reason = outcome.endReason(ofCall: phone.callCount) { reply.append(("ended", .string(reason.rawValue))) }
            }
        default: break
        }
        // APNs took the push, but iOS did not deliver it (expired, VoIP delivery stopped): say why.
        if case .push = request, let dropped = outcome.dropped { reply += [("delivered", .bool(false)), ("reason", .string(dropped))] }
        return reply
    }
}
