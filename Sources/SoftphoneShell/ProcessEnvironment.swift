import SoftphoneControl

/// The process's environment, read once: the socket's and data folder's defaults, `TERM`, `TMPDIR`.
let environment = SocketPath.processEnvironment()
