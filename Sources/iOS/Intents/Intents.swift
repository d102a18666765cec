// `import Intents` in app code: the simulated iPhone's frameworks (SoftphoneCore holds them all; each
// of Apple's framework names brings in the lot), and Foundation with them when the package is
// built with the Foundation trait.
@_exported public import SoftphoneCore
