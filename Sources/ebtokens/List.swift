import ArgumentParser
import EBTokens
import Foundation

extension TokenListing.Format: ExpressibleByArgument {}

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Print every resolved token.",
    discussion: """
      Reads the project as build does (its config's tokens folder, json-extensions, modes or resolver) \
      and prints one mode: the default, the first, unless --mode names another. Errors in any mode \
      are reported.
      """)

  @OptionGroup var project: ProjectOptions

  @Option(help: "Output format: text or json.")
  var format: TokenListing.Format = .text

  @Option(help: "The folder of token files, read alone (default: the config's, with its modes).")
  var tokens: String?

  @Option(help: "The mode to list, as the config or resolver document names it (default: the first).")
  var mode: String?

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    let tokenSet = try diagnostics.reportingWithWarnings {
      let configuration = try project.configuration(strict: diagnostics.strict, writesOutputs: false)
      return try ProjectTokens.load(configuration, tokenDirectory: tokens, mode: mode)
    }
    print(TokenListing.render(tokenSet, format: format), terminator: "")
  }
}
