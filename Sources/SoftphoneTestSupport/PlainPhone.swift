import SoftphoneCore

/// The real binary started in plain mode (`PhoneProcess`) with its own socket and data folder,
/// and its remote side: the end-to-end tests' usual phone.
public struct PlainPhone {
    /// The phone's own folder: the socket is `control.sock` in it, the data folder `data`.
    public let folder = temporaryFolder()
    public var socket: String { folder + "/control.sock" }
    public let process: PhoneProcess

    /// Starts the phone with `extra` arguments (no audio unless they say otherwise); `environment`
    /// adds to this process's.
    public init(_ extra: [String] = ["--no-audio"], environment: [String: String] = [:]) throws {
        let folder = self.folder
        process = try PhoneProcess(["--socket", folder + "/control.sock", "--data-dir", folder + "/data"] + extra, environment: environment)
    }

    /// Runs a remote-side command against this phone.
    public func remote(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try PhoneProcess.run(arguments + ["--socket", socket])
    }

    /// What `softphone state` prints, parsed.
    public func state() throws -> JSON {
        try JSON.parse(remote(["state"]).out)
    }
}
