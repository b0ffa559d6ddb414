import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit
@testable import EBTokensBenchSupport
@testable import EBTokensEmitting
@testable import EBTokensSupport

/// Each language's escaper, proven by the language's own compiler or parser: a few hundred seeded
/// random strings from all of Unicode, rich in what could end a literal or a comment, are written
/// with the escaper into one program (or page) per language, which reads every literal back as its
/// code points. Each string's comment lines are written above its literal, so a comment the
/// escaper let end early breaks the program, or shifts what it reads.
///
/// Outside CI a missing tool skips its test; in CI it fails. Serialized: each test runs a compiler
/// or a browser, and two at once would overload two cores.
@Suite(.serialized) struct EscaperRoundTripTests {
  static let strings = RandomText.strings(count: 300, seed: 14)

  @Test func theStringsHoldEveryDangerousCharacter() {
    #expect(Self.strings.count == 300)
    let scalars = Set(Self.strings.flatMap(\.unicodeScalars))
    let dangerous: [Unicode.Scalar] = [
      "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\u{202E}",
      "\u{2066}", "\"", "'", "\\", "$", "{", "}", ";", "<", ">", "&", "*", "/", "\u{301}",
    ]
    for scalar in dangerous {
      #expect(scalars.contains(scalar), "no U+\(SourceText.hex(scalar, width: 4))")
    }
    #expect(scalars.contains { $0.value > 0xFFFF }, "no scalar beyond the BMP")
    for sequence in ["\"\"\"", "${", "*/", "</style>", "<script>"] {
      #expect(Self.strings.contains { $0.utf8.firstRange(of: sequence.utf8) != nil }, "no \(sequence)")
    }
  }

  /// What no compiler checks: that a reviewer reads what the compiler reads. No literal or comment
  /// line of the code outputs holds a control character, a line separator or a bidirectional
  /// control, which could hide or reorder the rest of its line.
  @Test func literalsAndCommentLinesAreOneVisibleLine() {
    let escapers = [
      ("Swift", SwiftLanguage.escaper), ("Kotlin", KotlinLanguage.escaper), ("CSS", CSSLanguage.escaper),
    ]
    for (language, escaper) in escapers {
      for string in Self.strings {
        for written in [escaper.literal(string)] + escaper.commentLines(string) {
          let hidden = written.unicodeScalars.first {
            SourceText.isControl($0) || SourceText.isBidiControl($0) || $0 == "\u{2028}" || $0 == "\u{2029}"
          }
          #expect(hidden == nil, "\(language) wrote \(written.debugDescription)")
        }
      }
    }
  }

  @Test(.requires(.swiftc))
  func swiftReadsBackEveryLiteral() throws {
    let swiftc = try ExternalTool.swiftc.require()
    let escaper = SwiftLanguage.escaper
    var program = "let strings: [String] = [\n"
    for string in Self.strings {
      for line in escaper.commentLines(string) { program += "  /// \(line)\n" }
      program += "  \(escaper.literal(string)),\n"
    }
    program += """
      ]
      for string in strings {
        print("=" + string.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
      }

      """
    let output = try Self.printed(
      by: program, file: "main.swift", built: "main", compiler: swiftc, { [$0, "-o", $1] }, run: { ($0, []) })
    Self.expectReadBack(output, as: Self.strings, by: "Swift", literals: Self.strings.map(escaper.literal))
  }

  @Test(.requires(.kotlinc, .kotlin))
  func kotlinReadsBackEveryLiteral() throws {
    let kotlinc = try ExternalTool.kotlinc.require()
    let kotlin = try ExternalTool.kotlin.require()
    let escaper = KotlinLanguage.escaper
    // Kotlin 1.3 takes no comma after the last argument.
    let entries = Self.strings.map { string in
      let documentation = escaper.commentLines(string)
      let comment =
        documentation.isEmpty
        ? "" : "    /**\n" + documentation.map { "     * \($0)\n" }.joined() + "     */\n"
      return comment + "    \(escaper.literal(string))"
    }
    var program = "val strings = listOf(\n" + entries.joined(separator: ",\n") + "\n"
    program += """
      )

      fun main() {
          for (string in strings) {
              val line = StringBuilder("=")
              var index = 0
              while (index < string.length) {
                  val scalar = Character.codePointAt(string, index)
                  if (index > 0) line.append(' ')
                  line.append(Integer.toHexString(scalar))
                  index += Character.charCount(scalar)
              }
              println(line)
          }
      }

      """
    let output = try Self.printed(
      by: program, file: "Main.kt", built: "main.jar", compiler: kotlinc, { [$0, "-d", $1] },
      run: { (kotlin, ["-classpath", $0, "MainKt"]) })
    Self.expectReadBack(output, as: Self.strings, by: "Kotlin", literals: Self.strings.map(escaper.literal))
  }

