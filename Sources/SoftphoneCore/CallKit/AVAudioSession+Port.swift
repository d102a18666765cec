extension AVAudioSession {
    /// An audio port's type, as `AVAudioSession.Port`, with iOS's raw values.
    public struct Port: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // Inputs.
        public static let builtInMic = Port(rawValue: "MicrophoneBuiltIn")
        public static let continuityMicrophone = Port(rawValue: "ContinuityMicrophone")
        public static let headsetMic = Port(rawValue: "MicrophoneWired")
        public static let lineIn = Port(rawValue: "LineIn")
        // Outputs.
        public static let airPlay = Port(rawValue: "AirPlay")
        public static let bluetoothA2DP = Port(rawValue: "BluetoothA2DPOutput")
        public static let bluetoothLE = Port(rawValue: "BluetoothLE")
        public static let builtInReceiver = Port(rawValue: "Receiver")
        public static let builtInSpeaker = Port(rawValue: "Speaker")
        public static let HDMI = Port(rawValue: "HDMIOutput")
        public static let headphones = Port(rawValue: "Headphones")
        public static let lineOut = Port(rawValue: "LineOut")
        // Inputs and outputs.
        public static let AVB = Port(rawValue: "AVB")
        public static let bluetoothHFP = Port(rawValue: "BluetoothHFP")
        public static let carAudio = Port(rawValue: "CarAudio")
        public static let displayPort = Port(rawValue: "DisplayPort")
        public static let fireWire = Port(rawValue: "FireWire")
        public static let PCI = Port(rawValue: "PCI")
        public static let thunderbolt = Port(rawValue: "Thunderbolt")
        public static let usbAudio = Port(rawValue: "USBAudio")
        public static let virtual = Port(rawValue: "Virtual")
    }

    /// A temporary route for the output, as `overrideOutputAudioPort(_:)` takes it.
    public enum PortOverride: UInt, Sendable {
        case none = 0
        /// The loudspeaker ('spkr').
        case speaker = 0x7370_6B72
    }
}
