import ArgumentParser
import EBTokens
import Foundation

extension Configuration.Output.Kind: EnumerableFlag {}

struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Start a project: write ebtokens.yml, a token file and the editor schemas.",
    discussion: """
      Writes ebtokens.yml (an output for each platform asked for: --swift, --kotlin, --css (the default), \
      --xcassets, --android, --typescript, --scss; and an audit \
      rule), tokens/tokens.yaml (a color, an alias and a dimension) and schemas/*.json, which the two \
      name on their first lines so editors complete and check them. Never overwrites a file: when any \
      of them exists, it names each and writes nothing (exit 2).
      """)

  @Option(help: "The project folder (created when missing; default: the current folder).")
  var path = "."

  @Flag(help: "The outputs to generate (default: swift, kotlin and css).")
  var platforms: [Configuration.Output.Kind] = []

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    let chosen = platforms.isEmpty ? [.swift, .kotlin, .css] : platforms
    let written = try diagnostics.reporting { try StarterProject.create(in: path, platforms: chosen) }
    let folder = path == "." ? "" : (path as NSString).standardizingPath + "/"
    for file in written { print("created \(folder)\(file)") }
    print("next: \(StarterProject.nextCommand(directory: path))")
  }
}
