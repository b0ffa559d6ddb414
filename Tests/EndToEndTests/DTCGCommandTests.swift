import Foundation
import Testing

/// DTCG JSON files, as other tools write them, through the commands.
@Suite struct DTCGCommandTests {
  /// The specification's examples the core tests check (`EBTokensTests/Fixtures/dtcg`).
  static let examples = BinaryRunner.repositoryRoot.appendingPathComponent(
    "Tests/EBTokensTests/Fixtures/dtcg")

  @Test func theSpecificationsExamplesBuildUnchanged() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-dtcg-\(UUID().uuidString)")
    let tokens = directory.appendingPathComponent("tokens")
    try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for example in ["format-26-complex-hierarchy", "format-35-color-component-references"] {
      try FileManager.default.copyItem(
        at: Self.examples.appendingPathComponent(example).appendingPathComponent("example.tokens.json"),
        to: tokens.appendingPathComponent(example + ".tokens.json"))
    }
    try Data(
      """
      tokens: tokens
      outputs:
        - kind: swift
          destination: out/swift
        - kind: kotlin
          destination: out/kotlin
        - kind: css
          destination: out/tokens.css
      """.utf8
    ).write(to: directory.appendingPathComponent("ebtokens.yml"))

    let result = try BinaryRunner.run(["build"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let css = try String(contentsOf: directory.appendingPathComponent("out/tokens.css"), encoding: .utf8)
    // A root token is its group's property; an inherited one is a property of its own.
    #expect(css.contains("  --color-brand: #0066cc;\n"))
    #expect(css.contains("  --color-semantic: #0066cc;\n"))
    #expect(css.contains("  --color-semantic-success: #00cc66;\n"))
    // Channels that are not 8-bit values (0.7 × 255 = 178.5) are written exactly.
    #expect(css.contains("  --semantic-primary: rgb(51 102 178.5 / 1);\n"))
    let swift = generatedSources(
      in: directory.appendingPathComponent("out/swift/Sources/EBTokens"), extension: "swift")
    #expect(swift.contains("public static var root: EBColor { EBColor(hex: 0x0066CC) }"))
  }

  @Test func listReadsDTCGFilesAndReportsTheirErrorsAtTheirPlace() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-dtcg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1,}\n}\n".utf8)
      .write(to: directory.appendingPathComponent("bad.tokens.json"))
    let result = try BinaryRunner.run(["list", "--tokens", "."], in: directory)
    #expect(result.status == 2)
    #expect(
      result.stderr == """
        bad.tokens.json:2:40: error: invalid JSON: JSON does not allow a comma before '}'
          "a": {"$type": "number", "$value": 1,}
                                               ^
        1 error

        """)
  }

  @Test func exportWritesAFileThatListsAsTheShippedTokens() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-dtcg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("out/eastblue.tokens.json")
    let export = try BinaryRunner.run(["export", "--output", file.path])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8).contains("\"$ref\": \"#/main/alert/color/"))

    func values(_ arguments: [String]) throws -> [String: String] {
      let result = try BinaryRunner.run(["list", "--format", "json"] + arguments)
      #expect(result.status == 0, "\(result.stderr)")
      let tokens = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
      return Dictionary(uniqueKeysWithValues: tokens.map { ("\($0["name"] ?? "")", "\($0["value"] ?? "")") })
    }
    let original = try values([])
    #expect(original.count == 46)
    #expect(try values(["--tokens", file.deletingLastPathComponent().path]) == original)
  }

  @Test func exportResolvedWritesNoReferencesToStandardOutput() throws {
    let result = try BinaryRunner.run(["export", "--resolved"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("$ref") && !result.stdout.contains("\"{"))
    #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil)
  }

  @Test func exportOfInvalidTokensWritesNothingAndExitsTwo() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-dtcg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("out.tokens.json")
    let result = try BinaryRunner.run(
      ["export", "--tokens", "Fixtures/bad-tokens", "--output", file.path], in: BinaryRunner.testsDirectory)
    #expect(result.status == 2)
    #expect(result.stderr.hasSuffix("4 errors\n"))
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  /// `export` writes none of the config's outputs, so their paths, even outside the project,
  /// do not stop it; `build` still refuses them.
  @Test func exportIgnoresThePathsOfTheOutputsItDoesNotWrite() throws {
    try ListCommandTests.withModalProject { project in
      let export = try BinaryRunner.run(["export", "--config", "ebtokens.yml", "--resolved"], in: project)
      #expect(export.status == 0, "\(export.stderr)")
      #expect(export.stderr.isEmpty)
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
      #expect((document["color"] as? [String: Any])?.keys.sorted() == ["bg", "ink", "text"])
      let build = try BinaryRunner.run(["build"], in: project)
      #expect(build.status == 2)
      #expect(
        build.stderr.hasPrefix(
          "ebtokens.yml:8:18: error: 'destination' path '../elsewhere/tokens.css' is outside the project folder; "
            + "pass --allow-outside-project to permit it"), "\(build.stderr)")
    }
  }
}
