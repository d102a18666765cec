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
