import ArgumentParser
import EBTokens
import Foundation

struct GenerateSwift: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate-swift",
    abstract: "Write only the Swift sources of the tokens into a folder, for a target to compile.",
    discussion: """
      Builds the config's Swift output (the built-in one when it lists none) as EBTokens.swift, \
      EBTokens+Part1.swift to EBTokens+Part8.swift, EBColor.swift, EBModes.swift and EBStyles.swift \
      side by side in the folder, always all twelve, and nothing else: no Package.swift, no other output, no contrast report. The SwiftPM build \
      plugin runs it into its work folder.
      """)

  @OptionGroup var project: ProjectOptions

  @Option(help: "The folder the Swift sources are written into.")
  var outputDirectory: String

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    let result = try diagnostics.reporting {
      let configuration = try project.configuration(strict: diagnostics.strict, writesOutputs: false)
      return try Builder().build(configuration.swiftSources(in: outputDirectory), mode: .write)
    }
    // Quiet when it succeeds, as a compiler is: SwiftPM shows what a build command prints.
    diagnostics.print(result.warnings)
  }
}
