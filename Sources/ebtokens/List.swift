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

  @Option(help: "A DTCG resolver document that names the tokens; its default resolution is listed.")
  var resolver: String?

  func run() throws {
    let tokenSet = try diagnostics.reportingWithWarnings {
      guard let resolver else { return try TokenLoader(strict: diagnostics.strict).load(directory: tokens) }
      var configuration = Configuration.defaults().withResolver(resolver)
      configuration.strict = diagnostics.strict
      let loaded = try ProjectTokens.load(configuration)
      return Warned(loaded.value.sets[0], warnings: loaded.warnings)
    }
    print(TokenListing.render(tokenSet, format: format), terminator: "")
  }
}
