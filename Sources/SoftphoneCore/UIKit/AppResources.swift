#if SOFTPHONE_FOUNDATION
/// Where the app's resource files are (images, storyboards), as iOS's main bundle holds them:
/// the executable's folder (`Bundle.main`), then the resource bundle SwiftPM puts beside it for
/// the app's own target (`PACKAGE_MODULE.resources`). Other targets' bundles there are not the
/// app's: the apps of one package share their build folder. Without the Foundation trait the
/// phone reads no files.
enum AppResources {
    static var folders: [URL] {
        let main = URL(fileURLWithPath: Bundle.main.bundlePath)
        guard let module = UIStoryboard.appModule else { return [main] }
        let bundles = ((try? FileManager.default.contentsOfDirectory(at: main, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.lastPathComponent.hasSuffix("_\(module).resources") }
        return [main] + bundles.sorted { $0.path < $1.path }
    }

    /// The first file found at one of `paths` (relative to a folder), with its folder's order first.
    static func file(at paths: [String]) -> URL? {
        for folder in folders {
            for path in paths {
                let url = folder.appendingPathComponent(path)
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
        }
        return nil
    }
}
#endif
