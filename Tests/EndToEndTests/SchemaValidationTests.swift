import Foundation
import TestSupport
import Testing

/// The JSON Schemas in `schemas/`, checked by PyPI's `check-jsonschema` as an editor would: every
/// shipped file validates, and the bad-input corpus cases that are a matter of shape are refused.
@Suite(.requires(.checkJSONSchema)) struct SchemaValidationTests {
  static let root = BinaryRunner.repositoryRoot
  static let configSchema = root.appendingPathComponent("schemas/ebtokens.schema.json").path
  static let tokenSchema = root.appendingPathComponent("schemas/tokens.schema.json").path

  /// The comment line that points editors (the YAML language server) at a schema.
  static let schemaComment = "# yaml-language-server: $schema="

  /// Runs `check-jsonschema` on `files` against `schema`.
  func validate(_ files: [String], schema: String) throws -> ChildProcess.Result {
    let tool = try ExternalTool.checkJSONSchema.require()
    return try ExternalTool.run(tool, ["--schemafile", schema] + files, in: Self.root, timeout: 120)
  }

  /// The YAML files below `folder` (relative to the repository), sorted.
  static func yamlFiles(in folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
    return paths.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.map { "\(folder)/\($0)" }.sorted()
  }

  static let shippedConfigs = [
    "ebtokens.yml", "examples/dark-mode/ebtokens.yml", "examples/plugin-consumer/ebtokens.yml",
    "examples/plugin-consumer/Sources/TokensDemo/ebtokens.yml",
  ]
  static var shippedTokenFiles: [String] {
    yamlFiles(in: "tokens") + yamlFiles(in: "examples").filter { !shippedConfigs.contains($0) }
  }

  @Test func everyShippedConfigValidates() throws {
    let run = try validate(Self.shippedConfigs, schema: Self.configSchema)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("ok -- validation done"))
  }

  @Test func everyShippedTokenFileValidates() throws {
    let files = Self.shippedTokenFiles
    #expect(files.count >= 8, "the shipped token files were not found: \(files)")
    let run = try validate(files, schema: Self.tokenSchema)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("ok -- validation done"))
  }

  /// Every shipped file starts with the schema comment, and its relative path leads to the schema.
  @Test func everyShippedFileNamesItsSchema() throws {
    let files =
      Self.shippedConfigs.map { ($0, "ebtokens.schema.json") }
      + Self.shippedTokenFiles.map { ($0, "tokens.schema.json") }
    for (file, schema) in files {
      let url = Self.root.appendingPathComponent(file)
      let firstLine = try String(contentsOf: url, encoding: .utf8).prefix { $0 != "\n" }
      let reference = try #require(
        firstLine.hasPrefix(Self.schemaComment) ? firstLine.dropFirst(Self.schemaComment.count) : nil,
        "\(file) does not start with '\(Self.schemaComment)…'")
      let target = url.deletingLastPathComponent().appendingPathComponent(String(reference))
        .standardizedFileURL
      #expect(target.lastPathComponent == schema, "\(file) names \(reference)")
      #expect(FileManager.default.fileExists(atPath: target.path), "\(file): \(reference) does not exist")
    }
  }

  /// The corpus cases whose mistake is one of shape, which the schema can see without resolving
  /// anything, and why. The others are not the schema's: YAML syntax and encoding (the YAML
  /// parser refuses them before any schema), references and cycles, tokens defined twice across
  /// files or types that conflict across files, names that clash once generated, paths that
  /// leave the project (allowed by `--allow-outside-project`), the files on disk, and templates.
  static let refusedBySchema: [(case: String, file: String, why: String)] = [
    ("config-audit-errors", "ebtokens.yml", "level AAAA, canvas #GGGGGG, background #12345, role body"),
    ("config-empty", "ebtokens.yml", "an empty document is not a mapping"),
    (
      "config-invalid-values", "ebtokens.yml",
      "kind less, an invalid module, package and selector, references: on"
    ),
    (
      "config-missing-keys", "ebtokens.yml",
      "an output without destination or kind, a rule without background"
    ),
    ("config-not-a-mapping", "ebtokens.yml", "the top is a list"),
    ("config-selector-unclosed-quote", "ebtokens.yml", "a selector whose quote is not closed"),
    ("config-unknown-keys", "ebtokens.yml", "output, destinaton and format are no keys"),
    ("config-wrong-types", "ebtokens.yml", "tokens a list, outputs a mapping, fail-build: yes, rules: none"),
    ("resolver-config-conflicts", "ebtokens.yml", "resolver with tokens and modes; resolver without path"),
    ("alpha-modifier-forms", "tokens/tokens.yaml", "@ 80 without %, @ 80% @ 50%"),
    ("alpha-on-dimension", "tokens/tokens.yaml", "the alpha modifier on a dimension"),
    ("color-forms", "tokens/tokens.yaml", "#GGG, #12345, rgb(…), red, an unquoted # (a comment: null)"),
    ("description-not-a-string", "tokens/tokens.yaml", "$description is a mapping"),
    ("dimension-forms", "tokens/tokens.yaml", "4 px, NaNpx, 4pt, a unitless 4, .5rem, 0x10px"),
    ("dollar-key-at-top", "tokens/tokens.yaml", "$value at the top of a file"),
    ("dollar-name-for-token", "tokens/tokens.yaml", "a token named $bg"),
    ("empty-file", "tokens/tokens.yaml", "an empty document is not a mapping"),
    ("empty-name", "tokens/tokens.yaml", "a name that is empty"),
    ("extensions-not-a-mapping", "tokens/tokens.yaml", "$extensions is a string"),
    (
      "font-weight-and-duration-forms", "tokens/tokens.yaml",
      "-200ms, 1min, weight 0 and 1001, an empty family"
    ),
    ("name-with-braces", "tokens/tokens.yaml", "a name with { and }"),
    ("name-with-dot", "tokens/tokens.yaml", "a name with a dot"),
    ("null-value", "tokens/tokens.yaml", "tokens written with no value"),
    ("number-forms", "tokens/tokens.yaml", "a quoted number, NaN, 50%"),
    ("only-comments", "tokens/tokens.yaml", "a document of comments only is empty"),
    ("shadow-as-a-css-string", "tokens/tokens.yaml", "a shadow written as a CSS string"),
    ("token-with-children", "tokens/tokens.yaml", "a token with a child token"),
    ("top-level-null", "tokens/tokens.yaml", "the top is null"),
    ("top-level-scalar", "tokens/tokens.yaml", "the top is a string"),
    ("top-level-sequence", "tokens/tokens.yaml", "the top is a list"),
    ("type-not-a-string", "tokens/tokens.yaml", "$type is a list"),
    ("unknown-dollar-key-on-group", "tokens/tokens.yaml", "$comment on a group"),
    ("unknown-dollar-key-suggestion", "tokens/tokens.yaml", "$vaule on a token"),
    ("type-not-dtcg-strict", "tokens/tokens.yaml", "$type sparkles, a warning that --strict makes an error"),
    ("unknown-type-suggestion", "tokens/tokens.yaml", "$type colour"),
  ]

  @Test(arguments: refusedBySchema.map(\.case))
  func theSchemaRefusesCorpusCase(_ name: String) throws {
    let entry = try #require(Self.refusedBySchema.first { $0.case == name })
    let folder = BinaryRunner.testsDirectory.appendingPathComponent("Corpus/\(name)")
    // The case fails in ebtokens too: it is a bad-input case, not one that builds.
    let expectedExit = try String(
      contentsOf: folder.appendingPathComponent("expected-exit-code"), encoding: .utf8)
    #expect(expectedExit.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
    let schema = entry.file == "ebtokens.yml" ? Self.configSchema : Self.tokenSchema
    let run = try validate([folder.appendingPathComponent(entry.file).path], schema: schema)
    #expect(run.status == 1, "\(name) (\(entry.why)) passed the schema:\n\(run.stdout)\(run.stderr)")
    // Refused by the schema, not by the YAML parser.
    #expect(run.stdout.contains("Schema validation errors were encountered"), "\(run.stdout)\(run.stderr)")
  }

  /// The corpus cases that build pass the schemas too: the schemas refuse nothing ebtokens accepts.
  @Test(arguments: ["allow-outside-project-builds", "utf8-bom-builds"])
  func theSchemaAcceptsCorpusCaseThatBuilds(_ name: String) throws {
    let folder = "Tests/EndToEndTests/Corpus/\(name)"
    let tokenFiles = Self.yamlFiles(in: folder).filter { !$0.hasSuffix("ebtokens.yml") }
    #expect(!tokenFiles.isEmpty)
    let tokens = try validate(tokenFiles, schema: Self.tokenSchema)
    #expect(tokens.status == 0, "\(tokens.stdout)\(tokens.stderr)")
    let config = "\(folder)/ebtokens.yml"
    if FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(config).path) {
      let run = try validate([config], schema: Self.configSchema)
      #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
  }

  /// The files `ebtokens init` writes validate against the schemas it writes beside them.
  @Test func theStarterProjectValidates() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let initRun = try BinaryRunner.run(["init"], in: folder)
    try #require(initRun.status == 0, "\(initRun.stderr)")
    for (file, schema) in [
      ("ebtokens.yml", "ebtokens.schema.json"), ("tokens/tokens.yaml", "tokens.schema.json"),
    ] {
      let run = try validate(
        [folder.appendingPathComponent(file).path],
        schema: folder.appendingPathComponent("schemas/\(schema)").path)
      #expect(run.status == 0, "\(file): \(run.stdout)\(run.stderr)")
    }
  }

  /// A token file may name DTCG's own schema in `$schema`: ebtokens's schema accepts it, as the
  /// token loader does (PublishedFileTests).
  @Test func aTokenFileMayNameTheDTCGSchema() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("tokens.yaml")
    try Data(
      """
      $schema: https://www.designtokens.org/schemas/2025.10/format.json
      color:
        $type: color
        brand: "#072592"

      """.utf8
    ).write(to: file)
    let run = try validate([file.path], schema: Self.tokenSchema)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
  }
}
