// swift-tools-version: 6.2
// Softphone: a terminal simulator of an iPhone receiving VoIP calls.
// Layout and layering are described in docs/architecture.md ("Layers").
import PackageDescription

/// Every Swift target builds in Swift 6 language mode with warnings as errors.
let language: [SwiftSetting] = [
    // Built with the Foundation trait, Apple's names take Foundation's values and NSObject roots.
    .define("SOFTPHONE_FOUNDATION", .when(traits: ["Foundation"])),
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
    // Every function in a section of its own, so that the release link's symbol order
    // (Sources/softphone/Linking/symbol-order.txt) can place each one: Swift gives only public
    // functions their own section, and a file's internal ones would move as one block.
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
]
let strict: [SwiftSetting] = language + [.enableUpcomingFeature("MemberImportVisibility")]

/// The shipped code runs on its own threads and never on Swift's concurrency runtime; not loading
/// that runtime (and libdispatch under it) keeps the phone's memory down. Tests keep it: they are async.
let withoutConcurrency: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-concurrency-module-import"])]
let shipped: [SwiftSetting] = strict + withoutConcurrency

/// The simulated iPhone runs every command through many small objects, and in release builds
/// its run-time exclusivity checks would hold the core under its budget of 1 M commands/s
/// (docs/performance.md). Debug builds, which every test runs, keep them. Without
/// MemberImportVisibility: built with the Foundation trait, the core imports Foundation in one
/// file (Foundation/FoundationTrait.swift) for all of its files.
let core: [SwiftSetting] = language + withoutConcurrency + [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

/// The built-in apps are iOS call code, built as an app's package builds it: Swift 5 mode (iOS
/// code captures its delegates in Dispatch's @Sendable closures, which Swift 6 refuses outside the
/// main actor), and without MemberImportVisibility (the frameworks pass the core's types through).
let builtInApps: [SwiftSetting] = language + [.swiftLanguageMode(.v5)] + withoutConcurrency

/// Release links of the phone, for a small resident set (budget: ≤ 12 MB while ringing); the
/// files in Sources/softphone/Linking say why each one helps, and docs/performance.md what it buys.
/// lld: it can order functions by symbol.
let linking = Context.packageDirectory + "/Sources/softphone/Linking"
let lean: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld",
        // The functions that run while the phone rings, side by side (profile-symbol-order.sh).
        "-Xlinker", "--symbol-ordering-file=\(linking)/symbol-order.txt", "-Xlinker", "--no-warn-symbol-ordering",
        // libstdc++ from its static archive (Linking/libstdc++.so is a linker script saying so).
        "-L\(linking)",
        // No dynamic symbol table of the phone's own functions, and no relocating of its
        // 30,000 pointers at start: nothing loads the phone as a library or looks its symbols up.
        "-Xlinker", "--no-export-dynamic", "-Xclang-linker", "-no-pie",
    ], .when(configuration: .release)),
]

/// A libFuzzer target: `LLVMFuzzerTestOneInput` takes one input, and its main runs libFuzzer's driver.
func fuzzTarget(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name, dependencies: dependencies + ["CLibFuzzer"], path: "Tests/fuzz/Targets/\(name)",
        swiftSettings: strict + [.unsafeFlags(["-parse-as-library"])],
        // lld: gold warns of every AddressSanitizer symbol it cannot export.
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])])
}

/// The module names app code written for iOS imports; each re-exports its framework's names from
/// SoftphoneCore, which defines Apple's names once, and Foundation's (SoftphoneFoundation).
let iOSFrameworks = ["CallKit", "PushKit", "UIKit", "UserNotifications", "AudioToolbox", "AVFoundation", "Intents", "Security"]

/// One module per framework name, each one file re-exporting Apple's names of that framework from
/// SoftphoneCore, and SoftphoneFoundation: Foundation, or the core's stand-ins for it. Combine,
/// which Linux lacks, is written in its folder instead, on Foundation's queues and run loop.
let frameworkTargets: [Target] = [
    .target(name: "SoftphoneFoundation", dependencies: ["SoftphoneCore"], path: "Sources/iOS/SoftphoneFoundation", swiftSettings: strict),
    .target(name: "Combine", dependencies: ["SoftphoneFoundation"], path: "Sources/iOS/Combine", swiftSettings: strict),
    // The Clang module named UIKit that `@UIApplicationMain` needs (its module map says why).
    .systemLibrary(name: "CUIKitMain", path: "Sources/CUIKitMain"),
] + iOSFrameworks.map { name -> Target in
    .target(name: name, dependencies: ["SoftphoneFoundation", "SoftphoneCore"] + (name == "UIKit" ? ["CUIKitMain"] : []), path: "Sources/iOS/\(name)", swiftSettings: strict)
}

