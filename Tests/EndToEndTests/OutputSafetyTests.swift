import Foundation
import TestSupport
import Testing

/// `ebtokens build` interrupted or failing while it writes: the previously generated files stay
/// exactly as they were. The failure is real and works as root: a file size limit (`ulimit -f`),
/// under which the write of the first file larger than the limit fails with `EFBIG`, or, when
/// `SIGXFSZ` is not ignored, kills the process in the middle of it.
@Suite(.serialized) struct OutputSafetyTests {
  /// A project built once from the emitting fixture, whose config then renames the Swift
  /// module: the next build replaces `Package.swift` (small), creates `Sources/Acme/Acme.swift`
  /// (over 2 KiB) and `EBColor.swift`, and removes the old sources.
  private func builtProject(in root: URL) throws {
    try copyTree(
      BinaryRunner.testsDirectory.appendingPathComponent("../EBTokensTests/Fixtures/emitting/tokens")
        .standardizedFileURL,
      to: root.appendingPathComponent("tokens"))
    let first = try BinaryRunner.run(["build"], in: root, timeout: 60)
    try #require(first.status == 0, "\(first.stderr)")
    try Data(
      "outputs:\n  - kind: swift\n    destination: dist/swift\n    options:\n      module: Acme\n".utf8
    )
    .write(to: root.appendingPathComponent("ebtokens.yml"))
  }

  /// `ulimit -f 2`: writes past 2 KiB fail. With `SIGXFSZ` ignored the write returns an error;
  /// with its default action the kernel kills the process. (The test runner may ignore it, and
  /// a shell cannot restore a signal ignored on entry, so `env` sets both explicitly.)
  private static let limitAndFail = "ulimit -f 2; exec env --ignore-signal=XFSZ \"$0\" \"$@\""
  private static let limitAndKill = "ulimit -f 2; exec env --default-signal=XFSZ \"$0\" \"$@\""

  @Test func aWriteThatFailsMidwayLeavesEveryFileAsItWas() throws {
    try withTemporaryFolder { root in
      try builtProject(in: root)
      let before = try TreeSnapshot(of: root)
      let result = try BinaryRunner.run(["build"], in: root, timeout: 60, shell: Self.limitAndFail)
      #expect(!result.crashed)
      // 74, EX_IOERR: the system failed, not the input.
      #expect(result.status == 74)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr
          == "error: cannot write 'dist/swift/Sources/Acme/EBColor.swift': File too large\n1 error\n"
      )
      let after = try TreeSnapshot(of: root)
      #expect(after == before, "\(after.difference(from: before))")
    }
  }

  @Test func aBuildKilledMidwayLeavesEveryFileAsItWasAndTheNextBuildCleansUp() throws {
    try withTemporaryFolder { root in
      try builtProject(in: root)
      let before = try TreeSnapshot(of: root)
      let killed = try BinaryRunner.run(["build"], in: root, timeout: 60, shell: Self.limitAndKill)
      #expect(killed.crashed, "status \(killed.status): \(killed.stderr)")
      #expect(killed.status == SIGXFSZ)
      // Every file as it was. The only additions: the temporaries staged before the kill (the
      // last one half written), the folder made for one, and the link keeping Package.swift's
      // old contents.
      let after = try TreeSnapshot(of: root)
      let added = after.difference(from: before)
      #expect(
        added.allSatisfy {
          $0 == "dist/swift/Sources/Acme"
            || ($0.hasPrefix("dist/swift/Sources/Acme/.ebtokens-") && $0.hasSuffix(".tmp"))
            || ($0.hasPrefix("dist/swift/.ebtokens-") && ($0.hasSuffix(".tmp") || $0.hasSuffix(".old")))
        }, "\(added)")
      #expect(added.contains { $0.hasSuffix(".tmp") }, "the kill happened before any write: \(added)")
      #expect(after.entries.filter { before.entries[$0.key] != nil } == before.entries)

      let next = try BinaryRunner.run(["build"], in: root, timeout: 60)
      #expect(next.status == 0, "\(next.stderr)")
      let cleaned = try TreeSnapshot(of: root)
      #expect(
        cleaned.entries.keys.filter {
          $0.contains("/.ebtokens-") && !$0.hasSuffix("manifest") && !$0.hasSuffix(".ebtokens-state")
        }.isEmpty)
      #expect(cleaned.entries["dist/swift/Sources/Acme/Acme.swift"] != nil)
      #expect(cleaned.entries["dist/swift/Sources/EBTokens/EBTokens.swift"] == nil)
    }
  }

  /// A config file and an output named by one character: Foundation's `NSString` path methods
  /// crash on such a path in Swift 6.3 on Linux, and the build once used them.
  @Test func aOneCharacterConfigAndDestinationBuild() throws {
    try withTemporaryFolder { root in
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("tokens"), withIntermediateDirectories: true)
      try Data("color:\n  bg:\n    $type: color\n    $value: \"#FFFFFF\"\n".utf8).write(
        to: root.appendingPathComponent("tokens/a.yml"))
      try Data("tokens: tokens\noutputs:\n  - kind: css\n    destination: a\n".utf8).write(
        to: root.appendingPathComponent("c"))
      let result = try BinaryRunner.run(["build", "--config", "c"], in: root, timeout: 60)
      #expect(!result.crashed, "\(result.stderr)")
      #expect(result.status == 0, "\(result.stderr)")
      let css = try String(contentsOf: root.appendingPathComponent("a"), encoding: .utf8)
      #expect(css == "/* generated by ebtokens — do not edit */\n:root {\n  --color-bg: #ffffff;\n}\n")
    }
  }
}
