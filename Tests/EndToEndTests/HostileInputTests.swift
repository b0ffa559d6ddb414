import Foundation
import TestSupport
import Testing

/// Inputs too large to commit, or that cannot be committed (a named pipe), generated here and
/// given to the real binary: each is refused with its error and writes nothing.
///
/// How fast each is refused is measured, not asserted (timings belong in a benchmark, not a test
/// that a busy machine can fail): the figures are in docs/security.md. A run is only killed, as a
/// hang, after a minute.
@Suite(.serialized) struct HostileInputTests {
  /// Writes `files` (path → bytes) into a fresh project folder, runs `ebtokens build` there, and
  /// checks that the run failed with exit code 2, without hanging, and left the folder unchanged.
  private func refuse(
    _ files: [String: [UInt8]], setUp: (URL) throws -> Void = { _ in },
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> ChildProcess.Result {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-hostile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (path, bytes) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
    try setUp(root)
    let before = try TreeSnapshot(of: root)
    let result = try BinaryRunner.run(["build"], in: root, timeout: 60)
    #expect(!result.crashed, "crashed: \(result.stderr.prefix(2000))", sourceLocation: sourceLocation)
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(try TreeSnapshot(of: root) == before, "the folder changed", sourceLocation: sourceLocation)
    return result
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func tenThousandNestedFlowMappingsFailFastAtTheDepthLimit() throws {
    let depth = 10_000
    let yaml = "a: " + String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
    let result = try refuse(["tokens/deep.yaml": bytes(yaml + "\n")])
    // The 128th flow mapping (the 129th level, under the file's own) opens at column 4 + 127 × 4.
    #expect(
      result.stderr
        == "tokens/deep.yaml:1:512: error: nesting is deeper than the limit of 128 levels\n1 error\n")
  }

  @Test func tenThousandNestedSequencesFailFastAtTheDepthLimit() throws {
    let depth = 10_000
    let yaml = "a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let result = try refuse(["tokens/deep.yaml": bytes(yaml + "\n")])
    #expect(
      result.stderr
        == "tokens/deep.yaml:1:131: error: nesting is deeper than the limit of 128 levels\n1 error\n")
  }

