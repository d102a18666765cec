// swift-tools-version: 6.2
// iOS apps in the styles published CallKit code is written in, each an executable target of its
// own files and nothing else: no main.swift, the app delegate is the entry point (`@main`, or
// `@UIApplicationMain` in the older app), as in an Xcode project. `make test` builds each and
// rings it through its own binary (ring.sh).
import Foundation
import PackageDescription

// Softphone: the repository, two folders up (SwiftPM names a path dependency after its folder).
let softphoneFolder = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let softphone = softphoneFolder.lastPathComponent

/// An app's target as docs/writing-an-app.md gives it: the app's files, Apple's frameworks, the
/// terminal phone, Swift 5 mode as iOS apps' code is mostly built, and Combine in every file, as
/// Apple's Foundation brings it (`import Foundation` alone gives ObservableObject and @Published).
func app(_ name: String, resources: [Resource]? = nil) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "iOSFrameworks", package: softphone), .product(name: "SoftphoneShell", package: softphone)],
        path: name,
        resources: resources,
        swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "Combine"])])
}

let package = Package(
    name: "iOSApps",
    // Needed by the storyboard's Base.lproj folder among processed resources.
    defaultLocalization: "en",
    dependencies: [.package(path: softphoneFolder.path, traits: ["Foundation"])],
    targets: [
        // A call manager publishing its calls with Combine (ObservableObject, @Published), a
        // provider delegate and a PushKit delegate, in the app delegate's care.
        app("CombineCallApp"),
        // A scene-based app as Xcode's template makes it: the scene delegate keeps the window and
        // its navigation controller; PushKit is set up in the app delegate, before any scene.
        app("SceneCallApp"),
        // An app of the years before scenes, in the style of Apple's CallKit sample: the delegate
        // marked @UIApplicationMain, a window from Main.storyboard (Xcode's Base.lproj) and an
        // asset catalog as its resources, PushKit's method without a completion, call-backs from
        // Recents through the call intents, transactions built with addAction.
        app("RecentsCallApp", resources: [.process("Base.lproj"), .process("Assets.xcassets")]),
    ]
)
