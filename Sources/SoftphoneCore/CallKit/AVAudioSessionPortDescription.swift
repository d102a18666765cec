/// One port of a route, as `AVAudioSessionPortDescription`.
public final class AVAudioSessionPortDescription: Sendable {
    public let portType: AVAudioSession.Port
    public let portName: String
    public let uid: String
    /// The port's channels: two for an output, as the phone plays stereo, one for a microphone.
    public let channels: [AVAudioSessionChannelDescription]?
    /// The port's data sources (a microphone's front, back and bottom): none on the phone's ports.
    public var dataSources: [AVAudioSessionDataSourceDescription]? { nil }
    public var selectedDataSource: AVAudioSessionDataSourceDescription? { nil }
    public var preferredDataSource: AVAudioSessionDataSourceDescription? { nil }
    /// Whether the port does the call's echo cancellation itself (a car kit's): the phone's do not.
    public var hasHardwareVoiceCallProcessing: Bool { false }

    /// Prefers one of the port's data sources, or none (nil, which is accepted). The phone's
    /// ports have no data sources, so any other is not the port's: `badParam`, as iOS answers.
    public func setPreferredDataSource(_ dataSource: AVAudioSessionDataSourceDescription?) throws {
        guard dataSource == nil else { throw AVAudioSession.SessionError(.badParam, "\(portName) has no data source \(dataSource!.dataSourceName)") }
    }

    init(portType: AVAudioSession.Port, portName: String, channelCount: Int) {
        self.portType = portType
        self.portName = portName
        uid = portType.rawValue
        let labels: [UInt32] = channelCount == 1 ? [AVAudioSessionChannelDescription.mono] : [AVAudioSessionChannelDescription.left, AVAudioSessionChannelDescription.right]
        channels = labels.enumerated().map { index, label in
            AVAudioSessionChannelDescription(channelName: "\(portName) \(index + 1)", owningPortUID: portType.rawValue, channelNumber: index + 1, channelLabel: label)
        }
    }

    /// An output port of the phone.
    static func output(_ port: AVAudioSession.Port, name: String) -> AVAudioSessionPortDescription {
        AVAudioSessionPortDescription(portType: port, portName: name, channelCount: AVAudioSession.outputChannels)
    }

    /// A microphone of the phone or of an accessory.
    static func input(_ port: AVAudioSession.Port, name: String) -> AVAudioSessionPortDescription {
        AVAudioSessionPortDescription(portType: port, portName: name, channelCount: AVAudioSession.inputChannels)
    }
}

/// One channel of a port, as `AVAudioSessionChannelDescription`.
public final class AVAudioSessionChannelDescription: Sendable {
    public let channelName: String
    public let owningPortUID: String
    /// Counted from 1 within the port.
    public let channelNumber: Int
    /// Core Audio's `AudioChannelLabel`.
    public let channelLabel: UInt32

    // Core Audio's kAudioChannelLabel_Left, _Right and _Mono.
    static let left: UInt32 = 1
    static let right: UInt32 = 2
    static let mono: UInt32 = 42

    init(channelName: String, owningPortUID: String, channelNumber: Int, channelLabel: UInt32) {
        self.channelName = channelName
        self.owningPortUID = owningPortUID
        self.channelNumber = channelNumber
        self.channelLabel = channelLabel
    }
}

/// A data source of a port (one of a microphone's capsules), as
/// `AVAudioSessionDataSourceDescription`: the type a port's `dataSources` hold, though the
/// phone's ports have none.
public final class AVAudioSessionDataSourceDescription {
    public let dataSourceID: NSNumber
    public let dataSourceName: String
    /// Where on the device it is, which way it faces, and the polar patterns it offers: the
    /// phone has none of its own to describe.
    public var location: AVAudioSession.Location? { nil }
    public var orientation: AVAudioSession.Orientation? { nil }
    public var supportedPolarPatterns: [AVAudioSession.PolarPattern]? { nil }
    public var selectedPolarPattern: AVAudioSession.PolarPattern? { nil }
    public var preferredPolarPattern: AVAudioSession.PolarPattern? { nil }

    /// Prefers one of `supportedPolarPatterns`, or none (nil); any other: `badParam`.
    public func setPreferredPolarPattern(_ pattern: AVAudioSession.PolarPattern?) throws {
        guard let pattern else { return }
        throw AVAudioSession.SessionError(.badParam, "\(dataSourceName) does not offer the polar pattern \(pattern.rawValue)")
    }

    init(dataSourceID: NSNumber, dataSourceName: String) {
        self.dataSourceID = dataSourceID
        self.dataSourceName = dataSourceName
    }
}

/// The ports audio goes in and out of, as `AVAudioSessionRouteDescription`.
public final class AVAudioSessionRouteDescription: Sendable {
    public let inputs: [AVAudioSessionPortDescription]
    public let outputs: [AVAudioSessionPortDescription]

    /// The route of `route`: its one output, and the microphone that goes with it (the
    /// accessory's own, else the phone's).
    init(_ route: AudioRoute) {
        outputs = [.output(route.port, name: route.portName)]
        inputs = [route.microphone]
    }
}

extension AVAudioSession {
    /// Where a data source is on the device, as `AVAudioSession.Location`.
    public struct Location: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let lower = Location(rawValue: "Lower")
        public static let upper = Location(rawValue: "Upper")
    }

    /// Which way a data source faces, as `AVAudioSession.Orientation`.
    public struct Orientation: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let top = Orientation(rawValue: "Top")
        public static let bottom = Orientation(rawValue: "Bottom")
        public static let front = Orientation(rawValue: "Front")
        public static let back = Orientation(rawValue: "Back")
        public static let left = Orientation(rawValue: "Left")
        public static let right = Orientation(rawValue: "Right")
    }

    /// A microphone's directivity, as `AVAudioSession.PolarPattern`.
    public struct PolarPattern: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let omnidirectional = PolarPattern(rawValue: "Omnidirectional")
        public static let cardioid = PolarPattern(rawValue: "Cardioid")
        public static let subcardioid = PolarPattern(rawValue: "Subcardioid")
        public static let stereo = PolarPattern(rawValue: "Stereo")
    }
}