/// The phone's own modules, from the C libraries up to the `softphone` executable.
let phoneTargets: [Target] = [
        // System libraries: a module map and a shim header each, nothing else.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .systemLibrary(name: "CALSA", path: "Sources/CALSA"),
        .systemLibrary(name: "CSndFile", path: "Sources/CSndFile"),
        .systemLibrary(name: "CSQLite3", path: "Sources/CSQLite3"),
        .systemLibrary(name: "CNghttp2", path: "Sources/CNghttp2"),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),

        // The simulated iPhone: pure Swift, no C, no I/O, no clock of its own.
        .target(name: "SoftphoneCore", swiftSettings: core),
        // Every framework module under one name, for app code that prefers one import.
        .target(name: "SoftphoneKit", dependencies: iOSFrameworks.map { .byName(name: $0) } + ["Combine"], swiftSettings: shipped),
        // The built-in apps, written as iOS call code is: Apple's framework names, Swift 5 mode.
        .target(name: "SoftphoneApps", dependencies: iOSFrameworks.map { .byName(name: $0) } + ["SoftphoneCore"], swiftSettings: builtInApps),
        .target(name: "SoftphoneAudio", dependencies: ["SoftphoneCore", "CALSA", "CSndFile"], swiftSettings: shipped),
        // The call flow as a ladder diagram, from the event stream: the model, SVG and HTML.
        .target(name: "SoftphoneFlow", dependencies: ["SoftphoneCore"], swiftSettings: shipped),
        .target(name: "SoftphoneTUI", dependencies: ["SoftphoneCore", "SoftphoneFlow", "CNcursesw"], swiftSettings: shipped),
        .target(name: "SoftphoneControl", dependencies: ["SoftphoneCore", "CSQLite3"], swiftSettings: shipped),
        // The APNs endpoint (`--apns`): Apple's provider API over HTTP/2 (nghttp2), h2c and TLS
        // (OpenSSL) on one port, and the checks APNs makes of a request.
        .target(name: "SoftphoneAPNs", dependencies: ["SoftphoneCore", "SoftphoneControl", "CNghttp2", "COpenSSL"], swiftSettings: shipped),
        // Many phones in one process behind one APNs endpoint (`softphone fleet`): the phones, their
        // deadlines, the routing of pushes by token, and the summary counted from their events.
        .target(name: "SoftphoneFleet", dependencies: ["SoftphoneCore"], swiftSettings: shipped),
        // Scenario files (`softphone scenario`): the parser, the runner on the manual clock or a
        // running phone, the JUnit report.
        .target(name: "SoftphoneScenario", dependencies: ["SoftphoneCore", "SoftphoneApps", "SoftphoneControl", "SoftphoneFlow"], swiftSettings: shipped),
        // The command line around the simulated iPhone: the phone's display, speaker, socket, store
        // and APNs endpoint, the client subcommands, scenarios, the flow and the demo.
        .target(
            name: "SoftphoneShell",
            dependencies: ["SoftphoneCore", "SoftphoneApps", "SoftphoneAudio", "SoftphoneTUI", "SoftphoneControl", "SoftphoneScenario", "SoftphoneFlow", "SoftphoneAPNs", "SoftphoneFleet", "CMalloc"],
            swiftSettings: shipped,
            // Every release program that runs the shell (the built-in phone, an app's own):
            // no relocating of its pointers and no dynamic symbol table of its own functions at
            // start, which nothing needs; docs/performance.md says what it buys.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic", "-Xclang-linker", "-no-pie"], .when(configuration: .release))]),
        // The shell with the built-in apps.
        .executableTarget(
            name: "softphone",
            dependencies: ["SoftphoneShell", "SoftphoneApps"],
            exclude: ["Linking"],
            swiftSettings: shipped,
            linkerSettings: lean),
        // One module per framework name, each one file (Sources/iOS/NAME).
]

