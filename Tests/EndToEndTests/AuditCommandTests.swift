import Foundation
import TestSupport
import Testing

/// `ebtokens audit` as users run it: the built binary, its output and its exit codes.
@Suite struct AuditCommandTests {
  private static let repositoryRoot = BinaryRunner.repositoryRoot
  private static let fixtures = repositoryRoot.appendingPathComponent(
    "Tests/EBTokensTests/Fixtures/audit")

  /// `ebtokens audit arguments`, with the environment as a user's (`NO_COLOR` unset), so the
  /// tests see that piped output has no colors on its own.
  private static func audit(_ arguments: [String], in directory: URL) throws -> ChildProcess.Result {
    try BinaryRunner.run(["audit"] + arguments, in: directory, noColor: false)
  }

  @Test func theShippedTokensExitOneBecauseSomePairsFail() throws {
    let run = try Self.audit([], in: Self.repositoryRoot)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("pairs fail WCAG 2 AA"))
    #expect(run.stdout.contains("main.alert.color.warning.description"))
    // Piped, not a terminal: no colors.
    #expect(!run.stdout.contains("\u{1B}["))
  }

  @Test func aPassingFixtureExitsZero() throws {
    let run = try Self.audit([], in: Self.fixtures.appendingPathComponent("passing"))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasSuffix("All 3 pairs pass WCAG 2 AA\n"))
  }

  @Test func anUnmatchedRuleExitsTwoWithItsLocation() throws {
    let run = try Self.audit([], in: Self.fixtures.appendingPathComponent("unmatched"))
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "ebtokens.yml:8:19: error: foreground pattern 'surfce.muted' matches no token; "
          + "did you mean 'surface.muted'?"
      ))
  }

  @Test func configLevelMethodFormatAndOutput() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-audit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("out/report.json")
    let config = Self.fixtures.appendingPathComponent("report/ebtokens.yml").path
    let run = try Self.audit(
      [
        "--config", config, "--format", "json", "--output", report.path, "--level", "aaa", "--method",
        "wcag2",
      ],
      in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("5 of 10 pairs fail WCAG 2 AAA; report written to"))
    let json = try String(contentsOf: report, encoding: .utf8)
    #expect(json.hasPrefix("{\n  \"level\": \"AAA\",\n  \"method\": \"wcag2\",\n"))
    // Written atomically: nothing but the report in its folder.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: report.deletingLastPathComponent().path) == [
        "report.json"
      ])

    let apca = try Self.audit(["--config", config, "--method", "apca", "--format", "sarif"], in: directory)
    #expect(apca.status == 1)
    #expect(apca.stdout.contains("\"version\": \"2.1.0\""))
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let run = try Self.audit(["--format", "pdf"], in: Self.repositoryRoot)
    #expect(run.status == 64)
  }

  /// A copy of the shipped config and tokens, and every file in it with its bytes.
  private static func withShippedCopy(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-audit-fix-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for item in ["ebtokens.yml", "tokens"] {
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent(item), to: directory.appendingPathComponent(item))
    }
    try body(directory)
  }

  private static func files(in folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
      if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) {
        files[path] = data
      }
    }
    return files
  }

  @Test func fixWritesTheNamedValuesThenAuditsAgain() throws {
    try Self.withShippedCopy { copy in
      let before = Self.files(in: copy)
      let run = try Self.audit(["--fix", "main.subtext-message.*.*"], in: copy)
      #expect(run.status == 1, "\(run.stderr)")
      #expect(
        run.stderr.hasPrefix(
          "fixed tokens/main/subtext-message.yaml:9:18: 'main.subtext-message.primary.label' #6780A9 → "))
      #expect(run.stderr.contains("wrote 2 values in 1 file; the audit again:\n"))
      #expect(run.stdout.hasSuffix("2 of 27 pairs fail WCAG 2 AA (1 decorative, reported but not judged)\n"))
      let after = Self.files(in: copy)
      #expect(Set(after.keys) == Set(before.keys))
      #expect(before.keys.filter { before[$0] != after[$0] } == ["tokens/main/subtext-message.yaml"])

      // The base of an alias: the report says what else the change moves.
      let alert = try Self.audit(["--fix", "main.alert.color.warning.label-title"], in: copy)
      #expect(alert.stderr.contains("'main.alert.color.warning.label-title' #6C5009 → #"), "\(alert.stderr)")
      #expect(alert.stderr.contains("  this also moves: main.alert.color.warning.label-title on "))
    }
  }

  /// `--fix` takes the project's lock as a build does: while another process holds it (here
  /// `flock(1)`, as a build would), the fix says it waits and writes nothing until the lock is free.
  @Test(.requires(ExternalTool("flock")))
  func fixWaitsForABuildHoldingTheProject() throws {
    let flock = try ExternalTool("flock").require()
    try Self.withShippedCopy { copy in
      let project = copy.standardizedFileURL.path
      let ready = copy.appendingPathComponent("held").path
      let before = Self.files(in: copy).filter { $0.key != "held" }
      // flock holds the project for a second; the fix must not have written before it is released.
      let shell = """
        \(flock) -o "\(project)" sh -c 'touch "\(ready)"; sleep 1; cmp -s "\(project)/tokens/main/subtext-message.yaml" /dev/stdin <"\(project)/tokens/main/subtext-message.yaml" && echo untouched >"\(ready)"' &
        while [ ! -e "\(ready)" ]; do sleep 0.02; done
        "$0" "$@"; status=$?
        wait
        exit $status
        """
      let run = try BinaryRunner.run(
        ["audit", "--fix", "main.subtext-message.*.*"], in: copy, timeout: 60, shell: shell)
      #expect(run.status == 1, "\(run.stderr)")
      #expect(
        run.stderr.hasPrefix(
          "ebtokens: another ebtokens build is using '\(project)'; waiting for it to finish\n"))
      #expect(try String(contentsOfFile: ready, encoding: .utf8) == "untouched\n")
      #expect(Self.files(in: copy).filter { $0.key != "held" } != before)
    }
  }

  @Test func withoutFixNothingIsWrittenToTheTokenFiles() throws {
    try Self.withShippedCopy { copy in
      let before = Self.files(in: copy)
      for format in ["text", "sarif", "json", "html", "markdown"] {
        let run = try Self.audit(["--format", format], in: copy)
        #expect(run.status == 1, "\(run.stderr)")
        // SARIF offers the fixes as edits, and writes none of them.
        #expect(run.stdout.contains("\"insertedContent\"") == (format == "sarif"))
      }
      #expect(Self.files(in: copy) == before)
    }
  }

  @Test func aFixPatternThatMatchesNoTokenExitsTwo() throws {
    try Self.withShippedCopy { copy in
      let before = Self.files(in: copy)
      let run = try Self.audit(["--fix", "main.nope"], in: copy)
      #expect(run.status == 2)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.hasPrefix("error: --fix pattern 'main.nope' matches no token"))
      #expect(Self.files(in: copy) == before)
    }
  }
}
