import EBTokensConfig
import EBTokensModel
import EBTokensSupport
import Foundation

/// The audit's reports: the same ``AuditResult`` as a terminal table, a pull-request comment, JSON
/// for tools, a page for designers, and SARIF for code-scanning annotations.
///
/// Every format is deterministic (no timestamps, no absolute paths beyond what the token
/// locations hold), so a report can be committed or compared as a golden file.
public enum AuditReport {
  public enum Format: String, CaseIterable, Sendable {
    case text
    case markdown
    case json
    case html
    case sarif

    /// The file extension of the report files `ebtokens build` writes.
    public var fileExtension: String {
      switch self {
      case .text: return "txt"
      case .markdown: return "md"
      case .json: return "json"
      case .html: return "html"
      case .sarif: return "sarif"
      }
    }
  }

  /// `result` in `format`. `colored` adds ANSI colors to the text format (callers pass it only when
  /// writing to a terminal with `NO_COLOR` unset); the other formats ignore it.
  public static func render(_ result: AuditResult, format: Format, colored: Bool = false) -> String {
    switch format {
    case .text: return text(result, colored: colored)
    case .markdown: return markdown(result)
    case .json: return json(result)
    case .html: return AuditHTML.render(result)
    case .sarif: return JSONWriter.render(sarif(result))
    }
  }

  /// The formats `ebtokens build` writes into the report folder.
  public static let buildFormats: [Format] = [.markdown, .json, .html]

  /// The report files `ebtokens build` generates: `contrast-audit.md`, `.json` and `.html`.
  public static func reportFiles(_ result: AuditResult, formats: [Format] = buildFormats) -> [GeneratedFile] {
    reportFiles(result, formats: formats, memo: nil)
  }

  /// ``reportFiles(_:formats:)``; the HTML page and the Markdown table write again from `memo`
  /// each card and row the last ones of a session drew for the very same result at the same
  /// position, and keep theirs there.
  package static func reportFiles(_ result: AuditResult, formats: [Format], memo: AuditMemo?)
    -> [GeneratedFile]
  {
    formats.map { format in
      let path = fileName(format)
      switch format {
      case .json: return GeneratedFile(path: path, bytes: jsonBytes(result))
      case .html: return GeneratedFile(path: path, bytes: AuditHTML.bytes(result, memo: memo))
      case .markdown: return GeneratedFile(path: path, contents: markdown(result, memo: memo))
      default: return GeneratedFile(path: path, contents: render(result, format: format))
      }
    }
  }

  /// The name of the report file in `format`: `contrast-audit.json`.
  package static func fileName(_ format: Format) -> String { "contrast-audit.\(format.fileExtension)" }

  /// Writes `text` to a temporary file beside `path` and renames it over `path`, so a reader (or
  /// a crash) never sees a half-written report. Creates missing parent folders.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` holding a ``ReportWriteError``.
  public static func writeAtomically(_ text: String, to path: String) throws {
    if let reason = AtomicFile.write(text, to: path) {
      throw DiagnosticsError([ReportWriteError(path: path, reason: reason)])
    }
  }

  // MARK: - Shared wording

  /// `4.5:1` for a ratio minimum, `Lc 75` for an APCA one (`Lc 90 at 16px/400` when APCA's font
  /// table decided it), `-` for none.
  package static func requirement(_ result: PairResult, method: Configuration.Audit.Method) -> String {
    guard let required = result.required else { return "-" }
    switch method {
    case .wcag2: return NumberFormatting.shortest(required) + ":1"
    case .apca:
      return "Lc " + NumberFormatting.shortest(required) + (result.font.map { " at " + $0.description } ?? "")
    }
  }

  /// Truncated ratio with its `:1`.
  package static func ratio(_ result: PairResult) -> String { WCAGContrast.formatted(result.ratio) + ":1" }

  static func verdict(_ result: PairResult) -> String {
    if !result.passes { return "FAIL" }
    return result.required == nil ? "info" : "pass"
  }

