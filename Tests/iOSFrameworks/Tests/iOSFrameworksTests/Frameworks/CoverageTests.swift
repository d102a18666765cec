// Every Apple-named public declaration of Sources/SoftphoneCore is exercised by a test in this
// folder: its name appears in a test's code (comments do not count), so a name added to the
// frameworks without a test fails here, naming it.
import Foundation
import SoftphoneTestSupport
import XCTest

final class CoverageTests: XCTestCase {
    /// The prefixes of Apple's names in the frameworks (CallKit, PushKit, UIKit, UserNotifications,
    /// AVFoundation, Intents, AudioToolbox); Softphone's own names (AppServer, AppBundle, …) are not Apple's.
    static let applePrefixes = ["CX", "PK", "UI", "UN", "AV", "IN", "NSUserActivity", "AudioServices", "kAudioServices", "kSystemSoundID", "SystemSoundID"]
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
                let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "=" || $0 == "{" }).map(String.init)
                guard words.first == "public" || words.first == "open",
                    let kind = words.firstIndex(where: declarationKinds.contains), kind + 1 < words.count
                else { continue }
                let name = words[kind + 1]
                if applePrefixes.contains(where: name.hasPrefix) { names.insert(name) }
            }
        }
        return names
    }

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
