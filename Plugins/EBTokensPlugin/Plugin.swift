import Foundation
import PackagePlugin

/// Generates the Swift tokens of a target at build time: for a target whose folder holds an
/// `ebtokens.yml`, `ebtokens generate-swift` writes the sources into the plugin's work folder,
/// and SwiftPM compiles them with the target's own code. SwiftPM runs it again when any file in
/// the target's folder other than its Swift sources changes: the config, a token file, a template.
@main
struct EBTokensPlugin: BuildToolPlugin {
  /// The files `generate-swift` always writes (the `sources-only` layout of the Swift output,
  /// `SwiftEmitter.sourceFileNames`): a build command names its outputs before it runs, so the
  /// tokens are spread over a fixed number of part files, each top-level group in the one a hash
  /// of its name picks, and SwiftPM compiles them in parallel and recompiles only those a change
  /// touches.
  static let generatedFileNames =
    ["EBTokens.swift"] + (1...8).map { "EBTokens+Part\($0).swift" }
    + ["EBColor.swift", "EBModes.swift", "EBStyles.swift"]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    // `directoryURL` needs tools version 6.1 and `Path.string` is deprecated; this package
    // supports 6.0, where a `Path` prints as its string.
    let folder = URL(fileURLWithPath: String(describing: target.directory))
    let config = folder.appendingPathComponent("ebtokens.yml")
    guard FileManager.default.fileExists(atPath: config.path) else {
      throw PluginError.noConfig(target: target.name, expected: config.path)
    }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
    return [
      .buildCommand(
        displayName: "Generating the design tokens of \(target.name)",
        executable: try context.tool(named: "ebtokens").url,
        arguments: ["generate-swift", "--config", config.path, "--output-directory", output.path],
        inputFiles: Self.inputs(in: folder),
        outputFiles: Self.generatedFileNames.map { output.appendingPathComponent($0) })
    ]
  }

  /// Every file in `folder` and below that is not Swift source or hidden, in path order: the
  /// config, the tokens and any templates (which the config must keep in the target's folder).
  static func inputs(in folder: URL) -> [URL] {
    guard
      let files = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    return files.compactMap { $0 as? URL }
      .filter {
        $0.pathExtension != "swift"
          && (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      }
      .sorted { $0.path < $1.path }
  }
}

enum PluginError: Error, CustomStringConvertible {
  case noConfig(target: String, expected: String)

  var description: String {
    switch self {
    case .noConfig(let target, let expected):
      return "target '\(target)' uses EBTokensPlugin but has no config: expected \(expected)"
    }
  }
}
