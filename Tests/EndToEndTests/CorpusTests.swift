import Foundation
import TestSupport
import Testing

/// The bad-input corpus: every folder in `Corpus/` is a project `ebtokens build` must refuse (or,
/// for the few marked so, accept) exactly as recorded next to it.
///
/// A case folder holds its inputs (`tokens/`, an optional `ebtokens.yml`, template folders) and:
///
/// - `expected-stderr.txt`: the exact standard error, diagnostics with source lines and carets;
/// - `expected-exit-code`: the exit status (2 for invalid input);
/// - `expected-stdout.txt` (optional, empty when absent): the exact standard output;
/// - `arguments` (optional): extra arguments for `ebtokens build`, one a line;
/// - `symlinks` (optional): symbolic links to create in the copy, one `path -> target` a line.
///   They are not committed as links: a link to `..` would send SwiftPM's scan of the test
///   folder round in circles.
///
/// Each case runs the real binary in a temporary copy of its folder, and a case that fails must
/// leave that copy exactly as it was: no file written, changed or removed.
///
/// The expectations are golden files (``Golden``): `EBTOKENS_RECORD=1 swift test --filter CorpusTests`
/// rewrites them from what the binary does, and fails; review every change by hand (each message
/// must be clear and point at the right line and column) before committing it.
@Suite struct CorpusTests {
  static let corpus = BinaryRunner.testsDirectory.appendingPathComponent("Corpus")

  /// The files of a case folder that describe the case rather than belong to its project.
  static let expectationFiles: Set<String> = [
    "expected-stderr.txt", "expected-exit-code", "expected-stdout.txt", "arguments", "symlinks",
  ]

  /// Every case folder. A corpus that cannot be listed is an error, not zero cases.
  static func cases() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasPrefix(".") }.sorted()
  }

  @Test func theCorpusHasACaseForEveryKindOfBadInput() throws {
    let cases = try Self.cases()
    #expect(cases.count >= 60, "only \(cases.count) cases in \(Self.corpus.path)")
  }

  @Test(arguments: try cases())
  func buildRefusesTheCaseExactlyAsRecorded(_ name: String) throws {
    let source = Self.corpus.appendingPathComponent(name)
    try withCaseCopy(of: source) { project in
      let arguments =
        Self.read(source.appendingPathComponent("arguments"))?
        .split(separator: "\n").map(String.init) ?? []
      let before = try TreeSnapshot(of: project)
      var result = try BinaryRunner.run(["build"] + arguments, in: project, timeout: 30)
      // A path outside the case folder (`--allow-outside-project`) is shown in full.
      result = result.replacing(project.deletingLastPathComponent().path, with: "<tmp>")
      let after = try TreeSnapshot(of: project)
      #expect(!result.crashed, "\(name): ebtokens crashed (signal \(result.status))\n\(result.stderr)")

      try Golden.expectMatch(result.stderr, file: source.appendingPathComponent("expected-stderr.txt"))
      try Golden.expectMatch("\(result.status)\n", file: source.appendingPathComponent("expected-exit-code"))
      try Golden.expectMatch(
        result.stdout, file: source.appendingPathComponent("expected-stdout.txt"), absentMeansEmpty: true)
      if result.status != 0 {
        #expect(after == before, "\(name) failed but changed its folder: \(after.difference(from: before))")
      }
    }
  }

  static func read(_ url: URL) -> String? {
    FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Copies the case's project (everything but its expectations) into a fresh temporary folder.
  private func withCaseCopy(of source: URL, _ body: (URL) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-corpus-\(UUID().uuidString)")
    let project = root.appendingPathComponent(source.lastPathComponent)
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for entry in try FileManager.default.contentsOfDirectory(atPath: source.path)
    where !Self.expectationFiles.contains(entry) {
      try copyTree(source.appendingPathComponent(entry), to: project.appendingPathComponent(entry))
    }
    for line in Self.read(source.appendingPathComponent("symlinks"))?.split(separator: "\n") ?? [] {
      let parts = line.components(separatedBy: " -> ")
      try #require(parts.count == 2, "bad line in \(source.lastPathComponent)/symlinks: \(line)")
      let link = project.appendingPathComponent(parts[0])
      try FileManager.default.createDirectory(
        at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: parts[1])
    }
    try body(project)
  }
}

/// Copies a file or folder, recreating symbolic links as links. (`FileManager.copyItem` copies
/// what a link inside a folder points at: a case's link to `/dev/zero` would never end.)
func copyTree(_ source: URL, to destination: URL) throws {
  let manager = FileManager.default
  switch try manager.attributesOfItem(atPath: source.path)[.type] as? FileAttributeType {
  case .typeSymbolicLink?:
    try manager.createSymbolicLink(
      atPath: destination.path,
      withDestinationPath: try manager.destinationOfSymbolicLink(atPath: source.path))
  case .typeDirectory?:
    try manager.createDirectory(at: destination, withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: source.path) {
      try copyTree(source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
    }
  default:
    try manager.copyItem(at: source, to: destination)
  }
}

/// Every file, folder and link below a folder, with file contents and link targets, so a test
/// can prove a command changed nothing.
struct TreeSnapshot: Equatable {
  enum Entry: Equatable {
    case file(Data)
    case directory
    case link(String)
  }

  let entries: [String: Entry]

  init(of root: URL) throws {
    var entries: [String: Entry] = [:]
    let manager = FileManager.default
    func visit(_ relative: String) throws {
      let path = relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
      for name in try manager.contentsOfDirectory(atPath: path) {
        let child = relative.isEmpty ? name : relative + "/" + name
        let full = root.appendingPathComponent(child).path
        let type = try manager.attributesOfItem(atPath: full)[.type] as? FileAttributeType
        switch type {
        case .typeDirectory?:
          entries[child] = .directory
          try visit(child)
        case .typeSymbolicLink?:
          entries[child] = .link(try manager.destinationOfSymbolicLink(atPath: full))
        default:
          entries[child] = .file(manager.contents(atPath: full) ?? Data())
        }
      }
    }
    try visit("")
    self.entries = entries
  }

  /// The paths that differ, for a failure message.
  func difference(from other: TreeSnapshot) -> [String] {
    Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
  }
}

extension ChildProcess.Result {
  /// The result with `text` replaced in both streams.
  func replacing(_ text: String, with replacement: String) -> ChildProcess.Result {
    ChildProcess.Result(
      status: status, stdout: stdout.replacingOccurrences(of: text, with: replacement),
      stderr: stderr.replacingOccurrences(of: text, with: replacement), crashed: crashed)
  }
}
