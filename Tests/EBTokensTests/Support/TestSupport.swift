import Foundation
import TestSupport
import Testing

@testable import EBTokensModel
@testable import EBTokensParsing
@testable import EBTokensResolution
@testable import EBTokensSupport
@testable import EBTokensSyntax

/// Paths into the test sources, found from this file so fixtures and goldens
/// can be read (and re-recorded) in place.
enum TestPaths {
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
  static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
  static let golden = testsDirectory.appendingPathComponent("Golden")
  static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

  static func fixture(_ relative: String) -> String { fixtures.appendingPathComponent(relative).path }
}

/// A fresh temporary folder, removed when the test's closure returns.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "ebtokens-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url)
}

/// Parses and resolves token YAML given as strings (file name → contents).
func loadTokens(_ files: [String: String], limits: Limits = .standard) throws -> TokenSet {
  try loadTokensWarning(files, limits: limits).value
}

/// The tokens of `files` (see ``loadTokens(_:limits:)``) and their warnings, each printed as
/// `file:line:col: warning: message`; with `strict`, warnings fail the load as errors.
func loadTokensWarning(_ files: [String: String], limits: Limits = .standard, strict: Bool = false) throws
  -> (value: TokenSet, warnings: [String])
{
  try withTemporaryDirectory { directory in
    var list: [TokenFiles.File] = []
    for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
      let url = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
      list.append(TokenFiles.File(path: url.path, displayPath: name))
    }
    let loaded = try TokenLoader(limits: limits, strict: strict).load(files: list)
    return (
      loaded.value, loaded.warnings.map { "\($0.location.map { "\($0): " } ?? "")warning: \($0.message)" }
    )
  }
}

/// The definitions of token files given as text (path and contents, read in the order given),
/// merged as the parser merges them, before `$extends` and the rest are applied; each file's format
/// is told by its name. A file the reader reports an error in, or cannot read, fails the test: a
/// fixture dropped without a word would leave the test less to check.
func tokenSource(_ files: [(path: String, contents: String)]) throws -> TokenSource {
  var parser = TokenFileParser()
  for file in files {
    let format = try #require(TokenFileFormat.of(fileNamed: file.path), "\(file.path) is not a token file")
    let bytes = Array(file.contents.utf8)
    let document: SyntaxDocument?
    let errors: [any DiagnosticConvertible]
    switch format {
    case .yaml:
      let result = YAMLReader().read(bytes: bytes, path: file.path)
      (document, errors) = (result.document, result.errors)
    case .json:
      let result = JSONReader().read(bytes: bytes, path: file.path)
      (document, errors) = (result.document, result.errors)
    }
    #expect(errors.isEmpty, "\(errors.map(\.diagnostic))")
    parser.add(try #require(document, "\(file.path) did not read"), format: format)
  }
  return parser.source
}

/// The diagnostics `body` throws, printed without source lines (`file:line:col: error: message`).
func diagnostics(_ body: () throws -> Void) -> [String] {
  do {
    try body()
    return []
  } catch let error as DiagnosticsError {
    return error.diagnostics.map { diagnostic in
      let location = diagnostic.location.map { "\($0): " } ?? ""
      return "\(location)\(diagnostic.severity.rawValue): \(diagnostic.message)"
    }
  } catch {
    return ["unexpected error: \(error)"]
  }
}

extension Golden {
  /// Checks `actual` against `Golden/<name>`, or records it there (see ``Golden``).
  static func expectMatch(
    _ actual: String, golden name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    try expectMatch(
      actual, file: TestPaths.golden.appendingPathComponent(name), sourceLocation: sourceLocation)
  }
}
