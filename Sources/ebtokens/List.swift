import ArgumentParser
import EBTokens
import Foundation

extension TokenListing.Format: ExpressibleByArgument {}

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Print every resolved token.")

  @Option(help: "Output format: text or json.")
  var format: TokenListing.Format = .text

  @Option(help: "The folder of token files.")
  var tokens = "tokens"

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    let tokenSet = try diagnostics.reportingWithWarnings {
      try TokenLoader(strict: diagnostics.strict).load(directory: tokens)
    }
    print(TokenListing.render(tokenSet, format: format), terminator: "")
  }
}
