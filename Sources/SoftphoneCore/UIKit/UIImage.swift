/// An image, as UIKit's `UIImage`: headless, kept as the bytes of its file. Call code makes one for
/// CallKit's icon (`CXProviderConfiguration.iconTemplateImageData = UIImage(named: "CallIcon")?.pngData()`).
open class UIImage: NSObject, @unchecked Sendable {
    /// The image's PNG bytes, when it has them.
    private let png: Data?

    public init?(data: Data) {
        guard data.starts(with: UIImage.pngSignature) else { return nil }
        png = data
        super.init()
    }

    /// An SF Symbol: every name is one here (the phone draws none of them), with no bytes.
    public init?(systemName name: String) {
        png = nil
        super.init()
    }

    /// The app's image `name`, or nil if the app has none of that name, as on iOS. Built with the
    /// Foundation trait it is looked for as `NAME.png` (or `@2x`, `@3x`) among the app's resources
    /// (`AppResources`: the executable's folder and its target's resource bundle) and in an asset
    /// catalog's `NAME.imageset` there; without the trait the phone reads no files, and there is none.
    public convenience init?(named name: String) {
        #if SOFTPHONE_FOUNDATION
        guard let data = UIImage.resource(named: name) else { return nil }
        self.init(data: data)
        #else
        return nil
        #endif
    }

    /// The image as PNG: its file's bytes (nil for a symbol, as it has no file here).
    open func pngData() -> Data? { png }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    #if SOFTPHONE_FOUNDATION
    /// The bytes of the app's image file `name`, from the first folder that has it.
    private static func resource(named name: String) -> Data? {
        for folder in AppResources.folders {
            for file in ["\(name).png", "\(name)@2x.png", "\(name)@3x.png"] {
                if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) { return data }
            }
            let imageSet = folder.appendingPathComponent("Assets.xcassets/\(name).imageset")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: imageSet.path)) ?? []
            if let png = files.sorted().first(where: { $0.hasSuffix(".png") }) {
                return FileManager.default.contents(atPath: imageSet.appendingPathComponent(png).path)
            }
        }
        return nil
    }
    #endif
}
