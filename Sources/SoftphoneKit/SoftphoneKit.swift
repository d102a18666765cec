// SoftphoneKit: what app code imports. It is the simulated iPhone's public API — CallKit
// (`CXProvider`, `CXCallController`, …), PushKit (`PKPushRegistry`, …), the UIKit, Foundation and
// Security pieces an app needs — all defined in SoftphoneCore and re-exported here, so an app
// writes `import SoftphoneKit` as an iOS app writes `import CallKit` and `import PushKit`.
@_exported import SoftphoneCore
