import Foundation
import TestSupport
import Testing

@testable import EBTokensCore

/// The token set and outputs the emitting tests share, from `Fixtures/emitting`: names that
/// need converting, keywords, references with and without alpha, px and rem, descriptions
/// and deprecations written to break out of comments and strings.
enum EmitFixture {
  /// Every kind of output; `css-literal` is the CSS with references off, under `.literal`, so one
  /// page can load both stylesheets.
  static let configurationYAML = """
    tokens: tokens
    outputs:
      - kind: swift
        destination: swift
      - kind: kotlin
        destination: kotlin
      - kind: css
        destination: css/tokens.css
      - kind: css
        destination: css-literal/tokens.css
        options:
          selector: .literal
          references: false
    """

  static let tokensDirectory = TestPaths.fixture("emitting/tokens")

  static func tokens() throws -> TokenSet {
    try TokenLoader().load(directory: tokensDirectory)
  }

  /// The fixture's configuration, with its outputs below `baseDirectory`.
  static func configuration(baseDirectory: String = ".") throws -> Configuration {
    try ConfigurationLoader().load(
      yaml: configurationYAML, path: "ebtokens.yml", baseDirectory: baseDirectory)
  }

  /// Every output, rendered with the built-in templates, in the configuration's order.
  static func render(baseDirectory: String = ".") throws -> [GeneratedOutput] {
    try OutputRenderer(configuration: configuration(baseDirectory: baseDirectory)).render(tokens())
  }

  /// Renders every output and writes it below `directory` (`swift/`, `kotlin/`, `css/`, `css-literal/`).
  static func write(to directory: URL) throws {
    let writer = OutputWriter()
    try writer.apply(writer.plan(render(baseDirectory: directory.path)))
  }
}

/// The modes fixture, `Fixtures/emitting-modes`: a project (`project/`) with three modes, the last
/// layering two layers, and the apps and page that use its outputs.
enum ModesFixture {
  static let directory = TestPaths.fixtures.appendingPathComponent("emitting-modes")
  static let project = directory.appendingPathComponent("project")

  static func configuration(in project: URL = project) throws -> Configuration {
    try ConfigurationLoader().load(path: project.appendingPathComponent("ebtokens.yml").path)
  }

  /// Every output, rendered in memory with the built-in templates, in the configuration's order.
  static func render() throws -> [GeneratedOutput] {
    let configuration = try configuration()
    return try OutputRenderer(configuration: configuration).render(
      ModalTokenLoader().load(configuration: configuration))
  }

  /// Copies the project to `directory` and builds it there (`swift/`, `kotlin/`, `css/`, `css-literal/`).
  static func build(in directory: URL) throws {
    for item in try FileManager.default.contentsOfDirectory(atPath: project.path) {
      try FileManager.default.copyItem(
        at: project.appendingPathComponent(item), to: directory.appendingPathComponent(item))
    }
    _ = try Builder().build(configuration(in: directory), mode: .write)
  }
}

/// Expected outputs kept as files under `Golden/`.
enum Golden {
  static var isRecording: Bool { ProcessInfo.processInfo.environment["EBTOKENS_RECORD"] == "1" }

  /// Checks `actual` against `Golden/<name>`; with `EBTOKENS_RECORD=1`, writes it there instead.
  static func expectMatch(
    _ actual: String, golden name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let url = TestPaths.golden.appendingPathComponent(name)
    if isRecording {
      if ExternalTool.isCI {
        Issue.record(
          "EBTOKENS_RECORD is set in CI, where goldens are checked, never recorded",
          sourceLocation: sourceLocation)
      }
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      print("recorded Golden/\(name)")
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record(
        Comment(
          rawValue: "missing golden file Golden/\(name); record it with "
            + "`EBTOKENS_RECORD=1 swift test --filter EmitGoldenTests`, then review it"),
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    func shown(_ lines: [Substring]) -> String { line < lines.count ? "'\(lines[line])'" : "end of file" }
    Issue.record(
      """
      Golden/\(name) differs at line \(line + 1):
        expected \(shown(expectedLines))
        actual   \(shown(actualLines))
      If the change is intended, re-record with `EBTOKENS_RECORD=1 swift test --filter EmitGoldenTests`.
      """, sourceLocation: sourceLocation)
  }
}
