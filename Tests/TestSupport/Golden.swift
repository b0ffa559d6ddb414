import Foundation
import Testing

/// Expected outputs kept as files next to the tests (goldens), compared byte for byte.
///
/// With `EBTOKENS_RECORD=1` the file is rewritten from what the test produced, and the test
/// fails all the same, so a recording run can never be taken for a passing one: review the
/// diff, then rerun without `EBTOKENS_RECORD`. In CI (`CI` set) recording is refused: nothing
/// is written and the test fails.
public enum Golden {
  /// Whether this run asks for goldens to be recorded: `EBTOKENS_RECORD=1`.
  public static var isRecording: Bool { ProcessInfo.processInfo.environment["EBTOKENS_RECORD"] == "1" }

  /// The repository's root, for showing a golden's path in a message.
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Checks `actual` against the file at `url`, or records it there (see ``Golden``).
  ///
  /// `absentMeansEmpty`: a missing file expects empty text, and recording empty text removes the
  /// file (for an optional expectation such as a standard output that is usually empty).
  public static func expectMatch(
    _ actual: String, file url: URL, absentMeansEmpty: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let name = displayPath(url)
    let existing = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    if isRecording {
      guard !ExternalTool.isCI else {
        Issue.record(
          "EBTOKENS_RECORD=1 in CI, where goldens are checked, never recorded: \(name) left as it was",
          sourceLocation: sourceLocation)
        return
      }
      let expected = existing ?? (absentMeansEmpty ? "" : nil)
      if absentMeansEmpty && actual.isEmpty {
        if existing != nil { try FileManager.default.removeItem(at: url) }
      } else {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
      }
      let what =
        expected == nil ? "recorded new" : expected == actual ? "recorded (unchanged)" : "re-recorded"
      Issue.record(
        "\(what) \(name); review it, then rerun without EBTOKENS_RECORD", sourceLocation: sourceLocation)
      return
    }
    guard let expected = existing ?? (absentMeansEmpty ? "" : nil) else {
      Issue.record(
        "missing golden file \(name); record it with \(recordCommand), then review it",
        sourceLocation: sourceLocation)
      return
    }
    guard expected != actual else { return }
    Issue.record(
      """
      \(name) \(difference(expected: expected, actual: actual))
      If the change is intended, re-record with \(recordCommand) and review the diff.
      """, sourceLocation: sourceLocation)
  }

  /// Where two texts first differ, by line.
  static func difference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(expectedLines.count, actualLines.count)
    let line = (0..<common).first { expectedLines[$0] != actualLines[$0] } ?? common
    func shown(_ lines: [Substring]) -> String { line < lines.count ? "'\(lines[line])'" : "end of file" }
    return """
      differs at line \(line + 1):
        expected \(shown(expectedLines))
        actual   \(shown(actualLines))
      """
  }

  /// `EBTOKENS_RECORD=1 swift test --filter <this test>`.
  static var recordCommand: String {
    let test = Test.current.map { String($0.name.prefix { $0 != "(" }) } ?? "<test>"
    return "`EBTOKENS_RECORD=1 swift test --filter \(test)`"
  }

  /// `url` relative to the repository when it is inside it.
  static func displayPath(_ url: URL) -> String {
    let root = repositoryRoot.standardizedFileURL.path + "/"
    let path = url.standardizedFileURL.path
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }
}
