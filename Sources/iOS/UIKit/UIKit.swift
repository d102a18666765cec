// `import UIKit` in app code written for iOS: Foundation, and the simulated iPhone's frameworks
// (SoftphoneiOS holds them all; each of Apple's framework names brings in the lot).
@_exported import Foundation
@_exported import SoftphoneiOS
