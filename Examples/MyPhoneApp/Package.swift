// swift-tools-version: 6.2
// An app of your own in the terminal phone: iOS call code (Sources/MyPhoneApp, as it is in an
// iOS app) and a five-line main.swift that runs Softphone's shell with it (Sources/my-phone).
import Foundation
import PackageDescription

// Softphone: the repository this example is in, two folders up. SwiftPM names a path dependency
// after its folder, which is whatever the clone is called; in your own package write
// `.package(path: "../softphone")` and `package: "softphone"`.
let softphoneFolder = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let softphone = softphoneFolder.lastPathComponent

let package = Package(
    name: "MyPhoneApp",
    // The Foundation trait: Apple's names take Foundation's UUID, Data, Date and NSObject, as in iOS.
    dependencies: [.package(path: softphoneFolder.path, traits: ["Foundation"])],
    targets: [
        // The app's call code, unchanged from iOS: it imports Apple's framework names.
        .target(
            name: "MyPhoneApp",
            dependencies: [.product(name: "iOSFrameworks", package: softphone)],
            // iOS apps' code is built in Swift 5 mode (see docs/writing-an-app.md).
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // The terminal phone, running the app above.
        .executableTarget(
            name: "my-phone",
            dependencies: ["MyPhoneApp", .product(name: "SoftphoneShell", package: softphone), .product(name: "iOSFrameworks", package: softphone)]),
        .testTarget(
            name: "MyPhoneAppTests",
            dependencies: ["MyPhoneApp", .product(name: "SoftphoneShell", package: softphone)]),
    ]
)
