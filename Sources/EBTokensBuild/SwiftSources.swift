import EBTokensConfig
import EBTokensSupport
import Foundation

extension Configuration {
  /// This project as `ebtokens generate-swift` builds it: only its Swift output (the built-in one
  /// when it lists none), as sources side by side in `directory` (`sources-only: true`), without
  /// the other outputs and the contrast report. What the SwiftPM build plugin runs, the plugin's
  /// work folder being `directory`; a relative `directory` is taken from the current folder.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with ``ConfigurationError/severalSwiftOutputs(first:at:)``
  ///   when the config lists more than one Swift output.
  public func swiftSources(in directory: String) throws -> Configuration {
    let swiftOutputs = outputs.filter { $0.kind == .swift }
    if swiftOutputs.count > 1 {
      throw DiagnosticsError([
        ConfigurationError.severalSwiftOutputs(first: swiftOutputs[0].location, at: swiftOutputs[1].location)
      ])
    }
    let directory = URL(fileURLWithPath: directory).standardizedFileURL.path
    var output =
      swiftOutputs.first ?? Configuration.Output(kind: .swift, destination: directory, options: Options())
    output.destination = directory
    output.options.swiftSourcesOnly = true
    var configuration = self
    configuration.outputs = [output]
    configuration.audit.reportDirectory = nil
    return configuration
  }
}
