import ArgumentParser
import EBTokens
import Foundation

struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Start a project: write ebtokens.yml, a token file and the editor schemas.",
    discussion: """
      Writes ebtokens.yml (an output for each platform asked for, all three by default, and an audit \
      rule), tokens/tokens.yaml (a color, an alias and a dimension) and schemas/*.json, which the two \
      name on their first lines so editors complete and check them. Never overwrites a file: when any \
      of them exists, it names each and writes nothing (exit 2).
      """)

  @Option(help: "The project folder (created when missing; default: the current folder).")
  var path = "."

  @Flag(help: "Generate a Swift package.")
  var swift = false

  @Flag(help: "Generate Kotlin (Compose) objects.")
  var kotlin = false

  @Flag(help: "Generate CSS custom properties.")
  var css = false

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    let asked = zip([swift, kotlin, css], StarterProject.Platform.allCases).filter(\.0).map(\.1)
    let platforms = asked.isEmpty ? StarterProject.Platform.allCases : asked
    let written = try diagnostics.reporting { try StarterProject.create(in: path, platforms: platforms) }
    let folder = path == "." ? "" : (path as NSString).standardizingPath + "/"
    for file in written { print("created \(folder)\(file)") }
    print("next: \(StarterProject.nextCommand(directory: path))")
  }
}
