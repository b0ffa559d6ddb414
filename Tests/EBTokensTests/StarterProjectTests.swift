import EBTokensConfig
import EBTokensSupport
import Foundation
import Testing

@testable import EBTokensBuild

/// `ebtokens init`'s files, and that it never overwrites one.
@Suite struct StarterProjectTests {
  @Test func theConfigHasAnOutputForEachPlatformAskedForAndAnAuditRule() throws {
    for platforms in [
      [Configuration.Output.Kind.kotlin], [.swift, .css], Configuration.Output.Kind.allCases,
    ] {
      let text = StarterProject.configuration(platforms: platforms)
      let configuration = try ConfigurationLoader().load(yaml: text, path: "ebtokens.yml")
      #expect(configuration.outputs.map(\.kind.rawValue) == platforms.map(\.rawValue))
      #expect(configuration.audit.rules.map(\.foreground) == ["color.text"])
      #expect(text.hasPrefix("# yaml-language-server: $schema=schemas/ebtokens.schema.json\n"))
    }
  }

  @Test func theTokenFileHasAColorAnAliasAndADimension() throws {
    let tokens = try loadTokens(["tokens.yaml": StarterProject.tokens])
    let byName = Dictionary(uniqueKeysWithValues: tokens.tokens.map { ($0.path.description, $0) })
    #expect(byName["color.brand"]?.value.type == .color)
    #expect(byName["color.text"]?.reference?.target.description == "color.brand")
    #expect(byName["space.medium"]?.value.type == .dimension)
    #expect(
      StarterProject.tokens.hasPrefix("# yaml-language-server: $schema=../schemas/tokens.schema.json\n"))
  }

  /// The schemas init writes are exactly those in schemas/ (Scripts/embed-schemas.sh).
  @Test func theEmbeddedSchemasAreExactlyTheSchemasFolder() throws {
    let folder = TestPaths.repositoryRoot.appendingPathComponent("schemas")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json")
    }
    let advice = "Sources/EBTokensBuild/EmbeddedSchemas.swift is out of date; run Scripts/embed-schemas.sh"
    #expect(names.sorted() == EmbeddedSchemas.files.keys.sorted(), "\(advice)")
    for name in names {
      let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
      #expect(EmbeddedSchemas.files[name] == text, "schemas/\(name) differs. \(advice)")
    }
  }

  @Test func itWritesNothingWhenAnyFileExists() throws {
    try withTemporaryDirectory { directory in
      let existing = directory.appendingPathComponent("tokens/tokens.yaml")
      try FileManager.default.createDirectory(
        at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("mine: {$type: number, $value: 1}\n".utf8).write(to: existing)
      // A dangling link stands in a file's place too.
      try FileManager.default.createSymbolicLink(
        atPath: directory.appendingPathComponent("ebtokens.yml").path, withDestinationPath: "nowhere")

      let error = try #require(throws: DiagnosticsError.self) {
        try StarterProject.create(in: directory.path, platforms: Configuration.Output.Kind.allCases)
      }
      #expect(
        error.diagnostics.map(\.message).sorted() == [
          "'\(directory.path)/ebtokens.yml' already exists; ebtokens init never overwrites a file",
          "'\(directory.path)/tokens/tokens.yaml' already exists; ebtokens init never overwrites a file",
        ])
      #expect(try String(contentsOf: existing, encoding: .utf8) == "mine: {$type: number, $value: 1}\n")
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("schemas").path))
    }
  }

  @Test func itWritesEveryFileIntoANewFolder() throws {
    try withTemporaryDirectory { directory in
      let project = directory.appendingPathComponent("new/project")
      let written = try StarterProject.create(in: project.path, platforms: [.css])
      #expect(
        written == [
          "ebtokens.yml", "tokens/tokens.yaml", "schemas/ebtokens.schema.json", "schemas/tokens.schema.json",
        ])
      for (path, text) in StarterProject.files(platforms: [.css]) {
        #expect(try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8) == text)
      }
    }
  }

  @Test func theNextCommandQuotesAFolderTheShellWouldSplit() {
    #expect(StarterProject.nextCommand(directory: ".") == "ebtokens build")
    #expect(StarterProject.nextCommand(directory: "design/tokens") == "cd design/tokens && ebtokens build")
    #expect(StarterProject.nextCommand(directory: "my tokens") == "cd 'my tokens' && ebtokens build")
    #expect(StarterProject.nextCommand(directory: "it's") == #"cd 'it'\''s' && ebtokens build"#)
  }
}
