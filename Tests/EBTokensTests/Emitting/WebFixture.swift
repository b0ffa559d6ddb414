import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// The projects the web outputs (`typescript` and `scss`) are tested on, each with those two
/// outputs in place of its own: `typescript/` and `scss/` below the folder they are written to.
enum WebFixture: String, CaseIterable, CustomTestStringConvertible, Sendable {
  /// The shipped EastBlue tokens (`tokens/`), without modes.
  case eastBlue = "eastblue"
  /// The EastBlue tokens with the dark mode of `examples/dark-mode`.
  case eastBlueDark = "eastblue-dark"
  /// `Fixtures/emitting`: keyword names, descriptions and deprecations that try to break out.
  case emitting
  /// `Fixtures/emitting-composite`: typography, shadow, border and stroke style tokens.
  case composite
  /// `Fixtures/emitting-types`: cubic Bézier, transition, gradient and duration tokens.
  case types
  /// `Fixtures/emitting-modes`: three modes, one of them `high-contrast`.
  case modes

  var testDescription: String { rawValue }

  /// The project's configuration (its tokens and modes), with the web outputs below `directory`.
  func configuration(writingTo directory: URL = URL(fileURLWithPath: "/nonexistent")) throws -> Configuration
  {
    let loader = ConfigurationLoader(allowsPathsOutsideProject: true)
    var configuration: Configuration
    switch self {
    case .eastBlue, .emitting, .composite, .types:
      let tokens: URL
      switch self {
      case .eastBlue: tokens = TestPaths.repositoryRoot.appendingPathComponent("tokens")
      case .emitting: tokens = TestPaths.fixtures.appendingPathComponent("emitting/tokens")
      case .types: tokens = TestPaths.fixtures.appendingPathComponent("emitting-types/tokens")
      default: tokens = TestPaths.fixtures.appendingPathComponent("emitting-composite/tokens")
      }
      configuration = try loader.load(
        yaml: "tokens: \(tokens.path)\n", path: "ebtokens.yml", baseDirectory: directory.path)
    case .eastBlueDark:
      configuration = try loader.load(
        path: TestPaths.repositoryRoot.appendingPathComponent("examples/dark-mode/ebtokens.yml").path)
    case .modes:
      configuration = try loader.load(path: ModesFixture.project.appendingPathComponent("ebtokens.yml").path)
    }
    configuration.outputs = [Configuration.Output.Kind.typescript, .scss].map { kind in
      Configuration.Output(
        kind: kind, destination: directory.appendingPathComponent(kind.rawValue).path,
        options: Configuration.Options())
    }
    return configuration
  }

  func tokens() throws -> ModalTokenSet {
    try ModalTokenLoader().load(configuration: configuration()).value
  }

  /// The typescript and scss outputs, rendered in memory with the built-in templates.
  func render() throws -> [GeneratedOutput] {
    try OutputRenderer(configuration: configuration()).render(tokens())
  }

  /// Renders both outputs and writes them below `directory`.
  func write(to directory: URL) throws {
    let configuration = try configuration(writingTo: directory)
    let writer = OutputWriter()
    try writer.apply(
      writer.plan(OutputRenderer(configuration: configuration).render(tokens())))
  }
}
