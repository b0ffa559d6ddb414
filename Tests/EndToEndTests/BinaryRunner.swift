import Foundation
import TestSupport
import Testing

/// Runs the built `ebtokens` executable the way a user or CI does.
struct BinaryRunner {
  /// The folder SwiftPM built the products in: the test bundle's own folder on
  /// Linux, the folder holding the `.xctest` bundle on macOS.
  static var productsDirectory: URL {
    let bundle = Bundle.main.bundleURL
    return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
  }

  static let executable = productsDirectory.appendingPathComponent("ebtokens")
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `ebtokens arguments` in `directory`, with `NO_COLOR=1` unless `noColor` is false (then
  /// `NO_COLOR` is unset). A process still running after
  /// `timeout` seconds is killed and reported as ``ChildProcess/TimedOut``. `shell`, when given,
  /// is a `bash -c` prefix (such as a `ulimit`) that ends by running the binary with
  /// `exec "$0" "$@"`.
  static func run(
    _ arguments: [String], in directory: URL = repositoryRoot, timeout: Double = 300, shell: String? = nil,
    noColor: Bool = true
  ) throws -> ChildProcess.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = noColor ? "1" : nil
    if let shell {
      return try ChildProcess.run(
        URL(fileURLWithPath: "/bin/bash"), ["-c", shell, executable.path] + arguments, in: directory,
        environment: environment, timeout: timeout)
    }
    return try ChildProcess.run(
      executable, arguments, in: directory, environment: environment, timeout: timeout)
  }
}

/// Runs `body` with a new empty folder, deleted afterwards.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("ebtokens-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: root) }
  return try body(root)
}

/// Every generated source file in `folder` whose name ends in `.extension`, in name order, joined:
/// the Swift and Kotlin outputs spread their tokens over a file per top-level group.
func generatedSources(in folder: URL, extension: String) -> String {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix("." + `extension`) }.sorted().compactMap {
    try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
  }.joined()
}
