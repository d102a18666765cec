import SoftphoneCore

/// Plain mode's lines for the notification system, e.g.
/// `NOTIFICATION id=1 source=remote shown=yes title="Alice Zoë" body="…" sound=none extension=content-handler`.
extension PlainLog {
    static func line(for event: NotificationEvent) -> String {
        switch event {
        case .delivered(let delivery):
            var items = [
                ("id", String(delivery.id)), ("source", delivery.source.rawValue), ("shown", delivery.shown ? "yes" : "no"),
                ("title", delivery.title), ("body", delivery.body), ("sound", delivery.sound ?? "none"),
            ]
            if !delivery.subtitle.isEmpty { items.insert(("subtitle", delivery.subtitle), at: 4) }
            if let outcome = delivery.extensionOutcome { items.append(("extension", outcome.rawValue)) }
            if let reason = delivery.reason { items.append(("reason", reason)) }
            // Only what differs from an ordinary notification, so the common line stays as it was.
            if delivery.interruptionLevel != .active { items.append(("interruption_level", delivery.interruptionLevel.rawValue)) }
            if case .silenced(let by)? = delivery.soundOutcome { items += [("sound_outcome", "silenced"), ("silenced_by", by)] }
            return "NOTIFICATION " + pairs(items)
        case .opened(let id, let title):
            return "OPENED " + pairs([("id", String(id)), ("title", title)])
        case .extensionStarted(let notification):
            return "EXTENSION " + pairs([("notification", String(notification)), ("state", "started")])
        case .extensionExpired(let notification):
            return "EXTENSION " + pairs([("notification", String(notification)), ("state", "expired")])
        case .extensionFinished(let notification, let outcome):
            return "EXTENSION " + pairs([("notification", String(notification)), ("state", "finished"), ("outcome", outcome.rawValue)])
        case .soundPlayed(let sound, let by):
            return "SOUND " + pairs([("sound", sound), ("state", "playing"), ("by", by.rawValue)])
        case .soundStopped(let sound, let why):
            return "SOUND " + pairs([("sound", sound), ("state", "stopped"), ("why", why)])
        case .vibrated(let milliseconds, let by):
            return "VIBRATE " + pairs([("ms", String(milliseconds)), ("by", by.rawValue)])
        case .log(let by, let message):
            return "LOG " + pairs([("by", by.rawValue)]) + " " + quote(message, always: true)
        }
    }
}
