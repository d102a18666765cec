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
