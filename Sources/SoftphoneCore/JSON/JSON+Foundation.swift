extension JSON {
    /// The value as Foundation's JSONSerialization would give it.
    var foundationValue: Any {
        switch self {
        case .null: return Optional<Any>.none as Any
        case .bool(let b): return b
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? Int(n) as Any : n as Any
        case .string(let s): return s
        case .array(let items): return items.map(\.foundationValue)
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for (key, value) in members { dictionary[key] = value.foundationValue }
            return dictionary
        }
    }
}

extension JSON {
    /// A Foundation value as JSON, as JSONSerialization would write it; nil for anything JSON
    /// cannot hold (a `Date`, an object of the app's own), so a payload handed back to the system
    /// is checked as APNs would check it.
    init?(foundationValue value: Any) {
        switch value {
        case let b as Bool: self = .bool(b)
        case let i as Int: self = .number(Double(i))
        case let d as Double: self = .number(d)
        case let s as String: self = .string(s)
        case let items as [Any]:
            var array: [JSON] = []
            for item in items {
                guard let json = JSON(foundationValue: item) else { return nil }
                array.append(json)
            }
            self = .array(array)
        case let dictionary as [AnyHashable: Any]:
            var members: [(String, JSON)] = []
            for (key, item) in dictionary {
                guard let key = key.base as? String, let json = JSON(foundationValue: item) else { return nil }
                members.append((key, json))
            }
            self = .object(members.sorted { $0.0 < $1.0 })
        default:
            // JSON's null, as `foundationValue` gives it: an empty optional inside the `Any`.
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional, mirror.children.isEmpty else { return nil }
            self = .null
        }
    }
}
