import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// Generated code cannot be broken out of: every description, deprecation message, font family
/// and name in `Fixtures/adversarial` is written to end the comment or string literal it lands
/// in (`*/`, `"""`, `\(`, `${`, line breaks of every kind, `</style>`, `}`, NUL, escape
/// sequences, bidirectional overrides, emoji). Each string that would escape carries a payload
/// (`#error(…)`, `--evil: red`, a `<script>`) that fails the build or shows in the result.
///
/// The proof is the real tools: the Swift package builds and an app reads back every font
/// family exactly, the Kotlin compiles and does the same, Chromium loads the stylesheet (linked,
/// and pasted into a `<style>`) and finds exactly the declared properties with exactly the
/// tokens' values, and the audit's HTML report holds no markup but its own.
@Suite(.serialized) struct EmitAdversarialTests {
  static let fixture = URL(fileURLWithPath: TestPaths.fixture("adversarial"))

  static let configuration = """
    tokens: tokens
    outputs:
      - kind: swift
        destination: swift
      - kind: kotlin
        destination: kotlin
      - kind: css
        destination: css/tokens.css
    """

  static func tokens() throws -> TokenSet {
    try TokenLoader().load(directory: fixture.appendingPathComponent("tokens").path).value
  }

  /// Renders every output of the adversarial tokens below `directory`.
  static func write(to directory: URL, configuration: String = configuration, tokens: TokenSet) throws {
    let config = try ConfigurationLoader().load(
      yaml: configuration, path: "ebtokens.yml", baseDirectory: directory.path)
    let writer = OutputWriter()
    try writer.apply(writer.plan(OutputRenderer(configuration: config).render(tokens)))
  }

  /// `hostile.family.f1`… : the font families, in order.
  static func families(_ tokens: TokenSet) -> [(name: String, value: [String])] {
    tokens.tokens.compactMap { token in
      guard token.path.segments.count == 3, token.path.segments[1] == "family",
        case .fontFamily(let families) = token.value
      else { return nil }
      return (token.path.segments[2], families)
    }
  }

  // MARK: - Without tools

  @Test func theSwiftAndKotlinHoldNoRawControlOrBidiCharacterAndCommentsStayComments() throws {
    let outputs = try OutputRenderer(
      configuration: ConfigurationLoader().load(yaml: Self.configuration, path: "ebtokens.yml")
    ).render(Self.tokens())
    for file in outputs.flatMap(\.files) {
      let forbidden = file.contents.unicodeScalars.filter {
        ($0 != "\n" && SourceText.isControl($0)) || SourceText.isBidiControl($0) || $0 == "\u{2028}"
          || $0 == "\u{2029}"
      }
      #expect(forbidden.isEmpty, "\(file.path) holds \(forbidden.map { String($0.value, radix: 16) })")
      // Each payload is inside a comment or a string literal on the line it starts on.
      for line in file.contents.split(separator: "\n")
      where line.contains("#error(") || line.contains("--evil") {
        let code = line.drop { $0 == " " }
        let isComment = code.hasPrefix("///") || code.hasPrefix("*") || code.hasPrefix("/*")
        let isLiteral =
          code.contains("[Swift.String] { [\"") || code.contains("listOf(\"")
          || code.contains("message: \"") || code.contains("Deprecated(\"") || code.contains(": \"")
        #expect(isComment || isLiteral, "\(file.path): \(line)")
      }
    }
  }

