import Foundation
import TestSupport
import Testing

@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// The DTCG specification's own examples (`Fixtures/dtcg/<example>/example.tokens.json`), each with
/// what ebtokens resolves it to, or the errors it reports, in `expected.txt`. Lines starting with `#`
/// there say where the example comes from and what in it is not valid as the spec itself defines.
///
/// `expected.txt` is a golden file (``Golden``): `EBTOKENS_RECORD=1` rewrites it (comments kept) and
/// fails; review every change.
@Suite struct DTCGConformanceTests {
  static let root = URL(fileURLWithPath: TestPaths.fixture("dtcg"))

  /// Every example folder. A folder that cannot be listed is an error, not zero examples.
  static func examples() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// The parameterized test below passes with no arguments at all: this one fails then.
  @Test func theExamplesAreFound() throws {
    let examples = try Self.examples()
    try #require(!examples.isEmpty, "no examples in \(Self.root.path)")
    #expect(examples.count >= 60, "only \(examples.count) examples in \(Self.root.path)")
  }

  @Test(arguments: try examples())
  func exampleResolvesAsExpected(example: String) throws {
    let folder = Self.root.appendingPathComponent(example)
    let files = try TokenFiles.find(in: folder.path).map {
      TokenFiles.File(path: $0.path, displayPath: ($0.path as NSString).lastPathComponent, format: $0.format)
    }
    var actual: [String]
    do {
      let loaded = try TokenLoader().load(files: files)
      actual =
        loaded.value.tokens.map(Self.describe)
        + loaded.warnings.map { "warning: \($0.location.map { "\($0): " } ?? "")\($0.message)" }
    } catch let error as DiagnosticsError {
      actual = error.diagnostics.map {
        "\($0.severity.rawValue): \($0.location.map { "\($0): " } ?? "")\($0.message)"
      }
    }
    #expect(!actual.isEmpty, "\(example) resolves to no token and no error")
    let expectedURL = folder.appendingPathComponent("expected.txt")
    // The comments come first; they are kept as they are, and recorded again with the results.
    let comments = (FileManager.default.contents(atPath: expectedURL.path) ?? Data())
      .split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
      .filter { $0.hasPrefix("#") }
    #expect(!comments.isEmpty, "\(example)/expected.txt should say where the example comes from")
    try Golden.expectMatch((comments + actual).map { $0 + "\n" }.joined(), file: expectedURL)
  }

  /// `name: type value`, then ` = {target}` for an alias, ` [deprecated: …]`, ` "description"` and
  /// ` extensions: keys`. Colors show their exact sRGB channels as well as hex.
  static func describe(_ token: Token) -> String {
    var line = "\(token.name): \(token.type.rawValue) \(value(token.value))"
    if let reference = token.reference { line += " = {\(reference.target.name)}" }
    switch token.deprecation {
    case .deprecated?: line += " [deprecated]"
    case .message(let message)?: line += " [deprecated: \(message)]"
    case nil: break
    }
    if let description = token.description { line += " \"\(description)\"" }
    if case .mapping(let extensions)? = token.extensions {
      line += " extensions: " + extensions.entries.map(\.key.value).joined(separator: ", ")
    }
    return line
  }

  private static func value(_ value: TokenValue) -> String {
    guard case .color(let color) = value else { return value.displayString }
    let channels = [color.red, color.green, color.blue].map(rounded).joined(separator: " ")
    return "\(color.hex) srgb(\(channels)\(color.alpha == 1 ? "" : " / " + rounded(color.alpha)))"
  }

  private static func rounded(_ value: Double) -> String {
    NumberFormatting.shortest((value * 1_000_000).rounded() / 1_000_000)
  }
}
