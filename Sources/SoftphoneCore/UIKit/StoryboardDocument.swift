/// What the phone reads of a storyboard file (Interface Builder's XML, `Main.storyboard`): its
/// view controllers — each one's element, class, module, storyboard identifier and title, and the
/// root a navigation controller's relationship names — and which one is the initial controller.
/// Views, outlets and the rest are not read: nothing of them is drawn here.
/// `package`: the storyboard fuzz target reads files with it (Tests/fuzz).
package struct StoryboardDocument: Equatable {
    /// One view controller of the storyboard (an element with `sceneMemberID="viewController"`).
    package struct Controller: Equatable {
        package let id: String
        /// The element: `viewController`, `navigationController`, `tableViewController`, …
        let element: String
        let customClass: String?
        let customModule: String?
        package let storyboardIdentifier: String?
        let title: String?
        /// The controller a navigation controller starts with (its `rootViewController` relationship).
        package internal(set) var rootID: String?
    }

    /// The initial view controller's id (the document's `initialViewController`), if it has one.
    package let initialID: String?
    package let controllers: [Controller]

    package func controller(id: String) -> Controller? { controllers.first { $0.id == id } }
    package func controller(storyboardIdentifier: String) -> Controller? {
        controllers.first { $0.storyboardIdentifier == storyboardIdentifier }
    }

    /// Reads a storyboard's XML: nil when it is not one (it has no `document` element).
    package init?(xml: String) {
        var initialID: String?
        var isDocument = false
        var controllers: [Controller] = []
        // The open elements, and for each the controller it belongs to (its index), so that a
        // relationship segue inside a controller's `<connections>` is that controller's.
        var open: [(name: String, controller: Int?)] = []
        for tag in XMLTags(xml) {
            switch tag {
            case .close(let name):
                if let last = open.lastIndex(where: { $0.name == name }) { open.removeSubrange(last...) }
            case .open(let name, let attributes, let selfClosing):
                var owner = open.last?.controller
                if name == "document" {
                    isDocument = true
                    initialID = attributes["initialViewController"]
                } else if attributes["sceneMemberID"] == "viewController", let id = attributes["id"] {
                    controllers.append(Controller(
                        id: id, element: name, customClass: attributes["customClass"], customModule: attributes["customModule"],
                        storyboardIdentifier: attributes["storyboardIdentifier"], title: attributes["title"]))
                    owner = controllers.count - 1
                } else if name == "segue", attributes["kind"] == "relationship", attributes["relationship"] == "rootViewController",
                    let owner, let destination = attributes["destination"]
                {
                    controllers[owner].rootID = destination
                }
                if !selfClosing { open.append((name, owner)) }
            }
        }
        guard isDocument else { return nil }
        self.initialID = initialID
        self.controllers = controllers
    }
}

/// The tags of an XML text, in order, with their attributes' values unescaped. Comments,
/// declarations and text between tags are skipped: a storyboard's meaning is in its attributes.
struct XMLTags: Sequence, IteratorProtocol {
    enum Tag: Equatable {
        case open(name: String, attributes: [String: String], selfClosing: Bool)
        case close(name: String)
    }

    private let text: [UInt8]
    private var at = 0

    init(_ xml: String) { text = Array(xml.utf8) }

    mutating func next() -> Tag? {
        while let start = text[at...].firstIndex(of: UInt8(ascii: "<")) {
            if text[start...].starts(with: Array("<!--".utf8)) {
                at = end(of: "-->", from: start)
                continue
            }
            guard let close = text[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            at = close + 1
            let body = text[(start + 1)..<close]
            guard let first = body.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            if first == UInt8(ascii: "/") { return .close(name: String(decoding: body.dropFirst(), as: UTF8.self).trimmed) }
            let selfClosing = body.last == UInt8(ascii: "/")
            return tag(String(decoding: selfClosing ? body.dropLast() : body, as: UTF8.self), selfClosing: selfClosing)
        }
        return nil
    }

    /// Just past the first `marker` from `start`, or the end of the text.
    private func end(of marker: String, from start: Int) -> Int {
        let bytes = Array(marker.utf8)
        var index = start
        while index + bytes.count <= text.count {
            if text[index..<(index + bytes.count)].elementsEqual(bytes) { return index + bytes.count }
            index += 1
        }
        return text.count
    }

    /// An opening tag's name and attributes (`name="value"` or `name='value'`).
    private func tag(_ body: String, selfClosing: Bool) -> Tag {
        var rest = Substring(body)
        let name = String(rest.prefix { !$0.isWhitespace })
        rest = rest.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmed
            rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
            rest = rest.dropFirst()
            let value = rest.prefix { $0 != quote }
            attributes[key] = XMLTags.unescaped(value)
            rest = rest.dropFirst(value.count + 1)
        }
        return .open(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    /// XML's five named entities and numeric character references.
    static func unescaped(_ value: Substring) -> String {
        guard value.contains("&") else { return String(value) }
        var result = ""
        var rest = value
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { result.unicodeScalars.append(scalar) } else { result += "&\(entity);" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}

extension StringProtocol {
    /// The string without leading and trailing white space (Foundation's trimming, without it).
    fileprivate var trimmed: String { String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
}
