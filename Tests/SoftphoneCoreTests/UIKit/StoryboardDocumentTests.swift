@testable import SoftphoneCore
import Testing

/// What the phone reads of a storyboard's XML: its controllers, the initial one and a navigation
/// controller's root, whatever else the file holds.
@Suite("Storyboard files")
struct StoryboardDocumentTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
            <scenes>
                <!--Calls <viewController id="commented-out" sceneMemberID="viewController"/> -->
                <scene sceneID="s1"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" id="bar"/>
                        <connections><segue destination="calls" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <tableViewController storyboardIdentifier='Calls' title="Calls &amp; Voicemail &#x263A;" id="calls" customClass="CallsTableViewController" customModule="MyApp" customModuleProvider="target" sceneMemberID="viewController">
                        <tableView key="view" id="table" customClass="CallsTable"/>
                        <connections><segue destination="detail" kind="show" id="d1"/></connections>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                </objects></scene>
                <scene sceneID="s3"><objects><viewController id="detail" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        """

    @Test("controllers, with their class, module, identifier, title and root")
    func controllers() throws {
        let document = try #require(StoryboardDocument(xml: Self.xml))
        #expect(document.initialID == "nav")
        #expect(document.controllers.map(\.id) == ["nav", "calls", "detail"])
        #expect(document.controller(id: "nav")?.rootID == "calls")
        #expect(document.controller(id: "nav")?.element == "navigationController")
        let calls = try #require(document.controller(storyboardIdentifier: "Calls"))
        #expect(calls == StoryboardDocument.Controller(
            id: "calls", element: "tableViewController", customClass: "CallsTableViewController", customModule: "MyApp",
            storyboardIdentifier: "Calls", title: "Calls & Voicemail ☺", rootID: nil))
        // A show segue is no root; a controller without a class is its element's UIKit class.
        #expect(document.controller(id: "detail")?.customClass == nil)
        #expect(document.controller(storyboardIdentifier: "Settings") == nil)
    }

    @Test("a file that is not a storyboard is not read as one")
    func notAStoryboard() {
        #expect(StoryboardDocument(xml: "<plist version=\"1.0\"><dict/></plist>") == nil)
        #expect(StoryboardDocument(xml: "not XML at all") == nil)
        #expect(StoryboardDocument(xml: "<document") == nil)
    }

    @Test("a storyboard without an initial controller has none")
    func noInitialController() throws {
        let document = try #require(StoryboardDocument(xml: "<document><scenes/></document>"))
        #expect(document.initialID == nil)
        #expect(document.controllers.isEmpty)
    }
}
