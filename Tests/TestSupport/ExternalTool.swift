import Foundation
import Testing

/// A command-line tool a test needs (swift, kotlinc, kotlin, chromium, aapt2, check-jsonschema, git, tsc,
/// node, sassc, zip), found on `PATH`.
///
/// A test that needs one carries the ``Testing/Trait/requires(_:)`` trait and asks for its path
/// with ``require(sourceLocation:)``. Outside CI a missing tool skips the test, and the skip shows
/// as one; in CI (`CI` set) the test runs and fails, because CI installs every tool and must
/// prove the outputs.
public struct ExternalTool: Sendable, CustomStringConvertible {
  /// The names the tool goes by, tried in order.
  public let names: [String]

  public init(_ names: String...) {
    self.names = names
  }

  public static let swift = ExternalTool("swift")
  public static let swiftc = ExternalTool("swiftc")
  public static let kotlinc = ExternalTool("kotlinc")
  public static let kotlin = ExternalTool("kotlin")
  /// Android's resource compiler (Debian's `aapt`).
  public static let aapt2 = ExternalTool("aapt2")
  /// PyPI's `check-jsonschema`, which validates JSON and YAML files against a JSON Schema.
  public static let checkJSONSchema = ExternalTool("check-jsonschema")
  public static let git = ExternalTool("git")
  public static let chromium = ExternalTool(
    "chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
  /// The TypeScript compiler (Debian's `node-typescript`).
  public static let tsc = ExternalTool("tsc")
  /// Node.js (Debian's `nodejs`), which runs the generated ES module.
  public static let node = ExternalTool("node", "nodejs")
  /// The Sass compiler on LibSass (Debian's `sassc`).
  public static let sassc = ExternalTool("sassc")
  /// Info-ZIP's `zip`, which `Scripts/artifact-bundle.sh` packs the bundle with.
  public static let zip = ExternalTool("zip")

  public var description: String { names.joined(separator: " or ") }

  /// Whether this run is CI's: `CI` set to anything but empty or `false`.
  public static var isCI: Bool {
    ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
  }

  /// The first of ``names`` found as an executable on `PATH`; `nil` when none is.
  public var path: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  /// The tool's path; a failure that ends the test when it is not installed.
  public func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try #require(
      path,
      "\(self) not found on PATH\(Self.isCI ? "; CI must install it" : "")",
      sourceLocation: sourceLocation)
  }

  /// This process's environment without SwiftPM's own variables, which would point a nested
  /// `swift build` at this build: what the tools run with.
  public static var environment: [String: String] {
    ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("SWIFTPM_") && !$0.key.hasPrefix("SWIFT_TESTING")
    }
  }

  /// A program's output, line by line.
  public static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }

  /// Runs a program to completion and captures its output; one still running after `timeout`
  /// seconds is killed and fails the test with ``ChildProcess/TimedOut``.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil, timeout: Double = ChildProcess.defaultTimeout
  ) throws -> ChildProcess.Result {
    try ChildProcess.run(
      URL(fileURLWithPath: executable), arguments, in: directory, environment: environment, timeout: timeout)
  }

  /// Runs headless `chromium` on `page` with a profile in `directory` and any more `flags`, and
  /// requires it to succeed: its standard output is the DOM once the page's scripts have run.
  public static func dumpDOM(
    _ chromium: String, page: URL, profileIn directory: URL, flags: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ChildProcess.Result {
    let run = try run(
      chromium,
      ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory.path)/profile"] + flags + [
        "--dump-dom", page.absoluteString,
      ], timeout: 120)
    try #require(run.status == 0, "chromium failed:\n\(run.stderr)", sourceLocation: sourceLocation)
    return run
  }

  /// The JSON a Chromium probe page writes into `<pre id="result">` (scope → property → what was
  /// read), from the DOM `chromium --dump-dom` prints.
  public static func probeResult(fromDOM dom: String) throws -> [String: [String: [String: String]]] {
    let start = try #require(dom.range(of: "<pre id=\"result\">"), "no result in:\n\(dom)")
    let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
    let json = dom[start.upperBound..<end.lowerBound]
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    return try JSONDecoder().decode([String: [String: [String: String]]].self, from: Data(json.utf8))
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where every one of `tools` is installed, and always in CI, where the
  /// test then fails on a missing tool (``ExternalTool/require(sourceLocation:)``) instead of
  /// being skipped. A skip is reported as a skip, with the tool's name.
  public static func requires(_ tools: ExternalTool..., sourceLocation: SourceLocation = #_sourceLocation)
    -> Self
  {
    .enabled(
      if: ExternalTool.isCI || tools.allSatisfy { $0.path != nil },
      "needs \(tools.map(\.description).joined(separator: ", ")) on PATH (CI installs them)",
      sourceLocation: sourceLocation)
  }
}
