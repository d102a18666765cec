// Every Apple-named public declaration of Sources/SoftphoneCore is exercised by a test in this
// folder: its name appears in a test's code (comments do not count), so a name added to the
// frameworks without a test fails here, naming it.
import Foundation
import SoftphoneTestSupport
import XCTest

final class CoverageTests: XCTestCase {
    /// The prefixes of Apple's names in the frameworks (CallKit, PushKit, UIKit, UserNotifications,
    /// AVFoundation, Intents, AudioToolbox, and the app-extension request Foundation has on iOS); Softphone's own names (AppServer, AppBundle, …) are not Apple's.
    static let applePrefixes = ["CX", "PK", "UI", "UN", "AV", "IN", "NSUserActivity", "NSExtension", "AudioServices", "kAudioServices", "kSystemSoundID", "SystemSoundID"]
    static let declarationKinds: Set<String> = ["class", "struct", "enum", "protocol", "typealias", "func", "let", "var"]

    func test_everyAppleNamedDeclarationIsExercisedByAFrameworkTest() throws {
        let declared = try Self.appleNamedDeclarations()
        // Guards the scan itself: a broken parse would find nothing and pass.
        XCTAssert(declared.count > 70, "only \(declared.count) declarations found")
        XCTAssert(declared.isSuperset(of: ["CXProvider", "PKPushRegistry", "UIApplication", "AudioServicesPlaySystemSound", "kSystemSoundID_Vibrate"]))

        let folder = Repository.path("Tests/iOSFrameworks/Tests/iOSFrameworksTests/Frameworks")
        var used: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") && file != "CoverageTests.swift" {
            used.formUnion(Self.identifiers(inCodeOf: try String(contentsOfFile: folder + "/" + file, encoding: .utf8)))
        }
        let missing = declared.subtracting(used).sorted()
        XCTAssert(missing.isEmpty, "not exercised by any test in Tests/iOSFrameworks/Tests/iOSFrameworksTests/Frameworks: \(missing.joined(separator: ", "))")
    }

    /// The names of the public and open declarations in Sources/SoftphoneCore that are Apple's.
    static func appleNamedDeclarations() throws -> Set<String> {
        let root = Repository.path("Sources/SoftphoneCore")
        var names: Set<String> = []
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files {
            for line in try String(contentsOfFile: root + "/" + file, encoding: .utf8).split(separator: "\n") {
                // `public final class CXProvider: NSObject {`: modifiers, then the kind, then the name.
                // A static member (`Port.AVB`) comes with its type, whatever its name.
                let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "=" || $0 == "{" }).map(String.init)
                guard words.first == "public" || words.first == "open", !words.contains("static"),
                    let kind = words.firstIndex(where: declarationKinds.contains), kind + 1 < words.count
                else { continue }
                let name = words[kind + 1]
                if applePrefixes.contains(where: name.hasPrefix) { names.insert(name) }
            }
        }
        return names
    }

    /// Softphone's own names that a framework module may show app code: the app's description
    /// beside UIKit (docs/writing-an-app.md). Anything else of the core is the engine's.
    static let softphoneNames: Set<String> = [
        "AppBundle", "AppSetting", "AppSettingError", "AppEntitlement", "AppScreen", "AppScreenButtons", "InAppCallControls",
        "AppServer", "Caller", "PushRequest",
    ]

    /// The framework modules show Apple's names and those few of Softphone's, nothing of the engine;
    /// and every Apple-named declaration of the core is shown by one of them.
    func test_theFrameworkModulesShowApplesNamesAndNotTheEngine() throws {
        let root = Repository.path("Sources/iOS")
        var exported: Set<String> = []
        for module in try FileManager.default.contentsOfDirectory(atPath: root) {
            let source = try String(contentsOfFile: "\(root)/\(module)/\(module).swift", encoding: .utf8)
            for line in source.split(separator: "\n") where line.hasPrefix("@_exported public import ") {
                let words = line.split(separator: " ")
                guard let last = words.last else { continue }
                if last.hasPrefix("SoftphoneCore") {
                    // A whole-module re-export would show the engine.
                    XCTAssert(last.contains("."), "\(module) re-exports all of SoftphoneCore: \(line)")
                    exported.insert(String(last.dropFirst("SoftphoneCore.".count)))
                }
            }
        }
        XCTAssert(exported.count > 100, "only \(exported.count) names re-exported")
        let foreign = exported.filter { name in
            !Self.applePrefixes.contains(where: name.hasPrefix) && !Self.softphoneNames.contains(name) && !Self.foundationNames.contains(name)
                && !name.hasPrefix("kSec") && !name.hasPrefix("errSec") && !name.hasPrefix("SecItem") && !name.hasPrefix("CF")
                && name != "OSStatus"
        }
        XCTAssertEqual(foreign.sorted(), [], "engine names shown to app code")
        let hidden = try Self.appleNamedDeclarations().subtracting(exported)
        XCTAssertEqual(hidden.sorted(), [], "Apple-named declarations no framework module shows")
    }

    /// Foundation's names, which the core stands in for without the Foundation trait.
    static let foundationNames: Set<String> = [
        "UUID", "Data", "Date", "TimeInterval", "DispatchQueue", "DispatchTime", "DispatchTimeInterval", "Timer", "URL", "Bundle",
        "Notification", "NotificationCenter", "NSLog", "NSObject", "NSNumber", "UserDefaults",
    ]

    /// The identifiers in Swift source, without its comments.
    static func identifiers(inCodeOf source: String) -> Set<String> {
        var code = ""
        var rest = Substring(source)
        while let start = rest.range(of: "/") {
            code += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            if after.hasPrefix("/") {
                rest = after.drop { $0 != "\n" }
            } else if after.hasPrefix("*"), let end = after.range(of: "*/") {
                rest = after[end.upperBound...]
            } else {
                code += "/"
                rest = after
            }
        }
        code += rest
        let identifier: (Character) -> Bool = { $0 == "_" || $0.isLetter || $0.isNumber }
        return Set(code.split(whereSeparator: { !identifier($0) }).map(String.init))
    }
}
