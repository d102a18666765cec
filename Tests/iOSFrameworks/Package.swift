// swift-tools-version: 6.2
// The frameworks app code written for iOS imports (`import CallKit`, `PushKit`, `UIKit`, …), tested
// as an app's package uses them: Softphone built with its Foundation trait, so Apple's names take
// Foundation's UUID, Data, Date and NSObject. A package of its own because the trait is chosen
// per build: Softphone's own tests run on the build without it, as the built-in phone does.
import Foundation
import PackageDescription

// Softphone: the repository, two folders up (SwiftPM names a path dependency after its folder).
let softphoneFolder = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let softphone = softphoneFolder.lastPathComponent

let package = Package(
    name: "iOSFrameworks",
    dependencies: [.package(path: softphoneFolder.path, traits: ["Foundation"])],
    targets: [
        // Call code (AppCode/) compiled with its own imports, and run in the phone. Swift 5 mode,
        // as iOS apps' code is mostly built: it captures its delegates in Dispatch's @Sendable
        // closures, which Swift 6 refuses outside the main actor.
        .testTarget(
            name: "iOSFrameworksTests",
            dependencies: [.product(name: "iOSFrameworks", package: softphone), .product(name: "SoftphoneApps", package: softphone),
                           .product(name: "SoftphoneTestSupport", package: softphone)],
            // A storyboard, as Interface Builder writes one, and an icon, among the test bundle's
            // resources.
            resources: [.copy("Resources/Calls.storyboard"), .copy("Resources/CallIcon@2x.png")],
            swiftSettings: [.swiftLanguageMode(.v5), .treatAllWarnings(as: .error)]),
    ]
)
