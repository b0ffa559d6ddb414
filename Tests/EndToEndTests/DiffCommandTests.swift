import Foundation
import TestSupport
import Testing

/// `ebtokens diff` through the binary: folders, git revisions, and the exit codes a release
/// pipeline gates on.
@Suite struct DiffCommandTests {
  static let old = "color:\n  $type: color\n  brand: \"#0A5FD6\"\n  gone: \"#111111\"\n"
  static let valueChanged = "color:\n  $type: color\n  brand: \"#0B60D7\"\n  gone: \"#111111\"\n"
  static let removed = "color:\n  $type: color\n  brand: \"#0A5FD6\"\n"

  func withFolder(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
  }

  func write(_ text: String, to file: URL) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  @Test func twoFoldersAndTheExitCodesOfFailOn() throws {
    try withFolder { directory in
      try write(Self.old, to: directory.appendingPathComponent("v1/tokens.yaml"))
      try write(Self.valueChanged, to: directory.appendingPathComponent("v2/tokens.yaml"))
      let run = try BinaryRunner.run(["diff", "v1", "v2"], in: directory)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout == "tokens: patch (1 changed)\n* color.brand: #0A5FD6 -> #0B60D7\n")
      // A patch fails a gate at patch, and passes one at minor or major.
      for (threshold, status) in [("patch", 1), ("minor", 0), ("major", 0)] {
        let gated = try BinaryRunner.run(["diff", "v1", "v2", "--fail-on", threshold], in: directory)
        #expect(gated.status == Int32(status), "--fail-on \(threshold): \(gated.stderr)")
      }
      let markdown = try BinaryRunner.run(["diff", "v1", "v2", "--format", "markdown"], in: directory)
      #expect(markdown.stdout.hasPrefix("## Tokens: patch (1 changed)\n"))
    }
  }

  /// Two projects `ebtokens init` made, the second with a lighter brand color: the text that
  /// references it no longer passes the audit rule both projects hold.
  @Test func twoProjectsReportTheContrastVerdictsThatChanged() throws {
    try withFolder { directory in
      for version in ["v1", "v2"] {
        let run = try BinaryRunner.run(["init", "--path", version, "--css"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
      }
      let tokens = directory.appendingPathComponent("v2/tokens/tokens.yaml")
      let text = try String(contentsOf: tokens, encoding: .utf8)
      try write(text.replacingOccurrences(of: "#0A5FD6", with: "#6780A9"), to: tokens)
      let run = try BinaryRunner.run(["diff", "v1", "v2"], in: directory)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        run.stdout == """
          tokens: patch (2 changed, 1 contrast verdict changed)
          * color.brand: #0A5FD6 -> #6780A9
          * color.text: {color.brand} (#0A5FD6) -> {color.brand} (#6780A9)
          ✗ color.text on color.background now fails: 5.79:1 -> 4.00:1, needs 4.5:1

          """)
      let markdown = try BinaryRunner.run(["diff", "v1", "v2", "--format", "markdown"], in: directory)
      #expect(
        markdown.stdout.hasSuffix(
          "### Contrast\n\n- **Fails** now: `color.text` on `color.background`, 5.79:1 → 4.00:1 (needs 4.5:1)\n"
        ),
        "\(markdown.stdout)")
    }
  }

  @Test func anInvalidVersionIsReportedAsInvalidInput() throws {
    try withFolder { directory in
      try write(Self.old, to: directory.appendingPathComponent("v1/tokens.yaml"))
      try write(
        "color:\n  $type: color\n  brand: \"{color.nope}\"\n",
        to: directory.appendingPathComponent("v2/tokens.yaml"))
      let run = try BinaryRunner.run(["diff", "v1", "v2"], in: directory)
      #expect(run.status == 2)
      #expect(
        run.stderr.hasPrefix("v2/tokens.yaml:3:10: error: 'color.brand' references '{color.nope}'"),
        "\(run.stderr)")
      #expect(try BinaryRunner.run(["diff", "v1"], in: directory).status == 64)
    }
  }

  /// Two tags of a repository the test makes: the files are read with git, and the work tree,
  /// the index and HEAD stay as they were.
  @Test(.requires(.git)) func twoGitRevisions() throws {
    let git = try ExternalTool.git.require()
    try withFolder { directory in
      func run(_ arguments: String...) throws {
        let result = try ExternalTool.run(
          git, ["-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments, in: directory)
        try #require(result.status == 0, "git \(arguments): \(result.stderr)")
      }
      try run("init", "-q")
      try write(Self.old, to: directory.appendingPathComponent("tokens/color.yaml"))
      try write("ignored", to: directory.appendingPathComponent("tokens/README.md"))
      try run("add", ".")
      try run("commit", "-q", "-m", "v1")
      try run("tag", "v1.0.0")
      try write(Self.removed, to: directory.appendingPathComponent("tokens/color.yaml"))
      try run("commit", "-q", "-a", "-m", "v2")
      try run("tag", "v2.0.0")
      // The work tree differs from both tags: the diff must not read it.
      try write(Self.valueChanged, to: directory.appendingPathComponent("tokens/color.yaml"))

      let diff = try BinaryRunner.run(
        ["diff", "--git", "v1.0.0..v2.0.0", "--format", "json", "--fail-on", "major"], in: directory)
      #expect(diff.status == 1, "\(diff.stderr)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
      #expect(json["impact"] as? String == "major")
      #expect((json["removed"] as? [[String: Any]])?.map { $0["name"] as? String } == ["color.gone"])
      #expect(
        try String(contentsOf: directory.appendingPathComponent("tokens/color.yaml"), encoding: .utf8)
          == Self.valueChanged)
      let status = try ExternalTool.run(git, ["status", "--porcelain"], in: directory)
      #expect(status.stdout == " M tokens/color.yaml\n")
      let head = try ExternalTool.run(git, ["describe", "--tags"], in: directory)
      #expect(head.stdout == "v2.0.0\n")

      // The config in the work tree names the token folder.
      try run("mv", "tokens", "design")
      try run("commit", "-q", "-m", "moved")
      try run("tag", "v3.0.0")
      try write("tokens: design\n", to: directory.appendingPathComponent("ebtokens.yml"))
      let moved = try BinaryRunner.run(["diff", "--git", "v3.0.0..v3.0.0"], in: directory)
      #expect(moved.status == 0, "\(moved.stderr)")
      #expect(moved.stdout == "tokens: none (no changes)\n")
      // Without the config, the default folder is not there at that revision.
      try FileManager.default.removeItem(at: directory.appendingPathComponent("ebtokens.yml"))
      let missing = try BinaryRunner.run(["diff", "--git", "v3.0.0..v3.0.0"], in: directory)
      #expect(missing.status == 2)
      #expect(missing.stderr.hasPrefix("error: no token files in 'tokens' at v3.0.0"), "\(missing.stderr)")

      let unknown = try BinaryRunner.run(
        ["diff", "--git", "v1.0.0..v9", "--tokens", "tokens"], in: directory)
      #expect(unknown.status == 2)
      #expect(
        unknown.stderr.contains("error: git ls-tree -r -z --name-only v9 -- tokens failed: fatal:"),
        "\(unknown.stderr)")
    }
  }
}