/// The asset generator, the test support, the bench, the fuzz targets and the tests.
let toolAndTestTargets: [Target] = [
        // Writes the generated assets: ringtones and the vibration patterns file (see Assets/*/README.md).
        .executableTarget(name: "generate-assets", dependencies: ["SoftphoneCore", "SoftphoneAudio"], swiftSettings: strict),
        // What the tests and the benchmark share: the real binary started on pipes or a terminal, a
        // phone on the manual clock, the repository's files, fresh folders, golden files.
        .target(name: "SoftphoneTestSupport", dependencies: ["SoftphoneCore", "SoftphoneControl", "CNcursesw"], swiftSettings: shipped),
        // Measures the budgets of docs/architecture.md (`make bench`).
        .executableTarget(
            name: "softphone-bench",
            dependencies: ["SoftphoneCore", "SoftphoneApps", "SoftphoneAudio", "SoftphoneTUI", "SoftphoneTestSupport", "SoftphoneFlow", "SoftphoneAPNs"],
            swiftSettings: strict),

        // One libFuzzer target per parser (Tests/fuzz/README.md): `make fuzz` builds them with
        // -sanitize=fuzzer,address in .build/fuzz and fuzzes each; `make test` runs each over its
        // corpus and regression inputs. libFuzzer's runtime, which has the program's main, is linked
        // into every build of them, so the ordinary debug build links them too.
        .systemLibrary(name: "CLibFuzzer", path: "Tests/fuzz/Targets/CLibFuzzer"),
        fuzzTarget("fuzz-json", dependencies: ["SoftphoneCore"]),
        fuzzTarget("fuzz-control-request", dependencies: ["SoftphoneControl"]),
        fuzzTarget("fuzz-scenario", dependencies: ["SoftphoneScenario"]),
        fuzzTarget("fuzz-vibrations", dependencies: ["SoftphoneCore"]),
        fuzzTarget("fuzz-ringtone", dependencies: ["SoftphoneAudio"]),
        fuzzTarget("fuzz-apns-request", dependencies: ["SoftphoneAPNs"]),
        fuzzTarget("fuzz-http2-frames", dependencies: ["SoftphoneAPNs"]),
        fuzzTarget("fuzz-jwt", dependencies: ["SoftphoneAPNs"]),
        fuzzTarget("fuzz-storyboard", dependencies: ["SoftphoneCore"]),
        fuzzTarget("fuzz-image", dependencies: ["SoftphoneCore"]),

        // The simulated iPhone: the iOS rules through the API app code uses, on the manual clock
        // (a folder per framework), and the core's own values (Values/).
        .testTarget(
            name: "SoftphoneCoreTests",
            dependencies: ["SoftphoneCore", "SoftphoneKit", "SoftphoneTestSupport", "Combine"] + iOSFrameworks.map { .byName(name: $0) },
            swiftSettings: strict),
        .testTarget(name: "SoftphoneAppsTests", dependencies: ["SoftphoneApps", "SoftphoneCore", "SoftphoneTestSupport"], swiftSettings: strict),
        .testTarget(name: "SoftphoneAudioTests", dependencies: ["SoftphoneAudio", "SoftphoneTestSupport"], swiftSettings: strict),
        .testTarget(name: "SoftphoneTUITests", dependencies: ["SoftphoneTUI", "SoftphoneControl", "SoftphoneTestSupport"], exclude: ["Golden"], swiftSettings: strict),
        .testTarget(name: "SoftphoneControlTests", dependencies: ["SoftphoneControl", "SoftphoneTestSupport", "CSQLite3"], swiftSettings: strict),
        .testTarget(
            name: "SoftphoneFlowTests", dependencies: ["SoftphoneFlow", "SoftphoneTUI", "SoftphoneScenario", "SoftphoneTestSupport"], exclude: ["Golden"],
            swiftSettings: strict),
        .testTarget(name: "SoftphoneFleetTests", dependencies: ["SoftphoneFleet", "SoftphoneApps"], swiftSettings: strict),
        .testTarget(name: "SoftphoneAPNsTests", dependencies: ["SoftphoneAPNs", "SoftphoneTestSupport"], swiftSettings: strict),
        .testTarget(name: "SoftphoneScenarioTests", dependencies: ["SoftphoneScenario", "SoftphoneCore", "SoftphoneTestSupport"], swiftSettings: strict),
        .testTarget(name: "SoftphoneShellTests", dependencies: ["SoftphoneShell", "SoftphoneCore", "SoftphoneFleet", "SoftphoneTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "SoftphoneEndToEndTests",
            dependencies: ["SoftphoneControl", "SoftphoneTestSupport", "SoftphoneAPNs", "SoftphoneScenario"],
            swiftSettings: strict),
]

let package = Package(
    name: "Softphone",
    products: [
        .executable(name: "softphone", targets: ["softphone"]),
        // What app code imports: `import CallKit`, `import PushKit`, `import UIKit`, `import Combine`,
        // …. Built with the Foundation trait (an app's package asks for it), their names take
        // Foundation's types.
        .library(name: "iOSFrameworks", targets: iOSFrameworks + ["SoftphoneFoundation", "Combine"]),
        // The same frameworks under one module name.
        .library(name: "SoftphoneKit", targets: ["SoftphoneKit"]),
        // The whole `softphone` command line for the apps it is given: `Softphone.main(apps:)`.
        .library(name: "SoftphoneShell", targets: ["SoftphoneShell"]),
        // For the packages of app code under Tests/ (built with the Foundation trait, so apart
        // from this one): a phone on the manual clock, the real binary, the built-in apps.
        .library(name: "SoftphoneTestSupport", targets: ["SoftphoneTestSupport"]),
        .library(name: "SoftphoneApps", targets: ["SoftphoneApps"]),
    ],
    // One set of Apple's names (docs/architecture.md, "One API, two builds"). Without this trait
    // they stand on the simulated iPhone's own Foundation-free values, as the built-in phone needs
    // for its memory budget; with it (an app's package asks for it, see Examples/MyPhoneApp) the
    // same declarations take Foundation's UUID, Data, Date and NSObject, as app code written for iOS does.
    traits: [.trait(name: "Foundation", description: "Apple's frameworks on Foundation, for app code written for iOS")],
    targets: phoneTargets + frameworkTargets + toolAndTestTargets
)
