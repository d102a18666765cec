/// The device's connection, which APNs delivers over: Wi-Fi, cellular data, or none. APNs takes
/// a push for an offline device and stores it (iOS rule 17); `softphone network` sets it.
public enum NetworkState: String, Equatable, Hashable, Sendable, CaseIterable {
    case wifi
    case cellular
    case offline
}

/// Low Power Mode: APNs may hold back priority 5 and 1 pushes while it is on (iOS rule 17);
/// `softphone power` sets it.
public enum PowerMode: String, Equatable, Hashable, Sendable, CaseIterable {
    case normal
    case low
}
