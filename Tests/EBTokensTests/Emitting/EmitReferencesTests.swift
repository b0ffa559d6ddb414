import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

extension ProjectFixture {
  /// `Fixtures/emitting-references`: Swift and Kotlin with `references: true`, in light and dark.
  static let references = ProjectFixture("emitting-references")
}

extension ToolchainFixture {
  /// `Fixtures/emitting-references`: each alias, written as the token it names, holds its value in
  /// each mode; in Kotlin also the one declared before its target in the same object.
  static let references = ToolchainFixture(
    name: "references", write: { try ProjectFixture.references.build(in: $0) },
    folder: ProjectFixture.references.directory,
    swiftOutput: [
      "light.title #072592",
      "light.body #072592CC",
      "light.caption #072592CC",
      "light.raised #FFFFFF",
      "light.overlay #07259280",
      "dark.title #E8EEF7",
      "dark.body #E8EEF7CC",
      "dark.caption #E8EEF7CC",
      "dark.raised #121212",
      "dark.overlay #E8EEF780",
      "link #005CE5",
      "border #E5EBF4",
      "radius 16.0",
    ],
    kotlinOutput: [
      "light.title ff072592",
      "light.body cc072592",
      "light.caption cc072592",
      "light.raised ffffffff",
      "light.overlay 80072592",
      "dark.title ffe8eef7",
      "dark.body cce8eef7",
      "dark.caption cce8eef7",
      "dark.raised ff121212",
      "dark.overlay 80e8eef7",
      "link ff005ce5",
      "border ffe5ebf4",
      "radius 16.0.dp",
    ])
}

@Suite struct EmitReferencesTests {
  @Test(arguments: ["swift", "kotlin"])
  func referencesOutputMatchesItsGoldenFiles(destination: String) throws {
    let output = try ProjectFixture.references.output(destination)
    #expect(!output.files.isEmpty)
    for file in output.files {
      try Golden.expectMatch(file.contents, golden: "emitting-references/\(destination)/\(file.path).golden")
    }
  }

  @Test func swiftWritesEachAliasAsTheTokenItNames() throws {
    let swift = try ProjectFixture.references.text("swift")
    #expect(swift.contains("light: EBTokens.Color.Text.title.light.opacity(0.8)"))
    #expect(swift.contains("dark: EBTokens.Color.Text.title.dark.opacity(0.8)"))
    #expect(swift.contains("public static var link: EBColor { EBTokens.Color.brand }"))
    #expect(swift.contains("public static var radius: Swift.Double { EBTokens.Size.base }"))
    // An alias of a deprecated token is its value: naming the token would warn.
    #expect(swift.contains("public static var border: EBColor { EBColor(hex: 0xE5EBF4) }"))
  }

  @Test func kotlinWritesEachAliasAsAGetterOfTheTokenItNames() throws {
    let kotlin = try ProjectFixture.references.text("kotlin")
    #expect(kotlin.contains("val link: ComposeColor get() = EBTokens.Color.brand"))
    #expect(kotlin.contains("light = EBTokens.Color.Text.title.light.copy(alpha = 0.8f)"))
    #expect(kotlin.contains("val radius: Dp get() = EBTokens.Size.base"))
    #expect(kotlin.contains("val border: ComposeColor get() = ComposeColor(0xFFE5EBF4)"))
    // A literal is a getter too: no object's initializer grows with its tokens.
    #expect(kotlin.contains("val brand: ComposeColor get() = ComposeColor(0xFF005CE5)"))
  }

  @Test func withoutTheOptionAliasesAreLiterals() throws {
    var configuration = try ProjectFixture.references.configuration()
    #expect(configuration.outputs.allSatisfy { $0.options.codeKeepsReferences })
    for index in configuration.outputs.indices {
      configuration.outputs[index].options.codeKeepsReferences = false
    }
    let outputs = try OutputRenderer(configuration: configuration).render(
      ModalTokenLoader().load(configuration: configuration).value)
    let text = outputs.flatMap(\.files).map(\.contents).joined()
    #expect(!text.contains(".light.opacity(") && !text.contains(".copy(alpha"))
    #expect(!text.contains("{ EBTokens.Color.brand }") && !text.contains("get() = EBTokens.Color.brand\n"))
    #expect(text.contains("public static var link: EBColor { EBColor(hex: 0x005CE5) }"))
    #expect(text.contains("val link: ComposeColor get() = ComposeColor(0xFF005CE5)"))
    #expect(text.contains("val radius: Dp get() = 16.dp"))
    #expect(text.contains("light: EBColor(hex: 0x072592, alpha: 0.8)"))
    #expect(text.contains("light = ComposeColor(0xCC072592)"))
  }

  /// With references, a namespace named like the root would hide it from the aliases inside it.
  @Test func withReferencesAGroupMayNotBeNamedLikeTheRoot() throws {
    let tokens = TokenSet(tokens: [
      EmitFilterTests.token("brand.primary"), EmitFilterTests.token("brand.link", reference: "brand.primary"),
    ])
    func render(references: Bool) throws -> [GeneratedOutput] {
      let configuration = try ConfigurationLoader().load(
        yaml: """
          outputs:
            - kind: swift
              destination: swift
              options: {module: Brand, references: \(references)}
            - kind: kotlin
              destination: kotlin
              options: {object: Brand, references: \(references)}
          """, path: "ebtokens.yml")
      return try OutputRenderer(configuration: configuration).render(tokens)
    }
    #expect(try render(references: false).count == 2)
    let error = try #require(throws: DiagnosticsError.self) { try render(references: true) }
    #expect(error.diagnostics.count == 2)
    #expect(error.diagnostics.allSatisfy { $0.message.contains("'Brand'") })
  }

  @Test func theOptionIsReadForSwiftAndKotlinAndOffByDefault() throws {
    let configuration = try ConfigurationLoader().load(
      yaml: """
        outputs:
          - kind: swift
            destination: swift
          - kind: kotlin
            destination: kotlin
            options:
              references: true
        """, path: "ebtokens.yml")
    #expect(!configuration.outputs[0].options.codeKeepsReferences)
    #expect(configuration.outputs[1].options.codeKeepsReferences)
  }
}
