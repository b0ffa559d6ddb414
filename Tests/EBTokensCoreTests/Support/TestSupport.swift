import Foundation
import TestSupport
import Testing

@testable import EBTokensCore

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
  try withTemporaryDirectory { directory in
    var list: [TokenFiles.File] = []
    for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
      let url = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
      list.append(TokenFiles.File(path: url.path, displayPath: name))
    }
    return try TokenLoader(limits: limits).load(files: list)
  }
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

/// A command-line tool a test needs (kotlinc, chromium).
///
/// Outside CI a missing tool skips the test with a message; in CI (`CI` set)
/// it is a failure, because CI installs every tool and must prove the outputs.
enum ExternalTool {
  static var isCI: Bool {
    ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
  }

  /// The tool's path, or `nil` when the test should skip.
  static func find(_ names: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    if isCI {
      Issue.record(
        "\(names.joined(separator: " or ")) is required in CI but was not found",
        sourceLocation: sourceLocation)
    } else {
      print(
        "SKIPPED: \(names.joined(separator: " or ")) not found; install it to run this test (CI installs it)")
    }
    return nil
  }

  /// This process's environment without SwiftPM's own variables, which would point a nested
  /// `swift build` at this build: what the tools run with.
  static var environment: [String: String] {
    ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("SWIFTPM_") && !$0.key.hasPrefix("SWIFT_TESTING")
    }
  }

  /// A program's output, line by line.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }

  /// Runs headless `chromium` on `page` with a profile in `directory` and any more `flags`, and
  /// requires it to succeed: its standard output is the DOM once the page's scripts have run.
  static func dumpDOM(_ chromium: String, page: URL, profileIn directory: URL, flags: [String] = []) throws
    -> ChildProcess.Result
  {
    let run = try run(
      chromium,
      ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory.path)/profile"] + flags + [
        "--dump-dom", page.absoluteString,
      ])
    try #require(run.status == 0, "chromium failed:\n\(run.stderr)")
    return run
  }

  /// The JSON a Chromium probe page writes into `<pre id="result">` (scope → property → what was
  /// read), from the DOM `chromium --dump-dom` prints.
  static func probeResult(fromDOM dom: String) throws -> [String: [String: [String: String]]] {
    let start = try #require(dom.range(of: "<pre id=\"result\">"), "no result in:\n\(dom)")
    let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
    let json = dom[start.upperBound..<end.lowerBound]
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    return try JSONDecoder().decode([String: [String: [String: String]]].self, from: Data(json.utf8))
  }

  /// Runs a program to completion and captures its output.
  static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil
  ) throws -> ChildProcess.Result {
    try ChildProcess.run(
      URL(fileURLWithPath: executable), arguments, in: directory, environment: environment)
  }

}
