import ArgumentParser
import EBTokensCore
import Foundation

struct Build: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Resolve the tokens and generate every output.")

  @Option(help: "The folder of token files.")
  var tokens = "tokens"

  func run() throws {
    let tokenSet = try reportingDiagnostics { try TokenLoader().load(directory: tokens) }
    print("resolved \(tokenSet.tokens.count) tokens")
  }
}