  /// `#072592CC on #E5F1FF`: the colors as written, translucent ones with their alpha; ` †` after a
  /// pair holding a color written outside sRGB (``gamutNote(_:)``).
  static func seen(_ result: PairResult) -> String {
    result.composited.opaqueHex + " on " + result.backdrop.opaqueHex + gamutMark(result)
  }

  static func gamutMark(_ result: PairResult) -> String { result.involvesGamutMappedColor ? " †" : "" }

  /// What `†` means, when a pair holds a color written outside sRGB; `nil` when none does.
  static func gamutNote(_ results: [PairResult]) -> String? {
    let count = results.count { $0.involvesGamutMappedColor }
    guard count > 0 else { return nil }
    return "† \(count) \(count == 1 ? "pair holds" : "pairs hold") a color written outside sRGB, judged as "
      + "its sRGB gamut mapping (CSS Color 4): what an sRGB display shows. A wide-gamut display shows the "
      + "color as written, more saturated."
  }

  /// `text.replacingOccurrences(of: target, with: replacement)` for an ASCII `target`: byte by
  /// byte for ASCII text (most names), where a character is a byte; Foundation's for other text,
  /// where it matches whole characters (a `-` with a combining mark is not a `-`).
  static func replacing(_ target: Unicode.Scalar, with replacement: String, in text: String) -> String {
    let targetByte = UInt8(ascii: target)
    guard text.containsByte(targetByte) else { return text }
    guard text.allUTF8Bytes({ $0 < 0x80 }) else {
      return text.replacingOccurrences(of: String(target), with: replacement)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      if byte == targetByte {
        bytes += replacement.utf8
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: - Text

  static func text(_ result: AuditResult, colored: Bool) -> String {
    // With modes, a MODE column follows the verdict.
    let hasModes = !result.modes.isEmpty
    let modeColumn = hasModes ? ["MODE"] : []
    let header =
      ["RESULT"] + modeColumn + ["ROLE", "RATIO", "NEEDS", "APCA Lc", "FOREGROUND", "BACKGROUND", "SEEN"]
    let rightAligned: Set<Int> = hasModes ? [3, 4, 5] : [2, 3, 4]
    let rows = result.failuresFirst.map { pair in
      [verdict(pair)] + (hasModes ? [pair.mode ?? ""] : []) + [
        pair.role.rawValue, ratio(pair), requirement(pair, method: result.method),
        APCAContrast.formatted(pair.apcaLc), printable(pair.foreground), printable(pair.background),
        seen(pair),
      ]
    }
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    func line(_ cells: [String], style: String?) -> String {
      var text = ""
      for (column, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        var shown = cell
        // Only the verdict is colored, after padding is computed on the plain text.
        if column == 0, let style { shown = "\u{1B}[\(style)m\(cell)\u{1B}[0m" }
        let isLast = column == cells.count - 1
        text += rightAligned.contains(column) ? padding + shown : shown + (isLast ? "" : padding)
        if !isLast { text += "  " }
      }
      return text + "\n"
    }
    var output = line(header, style: colored ? "1" : nil)
    for (pair, row) in zip(result.failuresFirst, rows) {
      let style: String?
      if !colored {
        style = nil
      } else if !pair.passes {
        style = "1;31"
      } else {
        style = pair.required == nil ? "2" : "32"
      }
      output += line(row, style: style)
    }
    let fixed = result.failuresFirst.filter(\.hasFix)
    if !fixed.isEmpty {
      output += "\nSuggested fixes (the foreground's hue at the nearest passing lightness):\n"
      for pair in fixed {
        let mode = pair.mode.map { " (\($0))" } ?? ""
        output += "  \(printable(pair.foreground)) on \(printable(pair.background))\(mode):\n"
        var lines: [UInt8] = []
        writeFixDescription(
          pair, method: result.method, into: &lines, layout: (before: "    ", after: "\n", between: ""),
          quote: appendPrintable)
        output += String(decoding: lines, as: UTF8.self)
      }
    }
    if let note = gamutNote(result.results) { output += "\n\(note)\n" }
    let summary = result.summary
    let decorative = result.results.count { $0.required == nil }
    let note = decorative == 0 ? "" : " (\(decorative) decorative, reported but not judged)"
    if colored {
      output += "\n\u{1B}[1;\(result.allPass ? "32" : "31")m\(summary)\u{1B}[0m\(note)\n"
    } else {
      output += "\n\(summary)\(note)\n"
    }
    return output
  }

  /// Names may hold any character but `.`, `{` and `}`; keep control characters (an escape
  /// sequence, say, or C1's single-byte CSI) and bidirectional controls out of a terminal.
  static func printable(_ text: String) -> String {
    // Printable ASCII, most names, is kept as it is.
    if text.allUTF8Bytes(isPrintableASCII) { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || SourceText.isBidiControl($0) ? "?" : $0
        }))
  }

  /// ``printable(_:)`` of `text`, appended to `output`.
  static func appendPrintable(_ text: String, to output: inout [UInt8]) {
    output += printable(text).utf8
  }

  /// A space to `~`.
  private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

  // MARK: - Markdown

  /// Most table rows in the markdown report: it is meant for a pull-request comment, and
  /// GitHub cuts a comment at 65,536 characters. Failures come first; the JSON and SARIF
  /// reports list every pair.
  static let maximumMarkdownRows = 300

  /// The Markdown report; with `memo`, each row and suggested fix the last report of a session
  /// wrote for the very same result at the same position is written again from there, and this
  /// report's are kept there for the next.
  static func markdown(_ result: AuditResult, memo: AuditMemo? = nil) -> String {
    let icon = result.allPass ? "✅" : "❌"
    var output = "\(icon) **\(result.summary)**\n\n"
    // With modes, a Mode column follows the verdict.
    let hasModes = !result.modes.isEmpty
    output +=
      "| |\(hasModes ? " Mode |" : "") Foreground | Background | Role | Ratio | Required | APCA Lc | Seen |\n"
    output += "|:-:|\(hasModes ? "---|" : "")---|---|---|--:|--:|--:|---|\n"
    let rows = result.failuresFirst(prefix: maximumMarkdownRows)
    let table = lines(of: rows, reusing: memo?.takePieces(of: .markdownRows)) { pair, row in
      // The value the verdict was decided on is bold when it falls short.
      func judged(_ text: String, _ method: Configuration.Audit.Method) {
        let isBold = !pair.passes && result.method == method
        if isBold { row.appendText("**") }
        row += text.utf8
        if isBold { row.appendText("**") }
      }
      row.appendText("| ")
      row.appendText(!pair.passes ? "❌" : (pair.required == nil ? "➖" : "✅"))
      if hasModes {
        row.appendText(" | ")
        row += (pair.mode ?? "").utf8
      }
      row.appendText(" | ")
      appendMarkdownCode(pair.foreground, to: &row)
      row.appendText(" | ")
      appendMarkdownCode(pair.background, to: &row)
      row.appendText(" | ")
      row += pair.role.rawValue.utf8
      row.appendText(" | ")
      judged(ratio(pair), .wcag2)
      row.appendText(" | ")
      row += (pair.required == nil ? "—" : requirement(pair, method: result.method)).utf8
      row.appendText(" | ")
      judged(APCAContrast.formatted(pair.apcaLc), .apca)
      row.appendText(" | ")
      appendMarkdownCode(pair.composited.opaqueHex, to: &row)
      row.appendText(" on ")
      appendMarkdownCode(pair.backdrop.opaqueHex, to: &row)
      row += gamutMark(pair).utf8
      row.appendText(" |\n")
    }
    output += table.text
    memo?.keep(table.pieces, for: .markdownRows)
    if rows.count < result.results.count {
      let hiddenFailures = result.failedCount - rows.count { !$0.passes }
      output +=
        "\n… and \(result.results.count - rows.count) more pairs (\(hiddenFailures) failing) not shown; "
        + "the JSON and SARIF reports list every pair.\n"
    }
    let fixed = rows.filter(\.hasFix)
    let fixes = lines(of: fixed, reusing: memo?.takePieces(of: .markdownFixes)) { pair, line in
      line.appendText("- ")
      appendMarkdownCode(pair.foreground, to: &line)
      line.appendText(" on ")
      appendMarkdownCode(pair.background, to: &line)
      if let mode = pair.mode { line += " (\(mode))".utf8 }
      line.appendText(": ")
      writeFixDescription(
        pair, method: result.method, into: &line, layout: (before: "", after: "", between: "; "),
        quote: appendMarkdownCode)
      line.appendText("\n")
    }
    if !fixed.isEmpty {
      output +=
        "\n**Suggested fixes** (the foreground's hue at the nearest passing lightness):\n\n" + fixes.text
    }
    memo?.keep(fixes.pieces, for: .markdownFixes)
    let method =
      result.method == .wcag2
      ? "Pass/fail on the WCAG 2 contrast ratio; APCA Lc shown for reference."
      : "Pass/fail on APCA |Lc|; the WCAG 2 ratio shown for reference."
    output +=
      "\n<sub>\(method) Translucent colors are judged as composited (\"Seen\"), backgrounds over "
      + "\(canvasDescription(result)). Ratios truncated to two decimals. "
      + "➖ decorative: reported, never fails.</sub>\n"
    if let note = gamutNote(result.results) { output += "\n<sub>\(note)</sub>\n" }
    return output
  }

  /// `#FFFFFF`, or with modes each mode's canvas: `#FFFFFF in light, #121212 in dark`.
  static func canvasDescription(_ result: AuditResult) -> String {
    guard !result.modes.isEmpty else { return result.canvas.opaqueHex }
    return result.modes.map { "\($0.canvas.opaqueHex) in \($0.name)" }.joined(separator: ", ")
  }

  /// The line `line` writes for each of `pairs`, or copies from `last` where it has one for the
  /// very same result at the same position; with the lines kept, for the next report.
  private static func lines(
    of pairs: [PairResult], reusing last: ReportPieces?, _ line: (PairResult, inout [UInt8]) -> Void
  ) -> (text: String, pieces: ReportPieces) {
    var pieces = ReportPieces(results: pairs)
    var text: [UInt8] = []
    for index in pairs.indices {
      text += pieces.piece(at: index, reusing: last) {
        var bytes: [UInt8] = []
        line(pairs[index], &bytes)
        return bytes
      }
    }
    return (String(decoding: text, as: UTF8.self), pieces)
  }

  /// `text` as a code span that survives a GFM table cell, appended to `output`: pipes escaped,
  /// control characters replaced, and a backtick fence longer than any run of backticks in the
  /// name, so no name can end the span and have the rest read as Markdown (a link, an image).
  static func appendMarkdownCode(_ text: String, to output: inout [UInt8]) {
    // Printable ASCII without a pipe or backtick (most names) is written as it is.
    let isPlain = text.allUTF8Bytes {
      isPrintableASCII($0) && $0 != UInt8(ascii: "|") && $0 != UInt8(ascii: "`")
    }
    let cleaned = isPlain ? text : replacing("|", with: "\\|", in: printable(text))
    // Without a backtick byte there is no backtick character; checking bytes is far cheaper.
    guard !isPlain && cleaned.containsByte(UInt8(ascii: "`")) && cleaned.contains("`") else {
      output.appendText("`")
      output += cleaned.utf8
      output.appendText("`")
      return
    }
    var longestRun = 0
    var run = 0
    for character in cleaned {
      run = character == "`" ? run + 1 : 0
      longestRun = max(longestRun, run)
    }
    let fence = String(repeating: "`", count: longestRun + 1)
    output += "\(fence) \(cleaned) \(fence)".utf8
  }

  // MARK: - JSON

  /// The JSON report, each pair's object made only as it is written: a 50,000-pair report is a
  /// 20 MB document, never held as one `JSONWriter.Value`.
  static func json(_ result: AuditResult) -> String {
    String(decoding: jsonBytes(result), as: UTF8.self)
  }

  /// The JSON report's UTF-8, with no copy as text.
  static func jsonBytes(_ result: AuditResult) -> [UInt8] {
    let (members, element) = jsonDocument(result)
    return JSONWriter.render(members, thenArray: "results", count: result.results.count, element: element)
  }

  /// Whether the JSON report of `result` will differ from the last one written with `memo`: `true`
  /// when some pair's members will not be the last report's (a result measured again); `false`
  /// when the memo keeps no report, or every pair's members are kept, whose file the writer then
  /// compares as it is written. Lets the writer start flushing a report that will replace the last
  /// one from its first megabytes (see `StagingArea.stageStreaming`).
  package static func jsonDiffersFromTheLast(_ result: AuditResult, memo: AuditMemo?) -> Bool {
    memo?.differs(.jsonMembers, for: result.results) ?? false
  }

  /// The JSON report's UTF-8 in pieces, each handed to `write` as it is made: what `ebtokens build`
  /// writes, never holding the tens of megabytes of a large audit's report at once. With `memo`,
  /// each pair's members that the last report of a session wrote for the very same result at the
  /// same position are written again from there, and this report's are kept there for the next: a
  /// pair's members are a function of its result alone.
  package static func streamJSON(_ result: AuditResult, memo: AuditMemo? = nil, to write: ([UInt8]) -> Void) {
    let (members, element) = jsonDocument(result)
    guard let memo else {
      JSONWriter.stream(
        members, thenArray: "results", count: result.results.count, element: element, to: write)
      return
    }
    let last = memo.takePieces(of: .jsonMembers)
    var written = ReportPieces(results: result.results)
    JSONWriter.stream(
      members, thenArray: "results", count: result.results.count,
      element: { index, object in
        if let piece = last?.piece(at: index, for: result.results) {
          object.replay(piece)
          written.keep(piece, at: index)
        } else {
          element(index, &object)
          written.keep(object.writtenMembers, at: index)
        }
      }, to: write)
    memo.keep(written, for: .jsonMembers)
    // The last report's 50,000 pieces, most of them kept by this one, are let go on another thread:
    // a release of each, a cache miss on each piece's header, took 5 ms of the report at 100,000
    // tokens, which a session's rebuild waits for.
    release(consume last, inBackground: true)
  }

  /// The JSON report's members before `results`, and what writes the result at a position.
  private static func jsonDocument(_ result: AuditResult) -> (
    members: [(String, JSONWriter.Value)], element: (Int, inout JSONWriter.ObjectWriter) -> Void
  ) {
    let failed = result.failedCount
    var members: [(String, JSONWriter.Value)] = [
      ("level", .string(result.level.rawValue)),
      ("method", .string(result.method.rawValue)),
      ("summary", .object(jsonCounts(pairs: result.results.count, failed: failed))),
    ]
    // With modes, each mode's canvas and counts; and each result names its mode.
    if !result.modes.isEmpty {
      let modes = result.modes.map { mode -> JSONWriter.Value in
        var pairs = 0
        var failed = 0
        for pair in result.results where pair.mode == mode.name {
          pairs += 1
          if !pair.passes { failed += 1 }
        }
        return .object(
          [("name", .string(mode.name)), ("canvas", .string(mode.canvas.hex))]
            + jsonCounts(pairs: pairs, failed: failed))
      }
      members.append(("modes", .array(modes)))
    }
    // Each pair's fields are read in place: a copy of the pair costs more than most of them.
    let pairs = result.results
    // Pairs one after another are mostly in one file.
    var paths = SourceFiles.LastPath()
    return (
      members,
      { index, object in
        if let mode = pairs[index].mode { object.member("mode", string: mode) }
        object.member("foreground", string: pairs[index].foreground)
        object.member("background", string: pairs[index].background)
        object.member("role", string: pairs[index].role.rawValue)
        object.member("foregroundValue", color: pairs[index].foregroundColor)
        object.member("backgroundValue", color: pairs[index].backgroundColor)
        // A color written outside sRGB, as written: its value above is its sRGB gamut mapping.
        let sides: [(StaticString, Color)] = [
          ("foregroundAsWritten", pairs[index].foregroundColor),
          ("backgroundAsWritten", pairs[index].backgroundColor),
        ]
        for (key, color) in sides {
          if let wideGamut = color.wideGamut {
            object.member(key, string: wideGamut.notation(alpha: color.alpha))
          }
        }
        object.member("composited", color: pairs[index].composited, opaque: true)
        object.member("ratio", number: pairs[index].ratio)
        object.member("required", number: pairs[index].required)
        if let font = pairs[index].font {
          object.member(
            "font", value: .object([("size", .number(font.size)), ("weight", .number(font.weight))]))
        }
        object.member("apcaLc", number: pairs[index].apcaLc)
        object.member("pass", bool: pairs[index].passes)
        if let fix = pairs[index].fix { writeFix(fix, into: &object) }
        object.member("file", string: paths.file(of: pairs[index].foregroundLocation))
        object.member("line", integer: pairs[index].foregroundLocation.line)
      }
    )
  }

  private static func jsonCounts(pairs: Int, failed: Int) -> [(String, JSONWriter.Value)] {
    [("pairs", .integer(pairs)), ("passed", .integer(pairs - failed)), ("failed", .integer(failed))]
  }

  // MARK: - SARIF

  /// The SARIF rule for each role that can fail, with the success criterion it checks.
  static let sarifRoles: [(role: Configuration.Audit.Role, name: String, summary: String, help: String)] = [
    (
      .text, "TextContrast", "Text contrast below the minimum for its level (WCAG 2.2 SC 1.4.3 / 1.4.6).",
      "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html"
    ),
    (
      .largeText, "LargeTextContrast",
      "Large-text contrast below the minimum for its level (WCAG 2.2 SC 1.4.3 / 1.4.6).",
      "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html"
    ),
    (
      .nonText, "NonTextContrast", "Icon or meaningful border contrast below 3:1 (WCAG 2.2 SC 1.4.11).",
      "https://www.w3.org/WAI/WCAG22/Understanding/non-text-contrast.html"
    ),
  ]

  /// A fix as the JSON report writes it, as the member `fix`: the color and its measures, the token
  /// to change, what else that moves, and for a translucent alias the opacity that passes.
  static func writeFix(_ fix: ContrastFix, into object: inout JSONWriter.ObjectWriter) {
    object.beginObject("fix")
    object.member("value", color: fix.literal)
    object.member("foregroundValue", color: fix.color)
    object.member("deltaE", number: roundedDeltaE(fix.deltaE))
    object.member("ratio", number: fix.measurement.ratio)
    object.member("apcaLc", number: fix.measurement.apcaLc)
    object.member("token", string: fix.token)
    object.member("alsoMoves", strings: fix.alsoMoves)
    if let alpha = fix.alpha {
      object.beginObject("alpha")
      object.member("percent", integer: alpha.percent)
      object.member("ratio", number: alpha.measurement.ratio)
      object.member("apcaLc", number: alpha.measurement.apcaLc)
      object.endObject()
    }
    object.endObject()
  }

  /// ΔEOK to four decimals: a JND is 0.02, and more digits would only be noise between platforms.
  static func roundedDeltaE(_ deltaE: Double) -> Double { (deltaE * 10_000).rounded() / 10_000 }

  /// A failing pair's fix in words, a line each, written into `text`: the nearest passing color,
  /// the opacity that passes for a translucent alias, and which token to change (and what else
  /// that moves). Each line is written between the layout's `before` and `after`, with `between`
  /// between two lines; names as `quote` writes them (plain in the terminal, code in markdown and
  /// HTML). Written as bytes: a fix that moves many tokens names each, and strings made and joined
  /// for them cost a report far more than the fix's text.
  static func writeFixDescription(
    _ pair: PairResult, method: Configuration.Audit.Method, into text: inout [UInt8],
    layout: (before: StaticString, after: StaticString, between: StaticString),
    quote: (String, inout [UInt8]) -> Void
  ) {
    guard let fix = pair.fix else { return }
    func measured(_ measurement: ContrastAudit.Measurement) {
      let ratio = WCAGContrast.formatted(measurement.ratio)
      let lc = APCAContrast.formatted(measurement.apcaLc)
      switch method {
      case .wcag2: text += "\(ratio):1, APCA Lc \(lc)".utf8
      case .apca: text += "APCA Lc \(lc), \(ratio):1".utf8
      }
    }
    text.appendText(layout.before)
    text.appendText("use ")
    quote(fix.literal.hex, &text)
    text += " (ΔEOK \(NumberFormatting.shortest(roundedDeltaE(fix.deltaE))) from the original): ".utf8
    measured(fix.measurement)
    text.appendText(layout.after)
    if let alpha = fix.alpha {
      text.appendText(layout.between)
      text.appendText(layout.before)
      text += "or keep the base color at @ \(alpha.percent)%: ".utf8
      measured(alpha.measurement)
      text.appendText(layout.after)
    }
    text.appendText(layout.between)
    text.appendText(layout.before)
    text.appendText("change ")
    quote(fix.token, &text)
    if fix.token != pair.foreground {
      text.appendText(", the color ")
      quote(pair.foreground, &text)
      text.appendText(" is made from, ")
      if fix.alsoMoves.isEmpty {
        text.appendText("which no other audited pair uses")
      } else {
        text.appendText("which also moves ")
        for (position, name) in fix.alsoMoves.enumerated() {
          if position > 0 { text.appendText(", ") }
          quote(name, &text)
        }
      }
      text.appendText("; or give ")
      quote(pair.foreground, &text)
      text.appendText(" a value of its own")
    }
    text.appendText(layout.after)
  }

  /// A SARIF 2.1.0 log: one run of the tool `ebtokens`, with a rule per role that can fail and a
  /// result per failing pair.
  static func sarif(_ result: AuditResult) -> JSONWriter.Value {
    .object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      (
        "runs",
        .array([
          .object([
            (
              "tool",
              .object([
                (
                  "driver",
                  .object([
                    ("name", .string("ebtokens")),
                    ("rules", .array(sarifRules)),
                  ])
                )
              ])
            ),
            ("results", .array(result.results.filter { !$0.passes }.map { sarifResult($0, of: result) })),
            // Columns count characters, as ebtokens' locations do (SARIF's default is UTF-16 units).
            ("columnKind", .string("unicodeCodePoints")),
          ])
        ])
      ),
    ])
  }

  /// ``sarifRoles`` as SARIF rules.
  private static var sarifRules: [JSONWriter.Value] {
    sarifRoles.map { entry in
      .object([
        ("id", .string("contrast/\(entry.role.rawValue)")),
        ("name", .string(entry.name)),
        ("shortDescription", .object([("text", .string(entry.summary))])),
        ("helpUri", .string(entry.help)),
        ("defaultConfiguration", .object([("level", .string("error"))])),
      ])
    }
  }

  /// A failing pair as a SARIF result, located at the foreground token. With modes, the mode is
  /// also a property (appended last), for tools that filter results.
  private static func sarifResult(_ pair: PairResult, of result: AuditResult) -> JSONWriter.Value {
    let measured =
      result.method == .wcag2
      ? "contrast \(ratio(pair))"
      : "APCA Lc \(APCAContrast.formatted(pair.apcaLc)) (contrast \(ratio(pair)))"
    let message =
      (pair.mode.map { "In mode '\($0)', " } ?? "")
      + "'\(pair.foreground)' on '\(pair.background)' (\(pair.role.rawValue)) has \(measured); "
      + "\(result.standard) requires \(requirement(pair, method: result.method)). Seen as \(seen(pair))."
    return .object([
      ("ruleId", .string("contrast/\(pair.role.rawValue)")),
      ("ruleIndex", .integer(sarifRoles.firstIndex { $0.role == pair.role } ?? 0)),
      ("level", .string("error")),
      ("message", .object([("text", .string(message))])),
      ("locations", .array([sarifLocation(pair.foregroundLocation)])),
    ])
    .appending(pair.fix.flatMap { $0.edits.isEmpty ? nil : ("fixes", .array($0.edits.map(sarifFix))) })
    .appending(pair.mode.map { ("properties", .object([("mode", .string($0))])) })
  }

  /// A suggested fix as a SARIF fix: the runs of the token file it replaces, each a region of the
  /// text (`endColumn` just after its last character) and the text that takes its place.
  private static func sarifFix(_ edit: ValueEdit) -> JSONWriter.Value {
    let replacements = edit.replacements.map { replacement in
      JSONWriter.Value.object([
        (
          "deletedRegion",
          .object([
            ("startLine", .integer(replacement.start.line)),
            ("startColumn", .integer(replacement.start.column)),
            ("endLine", .integer(replacement.end.line)),
            ("endColumn", .integer(replacement.end.column)),
          ])
        ),
        ("insertedContent", .object([("text", .string(replacement.inserted))])),
      ])
    }
    return .object([
      ("description", .object([("text", .string(edit.description))])),
      (
        "artifactChanges",
        .array([
          .object([
            ("artifactLocation", .object([("uri", .string(sarifURI(edit.location.file)))])),
            ("replacements", .array(replacements)),
          ])
        ])
      ),
    ])
  }

  /// A SARIF location: the file as a URI, the line and the column.
  private static func sarifLocation(_ location: SourceLocation) -> JSONWriter.Value {
    .object([
      (
        "physicalLocation",
        .object([
          ("artifactLocation", .object([("uri", .string(sarifURI(location.file)))])),
          (
            "region",
            .object([("startLine", .integer(location.line)), ("startColumn", .integer(location.column))])
          ),
        ])
      )
    ])
  }

  /// A file path as a SARIF artifact URI (RFC 3986): relative paths stay relative (to the
  /// repository root, where code scanning resolves them); absolute ones become `file://` URIs.
  /// Everything but unreserved characters and `/` is percent-encoded.
  static func sarifURI(_ path: String) -> String {
    var encoded = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }
}

/// A report file that could not be written.
public struct ReportWriteError: DiagnosticConvertible, Equatable {
  public let path: String
  public let reason: String

  public var diagnostic: Diagnostic { Diagnostic("cannot write report '\(path)': \(reason)", at: nil) }
}

extension JSONWriter.Value {
  /// The object with `member` last, when there is one.
  fileprivate func appending(_ member: (String, JSONWriter.Value)?) -> JSONWriter.Value {
    guard let member, case .object(let members) = self else { return self }
    return .object(members + [member])
  }
}

extension JSONWriter.ObjectWriter {
  /// A member holding `color.hex`, or `color.opaqueHex` when `opaque`.
  mutating func member(_ key: StaticString, color: Color, opaque: Bool = false) {
    member(
      key, hexRed: color.red8, green: color.green8, blue: color.blue8, alpha: opaque ? nil : color.alpha8)
  }
}
