import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensModel
@testable import EBTokensSupport

/// `audit --fix`: the suggested fixes written into a copy of the token files, changing only the
/// named values and leaving every other byte as it was; and SARIF's `fixes`, located the same way.
@Suite struct AuditFixWriteTests {
  /// A copy of the shipped project (config and tokens) in a temporary folder.
  static func withShippedCopy<T>(_ body: (URL) throws -> T) throws -> T {
    try withTemporaryDirectory { copy in
      for item in ["ebtokens.yml", "tokens"] {
        try FileManager.default.copyItem(
          at: TestPaths.repositoryRoot.appendingPathComponent(item), to: copy.appendingPathComponent(item))
      }
      return try body(copy)
    }
  }

  /// Every file under `folder`, by path relative to it, with its bytes.
  static func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let url = folder.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        files[path] = try Data(contentsOf: url)
      }
    }
    return files
  }

  static func configuration(in folder: URL) throws -> Configuration {
    try ConfigurationLoader().load(path: folder.appendingPathComponent("ebtokens.yml").path)
  }

  /// `text` with `old` replaced by `new` on line `line` (1-based) only, where it must occur once.
  static func replacing(_ old: String, with new: String, onLine line: Int, in text: String) throws -> String {
    var lines = text.components(separatedBy: "\n")
    try #require(lines[line - 1].components(separatedBy: old).count == 2, "'\(old)' not once on line \(line)")
    lines[line - 1] = lines[line - 1].replacingOccurrences(of: old, with: new)
    return lines.joined(separator: "\n")
  }

  @Test func theAlphaFixRewritesOnlyThePercentage() throws {
    try Self.withShippedCopy { copy in
      let alertPath = copy.appendingPathComponent("tokens/main/alert.yaml").path
      // The file keeps its own permissions, not the process's default ones.
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: alertPath)
      let before = try Self.snapshot(copy)
      let outcome = try AuditFix.run(
        pattern: "main.alert.color.*.description", configuration: try Self.configuration(in: copy))
      try #require(outcome.applied.count == 1)
      let edit = outcome.applied[0].edit
      #expect(edit.token == "main.alert.color.warning.description")
      #expect(edit.change == .alpha(percent: 81))
      #expect(outcome.applied[0].alsoMoves.isEmpty)
      let after = try Self.snapshot(copy)
      #expect(Set(after.keys) == Set(before.keys))
      for (path, bytes) in before where path != "tokens/main/alert.yaml" {
        #expect(after[path] == bytes, "\(path) changed")
      }
      let original = String(decoding: try #require(before["tokens/main/alert.yaml"]), as: UTF8.self)
      let expected = try Self.replacing(
        "label-title} @ 80%\"", with: "label-title} @ 81%\"", onLine: 18, in: original)
      #expect(String(decoding: try #require(after["tokens/main/alert.yaml"]), as: UTF8.self) == expected)
      let permissions = try FileManager.default.attributesOfItem(atPath: alertPath)[.posixPermissions] as? Int
      #expect(permissions == 0o640)
      // Written by renaming a temporary file beside it: nothing else is left in the folder.
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: copy.appendingPathComponent("tokens/main").path)
          .sorted() == ["alert.yaml", "button.yaml", "nudge.yaml", "subtext-message.yaml"])
      // The audit run again: the warning description passes now, the three others still fail.
      let warning = outcome.result.results.first { $0.foreground == "main.alert.color.warning.description" }
      #expect(warning?.passes == true)
      #expect(outcome.result.failedCount == 3)
    }
  }

  @Test func colorFixesRewriteTheHexInPlaceAndTheAuditPassesAfterwards() throws {
    try Self.withShippedCopy { copy in
      let before = try Self.snapshot(copy)
      let configuration = try Self.configuration(in: copy)
      let suggested = try ContrastAudit.run(configuration: configuration).value
      func literal(_ foreground: String) throws -> String {
        try #require(suggested.results.first { $0.foreground == foreground }?.fix).literal.opaqueHex
      }
      let subtext = try AuditFix.run(pattern: "main.subtext-message.*.*", configuration: configuration)
      #expect(
        subtext.applied.map(\.edit.token) == [
          "main.subtext-message.primary.label", "main.subtext-message.success.icon",
        ])
      let nudge = try AuditFix.run(
        pattern: "main.nudge.color.primary.description", configuration: configuration)
      let alert = try AuditFix.run(
        pattern: "main.alert.color.warning.description", configuration: configuration)
      #expect(nudge.applied.count == 1 && alert.applied.count == 1)
      #expect(alert.result.allPass, "\(alert.result.summary)")

      let after = try Self.snapshot(copy)
      let changed = Set(before.keys.filter { before[$0] != after[$0] })
      #expect(
        changed == ["tokens/main/alert.yaml", "tokens/main/nudge.yaml", "tokens/main/subtext-message.yaml"])
      func text(_ files: [String: Data], _ path: String) throws -> String {
        String(decoding: try #require(files[path]), as: UTF8.self)
      }
      var expected = try text(before, "tokens/main/subtext-message.yaml")
      expected = try Self.replacing(
        "\"#6780A9\"", with: "\"\(try literal("main.subtext-message.primary.label"))\"", onLine: 9,
        in: expected)
      expected = try Self.replacing(
        "\"#12AF80\"", with: "\"\(try literal("main.subtext-message.success.icon"))\"", onLine: 13,
        in: expected)
      #expect(try text(after, "tokens/main/subtext-message.yaml") == expected)
      let nudgeExpected = try Self.replacing(
        "\"#6780A9\"", with: "\"\(try literal("main.nudge.color.primary.description"))\"", onLine: 18,
        in: try text(before, "tokens/main/nudge.yaml"))
      #expect(try text(after, "tokens/main/nudge.yaml") == nudgeExpected)
    }
  }

  /// Colors keep the form they were written in: lower-case hex stays lower case, `#RGB` becomes
  /// `#RRGGBB` with its alpha digit kept, and a DTCG color object gets new components and `hex`;
  /// comments and spacing around them are untouched.
  @Test func eachColorIsRewrittenInTheFormItWasWrittenIn() throws {
    try withTemporaryDirectory { folder in
      let yaml = """
        # Kept as written.
        text:
          $type: color
          muted: "#9a9a9a"   # pale on purpose
          short: '#AAAC'
        page:
          $type: color
          bg: "#FFFFFF"

        """
      let json = """
        {
          "label": {
            "$type": "color",
            "$value": { "colorSpace": "srgb", "components": [ 0.6, 0.6, 0.6 ], "hex": "#999999" }
          }
        }

        """
      let config = """
        tokens: tokens
        audit:
          rules:
            - foreground: text.*
              background: page.bg
              role: text
            - foreground: label
              background: page.bg
              role: text

        """
      let tokens = folder.appendingPathComponent("tokens")
      try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
      try yaml.write(to: tokens.appendingPathComponent("colors.yaml"), atomically: true, encoding: .utf8)
      try json.write(
        to: tokens.appendingPathComponent("label.tokens.json"), atomically: true, encoding: .utf8)
      try config.write(to: folder.appendingPathComponent("ebtokens.yml"), atomically: true, encoding: .utf8)
      let configuration = try Self.configuration(in: folder)
      let suggested = try ContrastAudit.run(configuration: configuration).value
      #expect(suggested.failedCount == 3)
      func fix(_ token: String) throws -> Color {
        try #require(suggested.results.first { $0.foreground == token }?.fix).literal
      }
      let (muted, short, label) = (try fix("text.muted"), try fix("text.short"), try fix("label"))

      _ = try AuditFix.run(pattern: "text.*", configuration: configuration)
      let outcome = try AuditFix.run(pattern: "label", configuration: configuration)
      #expect(outcome.result.allPass, "\(outcome.result.summary)")

      var expectedYAML = try Self.replacing(
        "#9a9a9a", with: muted.opaqueHex.lowercased(), onLine: 4, in: yaml)
      expectedYAML = try Self.replacing("#AAAC", with: short.opaqueHex + "CC", onLine: 5, in: expectedYAML)
      #expect(
        try String(contentsOf: tokens.appendingPathComponent("colors.yaml"), encoding: .utf8) == expectedYAML)
      func component(_ byte: UInt8) -> String {
        NumberFormatting.shortest((Double(byte) / 255 * 10_000).rounded() / 10_000)
      }
      let components = [label.red8, label.green8, label.blue8].map(component).joined(separator: ", ")
      let expectedJSON = try Self.replacing(
        "[ 0.6, 0.6, 0.6 ], \"hex\": \"#999999\"", with: "[ \(components) ], \"hex\": \"\(label.opaqueHex)\"",
        onLine: 4, in: json)
      #expect(
        try String(contentsOf: tokens.appendingPathComponent("label.tokens.json"), encoding: .utf8)
          == expectedJSON)
    }
  }

  @Test func aPatternThatNamesNoTokenIsAnErrorAndWritesNothing() throws {
    try Self.withShippedCopy { copy in
      let before = try Self.snapshot(copy)
      let configuration = try Self.configuration(in: copy)
      let unmatched = #expect(throws: DiagnosticsError.self) {
        try AuditFix.run(pattern: "main.alert.colr.*.description", configuration: configuration)
      }
      #expect(
        unmatched?.diagnostics.map(\.message) == [
          "--fix pattern 'main.alert.colr.*.description' matches no token; "
            + "did you mean 'main.alert.color.*.description'?"
        ])
      let invalid = #expect(throws: DiagnosticsError.self) {
        try AuditFix.run(pattern: "main.alert*", configuration: configuration)
      }
      #expect(invalid?.diagnostics.first?.message.contains("'*' matches one whole segment") == true)
      // Names tokens, but none whose fix would change them: nothing to do, not an error.
      let passing = try AuditFix.run(pattern: "main.alert.color.*.icon", configuration: configuration)
      #expect(passing.applied.isEmpty)
      #expect(passing.summary(pattern: "x").hasPrefix("nothing to fix"))
      #expect(try Self.snapshot(copy) == before)
    }
  }

  /// A config auditing `label` on `page.bg` as text, the tokens in `tokens/`.
  static func writeLabelOnPageConfig(in folder: URL) throws {
    let config = """
      tokens: tokens
      audit:
        rules:
          - foreground: label
            background: page.bg
            role: text

      """
    try config.write(to: folder.appendingPathComponent("ebtokens.yml"), atomically: true, encoding: .utf8)
  }

  @Test func aValueInAFormNotRewrittenIsRefusedAndNothingIsWritten() throws {
    try withTemporaryDirectory { folder in
      let tokens = folder.appendingPathComponent("tokens")
      try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
      try """
      {
        "page": { "$type": "color", "bg": { "$value": "#FFFFFF" } },
        "label": {
          "$type": "color",
          "$value": { "colorSpace": "display-p3", "components": [ 0.6, 0.6, 0.6 ] }
        }
      }

      """.write(to: tokens.appendingPathComponent("colors.tokens.json"), atomically: true, encoding: .utf8)
      try Self.writeLabelOnPageConfig(in: folder)
      let before = try Self.snapshot(folder)
      let error = #expect(throws: DiagnosticsError.self) {
        try AuditFix.run(pattern: "label", configuration: try Self.configuration(in: folder))
      }
      let diagnostic = try #require(error?.diagnostics.first)
      #expect(diagnostic.message.contains("a color object in another space than 'srgb'"))
      #expect(diagnostic.location?.line == 5)
      #expect(try Self.snapshot(folder) == before)
    }
  }

  /// A token file that is a symbolic link is never written through: the rename would replace the
  /// link with a file.
  @Test func aSymbolicLinkIsRefusedAndNothingIsWritten() throws {
    try withTemporaryDirectory { folder in
      let (tokens, real) = (folder.appendingPathComponent("tokens"), folder.appendingPathComponent("real"))
      for url in [tokens, real] {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      }
      let json = """
        {
          "page": { "$type": "color", "bg": { "$value": "#FFFFFF" } },
          "label": { "$type": "color", "$value": "#999999" }
        }

        """
      try json.write(to: real.appendingPathComponent("colors.tokens.json"), atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: tokens.appendingPathComponent("colors.tokens.json").path,
        withDestinationPath: "../real/colors.tokens.json")
      try Self.writeLabelOnPageConfig(in: folder)
      let error = #expect(throws: DiagnosticsError.self) {
        try AuditFix.run(pattern: "label", configuration: try Self.configuration(in: folder))
      }
      #expect(
        error?.diagnostics.first?.message.contains("it is a symbolic link, which --fix never writes through")
          == true)
      #expect(
        try String(contentsOf: real.appendingPathComponent("colors.tokens.json"), encoding: .utf8) == json)
      let link = try FileManager.default.destinationOfSymbolicLink(
        atPath: tokens.appendingPathComponent("colors.tokens.json").path)
      #expect(link == "../real/colors.tokens.json")
    }
  }

  /// SARIF's `fixes`: each replacement's region holds exactly the text it deletes, in the file.
  @Test func sarifFixesPointAtTheTextTheyReplace() throws {
    let configuration = try ConfigurationLoader().load(path: TestPaths.repositoryRoot.path + "/ebtokens.yml")
    let result = try ContrastAudit.run(configuration: configuration, locatingEdits: true).value
    #expect(try AuditContrastTests.shippedAudit().results.allSatisfy { $0.fix?.edits.isEmpty ?? true })
    let data = Data(AuditReport.render(result, format: .sarif).utf8)
    let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect(run["columnKind"] as? String == "unicodeCodePoints")
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 4)
    var regions = 0
    for entry in results {
      let fixes = try #require(entry["fixes"] as? [[String: Any]])
      #expect(!fixes.isEmpty)
      for fix in fixes {
        #expect((fix["description"] as? [String: Any])?["text"] is String)
        for change in try #require(fix["artifactChanges"] as? [[String: Any]]) {
          let uri = try #require((change["artifactLocation"] as? [String: Any])?["uri"] as? String)
          let lines = try String(contentsOfFile: uri.removingPercentEncoding ?? uri, encoding: .utf8)
            .components(separatedBy: "\n")
          for replacement in try #require(change["replacements"] as? [[String: Any]]) {
            let region = try #require(replacement["deletedRegion"] as? [String: Int])
            let inserted = try #require(
              (replacement["insertedContent"] as? [String: Any])?["text"] as? String)
            let (line, start, end) = (
              try #require(region["startLine"]), try #require(region["startColumn"]),
              try #require(region["endColumn"])
            )
            #expect(region["endLine"] == line)
            let characters = Array(lines[line - 1])
            let deleted = String(characters[(start - 1)..<(end - 1)])
            #expect(deleted != inserted)
            #expect(deleted.hasPrefix("#") == inserted.hasPrefix("#"), "\(deleted) → \(inserted)")
            regions += 1
          }
        }
      }
    }
    // The warning description: its @ 80% and its base's color; the three others: their own color.
    #expect(regions == 5)
    let warning = try #require(
      results.first {
        ($0["message"] as? [String: Any])?["text"].map { "\($0)" }?.contains("warning.description") == true
      })
    let alphaFix = try #require((warning["fixes"] as? [[String: Any]])?.first)
    let change = try #require((alphaFix["artifactChanges"] as? [[String: Any]])?.first)
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    #expect(
      replacement["deletedRegion"] as? [String: Int] == [
        "startLine": 18, "startColumn": 64, "endLine": 18, "endColumn": 66,
      ])
    #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "81")
  }
}