  /// Each literal is a custom property's value inside a `<style>` element, read back through
  /// `content: var(…)` on a pseudo-element, whose computed value Chromium serializes as a CSS
  /// string. CSS reads an escaped NUL as U+FFFD, so a NUL cannot be carried.
  @Test(.requires(.chromium))
  func chromiumReadsBackEveryCSSString() throws {
    let chromium = try ExternalTool.chromium.require()
    let escaper = CSSLanguage.escaper
    var page = "<!DOCTYPE html>\n<meta charset=\"utf-8\">\n<style>\n.s::before { content: var(--v); }\n"
    for (index, string) in Self.strings.enumerated() {
      let comment = escaper.commentLines(string)
      if !comment.isEmpty { page += "/* " + comment.joined(separator: "\n   ") + " */\n" }
      page += "#s\(index) { --v: \(escaper.literal(string)); }\n"
    }
    page += "</style>\n<body>\n"
    page += Self.strings.indices.map { "<div class=\"s\" id=\"s\($0)\"></div>\n" }.joined()
    page += """
      <pre id="result"></pre>
      <script>
      // The code points of a CSS string as CSSOM serializes it: quoted, with `\\` escapes.
      function codePoints(css) {
        if (css.length < 2 || css[0] !== '"' || css[css.length - 1] !== '"') return "not a string: " + css;
        const text = css.slice(1, -1);
        const scalars = [];
        for (let index = 0; index < text.length; ) {
          if (text[index] === "\\\\") {
            const hex = /^[0-9a-fA-F]{1,6} ?/.exec(text.slice(index + 1));
            if (hex) {
              scalars.push(parseInt(hex[0], 16));
              index += 1 + hex[0].length;
              continue;
            }
            index += 1;
          }
          const scalar = text.codePointAt(index);
          scalars.push(scalar);
          index += scalar > 0xFFFF ? 2 : 1;
        }
        return scalars.map((scalar) => scalar.toString(16)).join(" ");
      }
      const lines = [];
      for (const element of document.querySelectorAll(".s")) {
        lines.push("=" + codePoints(getComputedStyle(element, "::before").content));
      }
      document.getElementById("result").textContent = lines.join("\\n") + "\\n";
      </script>

      """
    let expected = Self.strings.map { string in
      String(String.UnicodeScalarView(string.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
    }
    Self.expectReadBack(
      try Self.readInChromium(page, chromium), as: expected, by: "Chromium's CSS",
      literals: Self.strings.map(escaper.literal))
  }

  /// Each string escaped as an element's text and as a double-quoted attribute, as the audit page
  /// writes them, read back by Chromium's HTML parser. The escaper replaces C0 controls and DEL.
  @Test(.requires(.chromium))
  func chromiumReadsBackEveryHTMLTextAndAttribute() throws {
    let chromium = try ExternalTool.chromium.require()
    let escaper = AuditHTML.escaper
    var page = "<!DOCTYPE html>\n<meta charset=\"utf-8\">\n<body>\n"
    for string in Self.strings {
      page += "<div class=\"s\" title=\"\(escaper.literal(string))\">\(escaper.literal(string))</div>\n"
    }
    page += """
      <pre id="result"></pre>
      <script>
      const hex = (text) => Array.from(text, (scalar) => scalar.codePointAt(0).toString(16)).join(" ");
      const lines = [];
      for (const element of document.querySelectorAll(".s")) {
        lines.push("=" + hex(element.textContent), "=" + hex(element.getAttribute("title")));
      }
      document.getElementById("result").textContent = lines.join("\\n") + "\\n";
      </script>

      """
    let expected = Self.strings.flatMap { string in
      let replaced = String(
        String.UnicodeScalarView(
          string.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
      return [replaced, replaced]
    }
    Self.expectReadBack(
      try Self.readInChromium(page, chromium), as: expected, by: "Chromium's HTML",
      literals: Self.strings.flatMap { [escaper.literal($0), escaper.literal($0)] })
  }

  /// What `program` prints, written as `file` in a fresh folder, built into `built` there by
  /// `compiler` (given the source's and the build's paths), and run as `run` says.
  private static func printed(
    by program: String, file: String, built: String, compiler: String,
    _ compilerArguments: (_ source: String, _ built: String) -> [String],
    run: (_ built: String) -> (executable: String, arguments: [String])
  ) throws -> String {
    try withTemporaryDirectory { directory in
      let source = directory.appendingPathComponent(file)
      try Data(program.utf8).write(to: source)
      let output = directory.appendingPathComponent(built).path
      let compile = try ExternalTool.run(
        compiler, compilerArguments(source.path, output), environment: ExternalTool.environment)
      try #require(compile.status == 0, "\(compiler) failed:\n\(compile.stderr)")
      let (executable, arguments) = run(output)
      let result = try ExternalTool.run(executable, arguments, environment: ExternalTool.environment)
      try #require(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
  }

  /// What the page's script writes into `<pre id="result">` when Chromium loads it: lines of `=`,
  /// hex digits and spaces, which the DOM `--dump-dom` prints holds as they are.
  private static func readInChromium(_ page: String, _ chromium: String) throws -> String {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("strings.html")
      try Data(page.utf8).write(to: file)
      let dom = try ExternalTool.dumpDOM(chromium, page: file, profileIn: directory).stdout
      let start = try #require(dom.range(of: "<pre id=\"result\">"), "no result in:\n\(dom)")
      let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
      return String(dom[start.upperBound..<end.lowerBound])
    }
  }

  /// Checks that `output`, one line of `=` and hex code points for each literal, reads exactly
  /// `expected`: as many lines as strings, each the string it was written from.
  private static func expectReadBack(
    _ output: String, as expected: [String], by reader: String, literals: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    #expect(
      lines.count == expected.count, "\(reader) read \(lines.count) strings of \(expected.count)",
      sourceLocation: sourceLocation)
    var mismatches = 0
    for index in expected.indices where index < lines.count {
      let written =
        "=" + expected[index].unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
      guard lines[index] != written else { continue }
      mismatches += 1
      // The first few are enough to see what went wrong.
      if mismatches <= 3 {
        Issue.record(
          "\(reader) read the literal \(literals[index].debugDescription) as \(lines[index]), not \(written)",
          sourceLocation: sourceLocation)
      }
    }
    #expect(mismatches == 0, "\(mismatches) of \(expected.count) strings read back wrong by \(reader)")
  }
}

/// Seeded random text from all of Unicode, with a good share of what code injection is made of.
enum RandomText {
  /// Pieces that end or change a literal or comment in some language, or hide how a line reads.
  static let dangerous: [String] = [
    "\"", "'", "`", "\\", "$", "${", "${x}", "$x", "\\(", "\\(x)", "\"\"\"", "#\"", "*/", "/*", "/*/", "*",
    "/", "//", "</style>", "</STYLE", "<script>", "</script>", "<!--", "-->", "]]>", "}", "{", ";", ":",
    "&", "&amp;", "&#47;", "&lt;", "<", ">", "@", "\n", "\r", "\r\n", "\t", "\u{0}", "\u{7F}", "\u{85}",
    "\u{9B}", "\u{1B}[31m", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200E}",
    "\u{61C}", "\u{FEFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\\u0041", "\\u{41}", "\\41 ", "\\0",
    "*\u{301}/", "*/\u{301}", "/\u{301}*", "<\u{301}/", "e\u{301}", "\u{1F44D}", "\u{1F1EB}\u{1F1F7}",
  ]

  static func strings(count: Int, seed: UInt64) -> [String] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      var text = String.UnicodeScalarView()
      for _ in 0..<generator.inRange(0...24) { text += piece(&generator) }
      return String(text)
    }
  }

  private static func piece(_ generator: inout SplitMix64) -> String.UnicodeScalarView {
    func scalar(_ range: ClosedRange<Int>) -> String.UnicodeScalarView {
      // Surrogate code points are not scalars; one drawn is moved past them.
      let value = generator.inRange(range)
      let scalar = Unicode.Scalar(UInt32(value)) ?? Unicode.Scalar(UInt32(value + 0x800)) ?? "?"
      return String.UnicodeScalarView([scalar])
    }
    switch generator.below(8) {
    case 0, 1: return generator.pick(dangerous).unicodeScalars
    case 2: return scalar(0x20...0x7E)
    case 3: return scalar(0x00...0x1F)
    case 4: return scalar(0x7F...0x9F)
    case 5: return scalar(0x300...0x36F)
    case 6: return scalar(0xA0...0xFFFF)
    default: return scalar(0x10000...0x10FFFF)
    }
  }
}
