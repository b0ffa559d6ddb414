import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-tokens [ARGUMENTS]`: runs
/// `ebtokens build ARGUMENTS` in the package's folder, which writes the outputs the package's
/// `ebtokens.yml` (or `--config PATH`) lists; `--check` and every other option of `build` pass
/// through. It fails when the build does, with the build's diagnostics printed.
@main
struct GenerateTokens: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "ebtokens").url
    process.arguments = ["build"] + arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw BuildFailed(status: process.terminationStatus)
    }
  }
}

struct BuildFailed: Error, CustomStringConvertible {
  let status: Int32

  var description: String { "ebtokens build failed (exit status \(status))" }
}
