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

  @Option(help: "A DTCG resolver document that names the tokens; its default resolution is listed.")
  var resolver: String?

  func run() throws {
    let tokenSet = try reportingDiagnostics {
      guard let resolver else { return try TokenLoader().load(directory: tokens) }
      return try ProjectTokens.load(Configuration.defaults().withResolver(resolver)).sets[0]
    }
    print(TokenListing.render(tokenSet, format: format), terminator: "")
  }
}