  @Test func cssRefusesEveryNameNoEscapeCanMakeReadableAndSwiftAndKotlinBuildThem() throws {
    let tokens = try TokenLoader().load(directory: Self.fixture.appendingPathComponent("names-any").path)
      .value
    let errors = diagnostics {
      _ = try OutputRenderer(
        configuration: ConfigurationLoader().load(
          yaml: "outputs:\n  - kind: css\n    destination: css/tokens.css\n", path: "ebtokens.yml")
      ).render(tokens)
    }
    // Every name but two is refused: n15 (emoji) and n22 (Arabic and Hebrew) hold nothing but
    // letters CSS allows and spaces, which CSS names write as `-`.
    #expect(errors.count == tokens.tokens.count - 2)
    #expect(errors.allSatisfy { $0.contains("cannot be part of a CSS custom property name: it contains") })
    #expect(!errors.contains { $0.contains("'any.n15 ") || $0.contains("'any.n22 ") })
    let swift = try OutputRenderer(
      configuration: ConfigurationLoader().load(
        yaml: "outputs:\n  - kind: swift\n    destination: swift\n", path: "ebtokens.yml")
    ).render(tokens)
    let source = try #require(
      swift.first?.files.filter { $0.path.hasSuffix(".swift") }.map(\.contents).joined())
    #expect(source.contains("public static var n1ErrorEscapedABlockComment: Swift.Double { 1 }"))
    #expect(source.contains("public static var n7LineOneLineTwoErrorEscapedALineComment: Swift.Double { 7 }"))
  }

  @Test func identifiersKeepOnlyLettersBothLanguagesAccept() {
    // A decomposed é is composed; İ lowercases to i and a combining dot, so it stays İ;
    // an emoji and a combining mark left alone separate words.
    #expect(IdentifierWords.split("cafe\u{301}-au-lait") == ["café", "au", "lait"])
    #expect(IdentifierWords.lowerCamel(IdentifierWords.split("İstanbul")) == "İstanbul")
    #expect(IdentifierWords.upperCamel(IdentifierWords.split("ǰ-x")) == "ǰX")
    #expect(IdentifierWords.split("emoji🎨palette") == ["emoji", "palette"])
    #expect(IdentifierWords.split("a\u{200D}b\u{202E}c") == ["a", "b", "c"])
    #expect(IdentifierWords.split("x\u{2E2F}y") == ["x", "y"])
    #expect(KotlinLanguage().memberIdentifier(["größe"]) == "`größe`")
    #expect(SwiftLanguage().memberIdentifier(["größe"]) == "größe")
  }

  // MARK: - With the real tools

  @Test(.requires(.swift)) func theSwiftPackageBuildsAndReadsBackEveryStringExactly() throws {
    let swift = try ExternalTool.swift.require()
    let tokens = try Self.tokens()
    try withTemporaryDirectory { directory in
      try Self.write(to: directory, tokens: tokens)
      let consumer = directory.appendingPathComponent("consumer")
      try FileManager.default.createDirectory(
        at: consumer.appendingPathComponent("Sources/Consumer"), withIntermediateDirectories: true)
      try Data(
        """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
          name: "Consumer",
          dependencies: [.package(path: "../swift")],
          targets: [.executableTarget(name: "Consumer", dependencies: [.product(name: "EBTokens", package: "swift")])]
        )
        """.utf8
      ).write(to: consumer.appendingPathComponent("Package.swift"))
      try Data(Self.swiftConsumer(tokens).utf8).write(
        to: consumer.appendingPathComponent("Sources/Consumer/main.swift"))
      let scratch = directory.appendingPathComponent("scratch").path
      let build = try ExternalTool.run(
        swift, ["build", "--package-path", consumer.path, "--scratch-path", scratch],
        environment: ExternalTool.environment)
      try #require(build.status == 0, "swift build failed:\n\(build.stdout)\n\(build.stderr)")
      let run = try ExternalTool.run(scratch + "/debug/Consumer", [])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(ExternalTool.lines(run.stdout) == Self.expectedReport(tokens))
    }
  }

  @Test(.requires(.swift, .kotlinc)) func namesOnlySwiftAndKotlinCanHoldCompileInBoth() throws {
    let swift = try ExternalTool.swift.require()
    let kotlinc = try ExternalTool.kotlinc.require()
    let tokens = try TokenLoader().load(directory: Self.fixture.appendingPathComponent("names-any").path)
      .value
    try withTemporaryDirectory { directory in
      try Self.write(
        to: directory,
        configuration:
          "outputs:\n  - kind: swift\n    destination: swift\n  - kind: kotlin\n    destination: kotlin\n",
        tokens: tokens)
      let build = try ExternalTool.run(
        swift,
        [
          "build", "--package-path", directory.appendingPathComponent("swift").path, "--scratch-path",
          directory.appendingPathComponent("scratch").path,
        ],
        environment: ExternalTool.environment)
      #expect(build.status == 0, "swift build failed:\n\(build.stdout)\n\(build.stderr)")
      let compile = try ExternalTool.run(
        kotlinc,
        Self.kotlinSources(in: directory) + Self.kotlinStubs + [
          "-d", directory.appendingPathComponent("out.jar").path,
        ],
        environment: ExternalTool.environment)
      #expect(compile.status == 0, "kotlinc failed:\n\(compile.stdout)\n\(compile.stderr)")
    }
  }

  /// The generated Kotlin files below `directory`: `EBTokens.kt` and a file per top-level group.
  private static func kotlinSources(in directory: URL) throws -> [String] {
    let folder = directory.appendingPathComponent("kotlin/com/eastblue/ds/tokens")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".kt") }
      .sorted()
      .map { folder.appendingPathComponent($0).path }
  }

  @Test(.requires(.kotlinc, .kotlin)) func theKotlinCompilesAndReadsBackEveryStringExactly() throws {
    let kotlinc = try ExternalTool.kotlinc.require()
    let kotlin = try ExternalTool.kotlin.require()
    let tokens = try Self.tokens()
    try withTemporaryDirectory { directory in
      try Self.write(to: directory, tokens: tokens)
      let main = directory.appendingPathComponent("Main.kt")
      try Data(Self.kotlinConsumer(tokens).utf8).write(to: main)
      let jar = directory.appendingPathComponent("consumer.jar").path
      let compile = try ExternalTool.run(
        kotlinc,
        Self.kotlinSources(in: directory) + [main.path] + Self.kotlinStubs + ["-d", jar],
        environment: ExternalTool.environment)
      try #require(compile.status == 0, "kotlinc failed:\n\(compile.stdout)\n\(compile.stderr)")
      #expect(!compile.stderr.contains("error:"), "\(compile.stderr)")
      let run = try ExternalTool.run(
        kotlin, ["-classpath", jar, "consumer.MainKt"], environment: ExternalTool.environment)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(ExternalTool.lines(run.stdout) == Self.expectedReport(tokens))
    }
  }

  @Test(.requires(.chromium), arguments: ["link", "inline"])
  func chromiumFindsExactlyTheDeclaredPropertiesWithTheTokensValues(_ mode: String) throws {
    let chromium = try ExternalTool.chromium.require()
    let tokens = try Self.tokens()
    try withTemporaryDirectory { directory in
      try Self.write(to: directory, tokens: tokens)
      let css = try String(contentsOf: directory.appendingPathComponent("css/tokens.css"), encoding: .utf8)
      // Inline, the stylesheet is pasted into a <style> element: `</style>` in it would end the
      // element and run the `<script>` after it.
      let sheet =
        mode == "link" ? "<link rel=\"stylesheet\" href=\"css/tokens.css\">" : "<style>\n\(css)</style>"
      let page = directory.appendingPathComponent("probe.html")
      try Data(Self.cssProbe(sheet: sheet).utf8).write(to: page)
      // The probe reads the linked stylesheet's rules, which a file: page may not by default.
      let run = try ExternalTool.dumpDOM(
        chromium, page: page, profileIn: directory, flags: ["--allow-file-access-from-files"])
      let start = try #require(run.stdout.range(of: "<pre id=\"result\">"), "no result in:\n\(run.stdout)")
      let end = try #require(run.stdout.range(of: "</pre>", range: start.upperBound..<run.stdout.endIndex))
      let text = run.stdout[start.upperBound..<end.lowerBound]
      let json = try #require(
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
        "no JSON from the probe: '\(text)'\n\(run.stderr.suffix(2000))")

      #expect(json["title"] as? String == "probe", "a script from the stylesheet ran")
      #expect(json["scripts"] as? Int == 1)
      #expect(json["rules"] as? Int == 1)
      let expectedProperties = tokens.tokens.compactMap {
        if case .success(let name) = CSSLanguage.propertyName($0.path) { return name }
        return nil
      }.sorted()
      #expect((json["properties"] as? [String])?.sorted() == expectedProperties)
      let families = try #require(json["families"] as? [String: [String]])
      for (name, value) in Self.families(tokens) {
        #expect(families["--hostile-family-\(name)"] == value, "\(name)")
      }
      // `#072592 @ 50%`, as `color-mix()`: Chromium writes `color(srgb r g b / a)`, channels 0 to 1.
      let alias = try #require(json["alias"] as? String)
      let channels = alias.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
      let scale = alias.hasPrefix("color(srgb") ? 255.0 : 1
      #expect(channels.prefix(3).map { Int(($0 * scale).rounded()) } == [7, 37, 146], "\(alias)")
      #expect(channels.count == 4 && channels[3] == 0.5, "\(alias)")
      #expect(json["rem"] as? String == "24px")
    }
  }

  /// Token names written to break out of the audit's reports.
  static let hostileNames = [
    "<script>alert('escaped')</script>", "<img src=x onerror=alert(1)>", "a``b | c",
    "\"quoted\" & 'single'", "line\nbreak", "rtl\u{202E}evil", "md [link](https://x) ![i](y)",
  ]

  /// The audit of one color token per hostile name, each with a hostile description.
  static func hostileAudit() throws -> AuditResult {
    var yaml = "audit:\n  $type: color\n"
    for (index, name) in hostileNames.enumerated() {
      yaml +=
        "  \"\(name.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n"))\":\n"
      yaml += "    $value: \"#\(index)\(index)\(index)\"\n    $description: \"</p><script>x</script>\"\n"
    }
    let tokens = try loadTokens(["hostile.yaml": yaml])
    var audit = Configuration.Audit()
    audit.rules = [
      .init(
        foreground: "audit.*", background: .color(Color(red: 1, green: 1, blue: 1)),
        backgroundText: "#FFFFFF", role: .text)
    ]
    return try ContrastAudit.run(tokens: ModalTokenSet(single: tokens), audit: audit)
  }

  @Test func theAuditReportsKeepHostileNamesAsText() throws {
    let names = Self.hostileNames
    let result = try Self.hostileAudit()
    #expect(result.results.count == names.count)

    // JSON and SARIF: every name round-trips through a JSON parser.
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(AuditReport.render(result, format: .json).utf8))
        as? [String: Any])
    let foregrounds = (json["results"] as? [[String: Any]])?.compactMap { $0["foreground"] as? String }
    #expect(Set(foregrounds ?? []) == Set(names.map { "audit." + $0 }))
    let sarif = try #require(
      try JSONSerialization.jsonObject(with: Data(AuditReport.render(result, format: .sarif).utf8))
        as? [String: Any])
    #expect(sarif["version"] as? String == "2.1.0")

    // Markdown: one row per pair, each with exactly the table's nine cells, on one line.
    let markdown = AuditReport.render(result, format: .markdown)
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| |") }
    #expect(rows.count == names.count)
    for row in rows {
      // GFM splits a row at every pipe not escaped with a backslash, code spans or not, before
      // it reads code spans; then each span must close with a fence of its own length.
      var pipes = 0
      var fence = 0
      var previous: Character = " "
      var index = row.startIndex
      while index < row.endIndex {
        if row[index] == "`" {
          var run = 0
          while index < row.endIndex, row[index] == "`" {
            run += 1
            index = row.index(after: index)
          }
          if fence == 0 { fence = run } else if fence == run { fence = 0 }
          previous = "`"
          continue
        }
        if row[index] == "|", previous != "\\" { pipes += 1 }
        previous = row[index]
        index = row.index(after: index)
      }
      #expect(pipes == 9, "\(row)")
      #expect(fence == 0, "an unclosed code span in \(row)")
    }

  }

  /// HTML: Chromium finds no element the report did not write.
  @Test(.requires(.chromium)) func chromiumFindsNoMarkupButTheAuditHTMLReportsOwn() throws {
    let chromium = try ExternalTool.chromium.require()
    let names = Self.hostileNames
    let result = try Self.hostileAudit()
    #expect(result.results.count == names.count)
    try withTemporaryDirectory { directory in
      let html = AuditReport.render(result, format: .html)
      let probe = html.replacingOccurrences(
        of: "</body>",
        with: """
          <pre id="probe"></pre><script>
          const codes = Array.from(document.querySelectorAll("code.token")).map(c => c.textContent);
          const result = {title: document.title, scripts: document.scripts.length,
            images: document.images.length, codes: codes};
          document.getElementById("probe").textContent = JSON.stringify(result)
            .replace(/[\\u007f-\\uffff<>&]/g, c => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
          </script></body>
          """)
      let page = directory.appendingPathComponent("report.html")
      try Data(probe.utf8).write(to: page)
      let run = try ExternalTool.dumpDOM(chromium, page: page, profileIn: directory)
      let start = try #require(run.stdout.range(of: "<pre id=\"probe\">"))
      let end = try #require(run.stdout.range(of: "</pre>", range: start.upperBound..<run.stdout.endIndex))
      let dom = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout[start.upperBound..<end.lowerBound].utf8))
          as? [String: Any])
      #expect((dom["title"] as? String)?.hasPrefix("Contrast audit") == true)
      #expect(dom["scripts"] as? Int == 1)
      #expect(dom["images"] as? Int == 0)
      // Control characters are shown as U+FFFD; everything else reads as written.
      // The literal background is shown in the same kind of element.
      let shown = Set(names.map { "audit." + $0.replacingOccurrences(of: "\n", with: "\u{FFFD}") })
      #expect(Set((dom["codes"] as? [String]) ?? []) == shown.union(["#FFFFFF"]))
    }
  }

  // MARK: - Consumers

  /// What each consumer prints: `ok <name>` for every font family read back exactly, and every
  /// documented and deprecated token's value.
  /// The fixture's doc and deprecated groups hold one token per hostile string (`d1`, `m1`…),
  /// valued 1, 2, 3…, as many as the font families.
  static func expectedReport(_ tokens: TokenSet) -> [String] {
    families(tokens).map { "ok \($0.name)" } + ["values \(families(tokens).count * 2)"]
  }

  /// Every scalar as `\u{…}`: a literal that needs no escaping rules to be right.
  static func swiftLiteral(_ text: String) -> String {
    "\"" + text.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
  }

  /// Every UTF-16 code unit as `\uXXXX`.
  static func kotlinLiteral(_ text: String) -> String {
    "\"" + text.utf16.map { "\\u" + String(format: "%04x", $0) }.joined() + "\""
  }

  static func swiftConsumer(_ tokens: TokenSet) -> String {
    var source = """
      // Reads every hostile string back through the generated API.
      import EBTokens

      func check(_ name: String, _ actual: [String], _ expected: [String]) {
        if actual == expected {
          print("ok \\(name)")
        } else {
          print("MISMATCH \\(name): \\(actual.map { $0.unicodeScalars.map { $0.value } })")
        }
      }
      var values: [Double] = []

      """
    for (name, value) in families(tokens) {
      source +=
        "check(\"\(name)\", EBTokens.Hostile.Family.\(name), [\(value.map(swiftLiteral).joined(separator: ", "))])\n"
    }
    for index in 1...families(tokens).count {
      source += "values.append(EBTokens.Hostile.Doc.d\(index))\n"
      source += "values.append(EBTokens.Hostile.Deprecated.m\(index))\n"
    }
    source += """
      let expected = (1...\(families(tokens).count)).flatMap { [Double($0), Double($0)] }
      print(values == expected ? "values \\(values.count)" : "MISMATCH values \\(values)")

      """
    return source
  }

  static func kotlinConsumer(_ tokens: TokenSet) -> String {
    var source = """
      // Reads every hostile string back through the generated API.
      @file:Suppress("DEPRECATION")
      package consumer

      import com.eastblue.ds.tokens.EBTokens

      fun check(name: String, actual: List<String>, expected: List<String>) {
          if (actual == expected) println("ok " + name)
          else println("MISMATCH " + name + ": " + actual)
      }

      fun main() {
          val values = mutableListOf<Double>()

      """
    for (name, value) in families(tokens) {
      source +=
        "    check(\"\(name)\", EBTokens.Hostile.Family.\(name), listOf(\(value.map(kotlinLiteral).joined(separator: ", "))))\n"
    }
    for index in 1...families(tokens).count {
      source += "    values.add(EBTokens.Hostile.Doc.d\(index))\n"
      source += "    values.add(EBTokens.Hostile.Deprecated.m\(index))\n"
    }
    source += """
          val expected = (1..\(families(tokens).count)).flatMap { listOf(it.toDouble(), it.toDouble()) }
          println(if (values == expected) "values " + values.size else "MISMATCH values " + values)
      }

      """
    return source
  }

  /// A page that loads `sheet` and writes what Chromium parsed into `<pre id="result">` as JSON
  /// (ASCII only, so the dumped DOM needs no unescaping): the rules and property names, each
  /// font family decoded from its CSS strings, and some computed values.
  static func cssProbe(sheet: String) -> String {
    """
    <!DOCTYPE html>
    <html>
    <head>
    <meta charset="utf-8">
    <title>probe</title>
    \(sheet)
    </head>
    <body>
    <div id="probe"></div>
    <pre id="result"></pre>
    <script>
    // The strings and keywords of a font-family list, as CSS Syntax Level 3 tokenizes them.
    function families(text) {
      const list = [];
      let i = 0;
      while (i < text.length) {
        const c = text[i];
        if (c === '"' || c === "'") {
          let value = "";
          i++;
          while (i < text.length && text[i] !== c) {
            if (text[i] === "\\\\") {
              i++;
              const hex = /^[0-9a-fA-F]{1,6}/.exec(text.slice(i));
              if (hex) {
                value += String.fromCodePoint(parseInt(hex[0], 16));
                i += hex[0].length;
                if (/[ \\t\\n]/.test(text[i] || "")) i++;
              } else if (text[i] === "\\n") {
                i++;
              } else {
                value += text[i++];
              }
            } else {
              value += text[i++];
            }
          }
          i++;
          list.push(value);
        } else if (/[A-Za-z-]/.test(c)) {
          const word = /^[A-Za-z0-9-]+/.exec(text.slice(i))[0];
          list.push(word);
          i += word.length;
        } else {
          i++;
        }
      }
      return list;
    }
    const sheet = document.styleSheets[0];
    const style = sheet.cssRules[0].style;
    const properties = Array.from(style);
    const result = {
      title: document.title, scripts: document.scripts.length, rules: sheet.cssRules.length,
      properties: properties, families: {},
    };
    for (const name of properties) {
      if (name.startsWith("--hostile-family-")) result.families[name] = families(style.getPropertyValue(name).trim());
    }
    const probe = document.getElementById("probe");
    probe.style.color = "var(--hostile-group-alias)";
    result.alias = getComputedStyle(probe).color;
    probe.style.width = "var(--hostile-group-rem)";
    result.rem = getComputedStyle(probe).width;
    document.getElementById("result").textContent = JSON.stringify(result)
      .replace(/[\\u007f-\\uffff<>&]/g, c => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
    </script>
    </body>
    </html>
    """
  }

  static let kotlinStubs = ["kotlin-stubs/Color.kt", "kotlin-stubs/Dp.kt"].map {
    URL(fileURLWithPath: TestPaths.fixture("emitting")).appendingPathComponent($0).path
  }
}