  @Test func deepBlockIndentationFailsAtTheDepthLimitWithItsLine() throws {
    let yaml = (0..<300).map { String(repeating: " ", count: $0) + "g\($0):\n" }.joined()
    let result = try refuse(["tokens/deep.yaml": bytes(yaml)])
    let line = String(repeating: " ", count: 128) + "g128:"
    #expect(
      result.stderr == """
        tokens/deep.yaml:129:129: error: nesting is deeper than the limit of 128 levels
        \(line)
        \(String(repeating: " ", count: 128))^
        1 error

        """)
  }

  @Test func aSixtyMegabyteFileIsRefusedByItsSizeWithoutBeingRead() throws {
    let header = bytes("color:\n  $type: color\n  bg: \"")
    let file = header + [UInt8](repeating: UInt8(ascii: "x"), count: 60_000_000) + bytes("\"\n")
    let result = try refuse(["tokens/huge.yaml": file])
    // No source line: the file is not read even to show its first line.
    #expect(
      result.stderr == """
        tokens/huge.yaml:1:1: error: file is \(file.count) bytes, over the limit of 16777216 bytes
        1 error

        """)
  }

  @Test func aHugeScalarUnderTheLimitIsReportedInAShortenedMessage() throws {
    let value = String(repeating: "x", count: 15_000_000)
    let result = try refuse(
      ["tokens/big.yaml": bytes("color:\n  $type: color\n  bg: \"\(value)\"\n")])
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2)
    let message = try #require(lines.first)
    #expect(message.hasPrefix("tokens/big.yaml:3:7: error: invalid color for 'color.bg': 'xxx"))
    #expect(message.contains("…[14999"))
    #expect(
      message.hasSuffix("is not a supported color; write #RGB, #RRGGBB, #RRGGBBAA or a DTCG color object"))
    #expect(message.count < 1100)
  }

  @Test func moreTokensThanTheLimitAreRefusedWithoutResolvingThem() throws {
    let count = 200_001
    var yaml = "size:\n  $type: dimension\n"
    yaml.reserveCapacity(count * 16)
    for index in 0..<count { yaml += "  t\(index): 1px\n" }
    let result = try refuse(["tokens/many.yaml": bytes(yaml)])
    #expect(
      result.stderr == """
        tokens/many.yaml:200003:3: error: more than 200000 tokens; this is over the limit
          t200000: 1px
          ^
        1 error

        """)
  }

  @Test func aChainLongerThanTheLimitIsReportedOnceAtTheTokenThatPassesIt() throws {
    // t10001 → t10000 → … → t1 → t0 (a literal): 10,001 references, one more than the limit.
    // Written from the far end, so the resolver walks the whole chain from its top.
    var yaml = "size:\n  $type: dimension\n"
    for index in stride(from: 10_001, through: 1, by: -1) {
      yaml += "  t\(index): \"{size.t\(index - 1)}\"\n"
    }
    yaml += "  t0: 1px\n"
    let result = try refuse(["tokens/chain.yaml": bytes(yaml)])
    #expect(
      result.stderr == """
        tokens/chain.yaml:3:11: error: 'size.t10001' is at the end of a chain of more than 10000 references, \
        the limit; reference the token with the value directly
          t10001: "{size.t10000}"
                  ^
        1 error

        """)
  }

  @Test func twentyThousandBrokenReferencesAreReportedQuickly() throws {
    // Every reference misses, and each did-you-mean would search 40,000 tokens: the search is
    // budgeted, so the run stays linear.
    var yaml = "size:\n  $type: dimension\n"
    for index in 0..<20_000 { yaml += "  r\(index): \"{size.t\(index)x}\"\n  t\(index): 1px\n" }
    let result = try refuse(["tokens/refs.yaml": bytes(yaml)])
    #expect(result.stderr.hasSuffix("\n20000 errors\n"))
    #expect(
      result.stderr.hasPrefix(
        "tokens/refs.yaml:3:7: error: 'size.r0' references '{size.t0x}', which does not exist; did you mean 'size.t0'?"
      ))
  }

  @Test func auditRulesThatMultiplyIntoMoreThanAHundredThousandPairsAreRefused() throws {
    // Each rule pairs every one of 2,000 colors with its own literal background: 51 rules ask
    // for 102,000 pairs, and a config of thousands of such rules would ask for billions.
    var tokens = "c:\n  $type: color\n"
    for index in 0..<2_000 { tokens += "  t\(index): \"#123456\"\n" }
    var config = "outputs: []\naudit:\n  rules:\n"
    for index in 0..<51 {
      config +=
        "    - foreground: \"c.*\"\n      background: \"#\(String(format: "%06X", index))\"\n      role: text\n"
    }
    let result = try refuse(["tokens/colors.yaml": bytes(tokens), "ebtokens.yml": bytes(config)])
    #expect(
      result.stderr == """
        ebtokens.yml:154:7: error: the rules name more than 100000 foreground/background pairs, the limit; \
        this rule and any after it were not checked
            - foreground: "c.*"
              ^
        1 error

        """)
  }

  @Test func aNamedPipeAmongTheTokenFilesIsRefusedNotWaitedOn() throws {
    let result = try refuse(
      ["tokens/colors.yaml": bytes("color:\n  $type: color\n  bg: \"#FFFFFF\"\n")]
    ) { root in
      #expect(mkfifo(root.appendingPathComponent("tokens/pipe.yaml").path, 0o644) == 0)
    }
    #expect(
      result.stderr == """
        error: cannot read 'tokens/pipe.yaml': it is not a regular file (a folder, device, pipe or socket)
        1 error

        """)
  }

  @Test func aTemplateNestingEightyThousandSectionsIsRefusedNotParsed() throws {
    // Refused at the 65th section; a recursive parser (swift-mustache's) overflowed the stack here.
    // (960,000 bytes: under the 1 MiB limit on a template.)
    let template = String(repeating: "{{#a}}", count: 80_000) + String(repeating: "{{/a}}", count: 80_000)
    let result = try refuse(
      [
        "tokens/colors.yaml": bytes("color:\n  $type: color\n  bg: \"#FFFFFF\"\n"),
        "ebtokens.yml": bytes(
          "templates: templates\noutputs:\n  - kind: css\n    destination: dist/tokens.css\n"),
        "templates/css/tokens.css.mustache": bytes(template),
      ])
    #expect(
      result.stderr == """
        templates/css/tokens.css.mustache:1:385: error: invalid template: sections are nested more than 64 deep
        1 error

        """)
  }

  @Test func namesOfAThousandCharactersAndTheDeepestNestingAllowedBuildEveryOutput() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-hostile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    // 127 groups and a token: the 128 levels the reader allows, through every emitter's
    // recursive templates.
    var yaml = ""
    for level in 0..<127 { yaml += String(repeating: " ", count: level) + "g\(level):\n" }
    yaml += String(repeating: " ", count: 127) + "$type: dimension\n"
    yaml += String(repeating: " ", count: 127) + "deepest: 4px\n"
    yaml += "long:\n  $type: color\n  " + String(repeating: "n", count: 1000) + ": \"#FFFFFF\"\n"
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("tokens"), withIntermediateDirectories: true)
    try Data(yaml.utf8).write(to: root.appendingPathComponent("tokens/deep.yaml"))
    let result = try BinaryRunner.run(["build"], in: root, timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    // The namespaces nest 127 deep in the group's file, in an extension of the root, and the
    // token in the innermost.
    let sources = root.appendingPathComponent("dist/swift/Sources/EBTokens")
    let group = try String(contentsOf: sources.appendingPathComponent("EBTokens+G0.swift"), encoding: .utf8)
    #expect(group.contains("extension EBTokens {\n  public enum G0 {\n    public enum G1 {\n"))
    #expect(
      group.contains(
        String(repeating: "  ", count: 127) + "public enum G126 {\n" + String(repeating: "  ", count: 128)
          + "public static var deepest: Swift.Double { 4 }\n"))
    let css = try String(contentsOf: root.appendingPathComponent("dist/css/tokens.css"), encoding: .utf8)
    #expect(css.contains("--long-" + String(repeating: "n", count: 1000) + ": #ffffff;"))
  }
}
