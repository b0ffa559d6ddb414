import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

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
    try TokenLoader().load(directory: tokensDirectory).value
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

/// A fixture folder that holds a project (`project/`: its config and token files) and the apps and
/// pages that use its outputs.
struct ProjectFixture: Sendable {
  let directory: URL
  var project: URL { directory.appendingPathComponent("project") }

  /// `Fixtures/<name>`.
  init(_ name: String) {
    directory = TestPaths.fixtures.appendingPathComponent(name)
  }

  /// The project's configuration, or that of its copy in `project`.
  func configuration(in project: URL? = nil) throws -> Configuration {
    try ConfigurationLoader().load(
      path: (project ?? self.project).appendingPathComponent("ebtokens.yml").path)
  }

  /// Every output, rendered in memory with the built-in templates, in the configuration's order.
  func render() throws -> [GeneratedOutput] {
    let configuration = try configuration()
    return try OutputRenderer(configuration: configuration).render(
      ModalTokenLoader().load(configuration: configuration).value)
  }

  /// The rendered output whose folder is named `destination`.
  func output(_ destination: String) throws -> GeneratedOutput {
    try #require(try render().first { ($0.directory as NSString).lastPathComponent == destination })
  }

  /// The text of every file of the output whose folder is named `destination`.
  func text(_ destination: String) throws -> String {
    try output(destination).files.map(\.contents).joined()
  }

  /// Copies the project to `directory` and builds it there; the build's warnings.
  @discardableResult func build(in directory: URL) throws -> [Diagnostic] {
    for item in try FileManager.default.contentsOfDirectory(atPath: project.path) {
      try FileManager.default.copyItem(
        at: project.appendingPathComponent(item), to: directory.appendingPathComponent(item))
    }
    return try Builder().build(configuration(in: directory), mode: .write).warnings
  }
}

/// The modes fixture, `Fixtures/emitting-modes`: a project (`project/`) with three modes, the last
/// layering two layers, and the apps and page that use its outputs.
enum ModesFixture {
  static let fixture = ProjectFixture("emitting-modes")
  static let directory = fixture.directory
  static let project = fixture.project

  static func configuration(in project: URL = project) throws -> Configuration {
    try fixture.configuration(in: project)
  }

  static func render() throws -> [GeneratedOutput] { try fixture.render() }

  /// Builds a copy of the project in `directory` (`swift/`, `kotlin/`, `css/`, `css-literal/`).
  static func build(in directory: URL) throws { try fixture.build(in: directory) }
}

/// `Fixtures/figma`: projects in the shape of Figma's native Variables export (see its README).
enum FigmaFixture {
  static let directory = TestPaths.fixtures.appendingPathComponent("figma")

  /// Copies the project `name` (its config and token folders) to `directory` and builds it there
  /// (`swift/`, `kotlin/`, `css/`); its warnings are what its `expected-warnings.txt` records.
  static func build(_ name: String, in directory: URL) throws -> [Diagnostic] {
    let project = self.directory.appendingPathComponent(name)
    for item in ["ebtokens.yml", "tokens", "dark"]
    where FileManager.default.fileExists(atPath: project.appendingPathComponent(item).path) {
      try FileManager.default.copyItem(
        at: project.appendingPathComponent(item), to: directory.appendingPathComponent(item))
    }
    let configuration = try ConfigurationLoader().load(
      path: directory.appendingPathComponent("ebtokens.yml").path)
    return try Builder().build(configuration, mode: .write).warnings
  }
}

/// `Fixtures/realworld/terrazzo-build`: Terrazzo's design system as published
/// (`Fixtures/realworld/terrazzo-ds`, see its SOURCE.md), built through its own resolver document.
enum TerrazzoFixture {
  static let directory = TestPaths.fixtures.appendingPathComponent("realworld/terrazzo-build")
  static let source = TestPaths.fixtures.appendingPathComponent("realworld/terrazzo-ds")

  /// Copies the config and the design system to `directory` and builds there (`swift/`, `kotlin/`,
  /// `css/`); the warnings are what `expected-warnings.txt` records.
  static func build(in directory: URL) throws -> [Diagnostic] {
    try FileManager.default.copyItem(
      at: self.directory.appendingPathComponent("ebtokens.yml"),
      to: directory.appendingPathComponent("ebtokens.yml"))
    try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("terrazzo-ds"))
    let configuration = try ConfigurationLoader().load(
      path: directory.appendingPathComponent("ebtokens.yml").path)
    return try Builder().build(configuration, mode: .write).warnings
  }
}

/// A fixture folder of tokens (`Fixtures/<name>/tokens`) rendered into every output with the emitting
/// fixture's configuration, its goldens in `Golden/<name>/<destination>/`.
protocol EmitFolderFixture {
  static var name: String { get }
}

extension EmitFolderFixture {
  static var folder: URL { URL(fileURLWithPath: TestPaths.fixture(name)) }

  static func tokens() throws -> TokenSet {
    try TokenLoader().load(directory: folder.appendingPathComponent("tokens").path).value
  }

  /// Every output, rendered with the built-in templates, in the configuration's order.
  static func render(baseDirectory: String = ".") throws -> [GeneratedOutput] {
    try OutputRenderer(configuration: EmitFixture.configuration(baseDirectory: baseDirectory)).render(
      tokens())
  }

  static func write(to directory: URL) throws {
    let writer = OutputWriter()
    try writer.apply(writer.plan(render(baseDirectory: directory.path)))
  }

  /// Each file of the output written to `destination` against its golden file.
  static func expectOutputMatchesItsGoldenFiles(destination: String) throws {
    let outputs = try render()
    let output = try #require(outputs.first { ($0.directory as NSString).lastPathComponent == destination })
    for file in output.files {
      try Golden.expectMatch(file.contents, golden: "\(name)/\(destination)/\(file.path).golden")
    }
  }
}
