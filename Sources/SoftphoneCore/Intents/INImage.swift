/// An image for Intents, as Intents' `INImage`: app code hands one to `INPerson`. The phone
/// draws no contact pictures, so it keeps nothing of the image.
public final class INImage: NSObject {
    /// The image of that name in the app's bundle.
    public init(named name: String) {}
    /// An image from its encoded bytes.
    public init(imageData: Data) {}
    /// The image at `url` (nil on iOS for a URL it cannot use; never here).
    public init?(url: URL) {}
}
