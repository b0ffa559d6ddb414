import EBTokens
import Foundation
import Testing

/// The code of the DocC article "Using the library from Swift"
/// (Sources/EBTokens/EBTokens.docc/UsingTheLibrary.md), run on the shipped tokens and the
/// dark-mode example. The article's snippets are these functions' bodies: a change to the public
/// API that would make the article wrong fails here. Only `import EBTokens`, as a library user
/// writes it.
@Suite struct LibraryUsageTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func configPath(_ relative: String) -> String {
    repository.appendingPathComponent(relative).path
  }

  @Test func loadsTheShippedTokensAndReadsAResolvedAlias() throws {
    // Load the project: its config, then its tokens, every reference resolved.
    let configuration = try ConfigurationLoader().load(path: Self.configPath("ebtokens.yml"))
    let loaded = try ProjectTokens.load(configuration)
    let tokens: ModalTokenSet = loaded.value

    // Read a token: its resolved value, and what it was written as.
    let description = try #require(tokens.sets[0]["main.alert.color.information.description"])
    guard case .color(let color) = description.value else {
      Issue.record("expected a color, got \(description.value)")
      return
    }
    #expect(color.hex == "#072592CC")
    #expect(description.reference?.target.name == "main.alert.color.information.label-title")
    #expect(description.reference?.alphaFactor == 0.8)
    #expect(description.location.file.hasSuffix("tokens/main/alert.yaml"))
    #expect((description.location.line, description.location.column) == (11, 9))

    #expect(!tokens.hasModes)
    #expect(tokens.sets.count == 1)
    #expect(loaded.warnings.isEmpty)
  }

  @Test func resolvesEveryModeOfTheDarkModeExample() throws {
    // The example's base tokens are the repository's own, outside its folder.
    let configuration = try ConfigurationLoader(allowsPathsOutsideProject: true)
      .load(path: Self.configPath("examples/dark-mode/ebtokens.yml"))
    let tokens = try ProjectTokens.load(configuration).value

    #expect(tokens.modes == ["light", "dark"])
    let background = try #require(tokens.tokens.first { $0.name == "main.nudge.color.primary.bg" })
    let hexes = background.byMode.map { token -> String? in
      guard case .color(let color) = token.value else { return nil }
      return color.hex
    }
    #expect(hexes.count == 2)
    #expect(!background.isConstant)
    #expect(hexes[0] != hexes[1])
  }

  @Test func rendersOneOutputToBytesWithoutWriting() throws {
    let configuration = try ConfigurationLoader().load(path: Self.configPath("ebtokens.yml"))
    let tokens = try ProjectTokens.load(configuration).value

    // Render the CSS output alone, in memory.
    let css = try #require(configuration.outputs.first { $0.kind == .css })
    let output = try OutputRenderer(configuration: configuration).render(css, tokens: tokens)
    let file = try #require(output.files.first)
    let text = String(decoding: file.bytes, as: UTF8.self)

    #expect(output.files.count == 1)
    #expect(file.path == "tokens.css")
    #expect(output.directory == Self.configPath("dist/css"))
    #expect(text.contains("--main-alert-color-information-label-title: #072592;"))
    #expect(output.warnings.isEmpty)
  }

  @Test func auditsTheContrastOfTheShippedTokens() throws {
    let configuration = try ConfigurationLoader().load(path: Self.configPath("ebtokens.yml"))
    let tokens = try ProjectTokens.load(configuration).value

    // Run the contrast audit the config's rules describe.
    let audit = try ContrastAudit.run(
      tokens: tokens, audit: configuration.audit, configPath: configuration.path)
    let failing = audit.failuresFirst.filter { !$0.passes }
    let markdown = AuditReport.render(audit, format: .markdown)

    #expect(audit.summary == "4 of 27 pairs fail WCAG 2 AA")
    #expect(audit.exitCode == 1)
    #expect(failing.map(\.foreground).contains("main.subtext-message.success.icon"))
    let warning = try #require(failing.first { $0.foreground == "main.alert.color.warning.description" })
    #expect(String(format: "%.2f", warning.ratio) == "4.42")
    #expect(markdown.contains("main.alert.color.warning.description"))
  }

  @Test func reportsEveryErrorAsTheCommandLinePrintsIt() throws {
    let broken = """
      tokens: tokens
      outputs:
        - kind: swift
          destinaton: dist/swift
      """
    do {
      _ = try ConfigurationLoader().load(yaml: broken, path: "ebtokens.yml")
      Issue.record("a misspelt key was accepted")
    } catch let error as DiagnosticsError {
      var renderer = DiagnosticRenderer(showsSourceLines: false)
      let printed = renderer.render(error.diagnostics)
      #expect(
        printed == """
          ebtokens.yml:3:5: error: an output needs 'destination'
          ebtokens.yml:4:5: error: unknown key 'destinaton' in an output; did you mean 'destination'?

          """)
    }
  }
}
