import Foundation
import PackagePlugin

/// Embeds every file under `Locales/` into the SpokenForm library at build time,
/// so the library needs no files beside its binary. The file list is read each
/// time the build is planned, so a new data file is picked up without edits here.
@main
struct EmbedLocales: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let locales = context.package.directoryURL.appending(path: "Locales")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLocales.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: locales, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) locale data files",
                executable: try context.tool(named: "LocaleEmbedder").url,
                arguments: [locales.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
