import ArgumentParser
import EBTokens
import Foundation

struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the tokens as one DTCG 2025.10 JSON file.",
    discussion: """
      References are kept by default (an '@ NN%' alias becomes a color object whose components are \
      $refs to its source's); --resolved writes every value out. Keys come in a fixed order, so the \
      same tokens always give the same bytes. See docs/dtcg.md.
      """)

  @OptionGroup var project: ProjectOptions

  @Option(help: "The folder of token files, read alone (default: the config's, with its modes).")
  var tokens: String?

  @Flag(help: "Write every value resolved, with no references.")
  var resolved = false

  @Option(help: "Write to this file (atomically) instead of standard output.")
  var output: String?

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    let text = try diagnostics.reportingWithWarnings {
      let configuration = try project.configuration(strict: diagnostics.strict, writesOutputs: false)
      return try DTCGExport.run(
        configuration: configuration, tokenDirectory: tokens, mode: resolved ? .resolved : .references)
    }
    guard let output else {
      print(text, terminator: "")
      return
    }
    try diagnostics.reporting { try DTCGExport.write(text, to: output) }
  }
}
