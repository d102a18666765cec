// Foundation where call code needs more than Linux's Foundation gives: a push token formatted with
// `%@`, which on iOS prints the NSData's description.
import Foundation
import XCTest

final class FoundationTests: XCTestCase {
    /// The 32 bytes of a token: 0x01 to 0x20.
    private let token = Data(1...32)

    /// `%@` of a token prints iOS 13's NSData description: its length, then the first 16 and the
    /// last 8 bytes in groups of four around " ... ".
    func test_percentAtOfDataPrintsIOS13sNSDataDescription() {
        XCTAssertEqual(
            String(format: "%@", token as CVarArg),
            "{length = 32, bytes = 0x01020304 05060708 090a0b0c 0d0e0f10 ... 191a1b1c 1d1e1f20 }")
        XCTAssertEqual(String(format: "%@", Data([0xab, 0xcd]) as CVarArg), "{length = 2, bytes = 0xabcd}")
        XCTAssertEqual(String(format: "%@", Data() as CVarArg), "{length = 0, bytes = 0x}")
    }

    /// Data beside other arguments: NSString, String and numbers format as before, and a token
    /// formatted many times over reads the same each time.
    func test_dataFormatsBesideOtherArguments() {
        let text = String(format: "%@|%@|%d|%@|%@", "x" as NSString, token as CVarArg, 7, "y", Data([1]) as CVarArg)
        XCTAssertEqual(text, "x|{length = 32, bytes = 0x01020304 05060708 090a0b0c 0d0e0f10 ... 191a1b1c 1d1e1f20 }|7|y|{length = 1, bytes = 0x01}")
        let once = String(format: "token %@", token as CVarArg)
        XCTAssert((0..<200).allSatisfy { _ in String(format: "token %@", token as CVarArg) == once })
    }

    /// Swift's own description of Data is its size, on iOS and here alike, so seed-era code that
    /// strips "<", ">" and spaces from it sends "32bytes".
    func test_dataDescriptionIsItsSize() {
        XCTAssertEqual(token.description, "32 bytes")
        XCTAssertEqual(
            token.description.trimmingCharacters(in: CharacterSet(charactersIn: "<>")).replacingOccurrences(of: " ", with: ""),
            "32bytes")
    }
}
