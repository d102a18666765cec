// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// A file location, as Foundation's `URL`: only file URLs, which is what bundle resources are.
public struct URL: Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    public let path: String

    /// The URL of the file at `path`.
    public init(fileURLWithPath path: String) { self.path = path }

    /// The last part of the path: the file's name.
    public var lastPathComponent: String { path.split(separator: "/").last.map(String.init) ?? path }

    public var description: String { "file://" + path }
}
#endif
