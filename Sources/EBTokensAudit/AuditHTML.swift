import EBTokensConfig
import EBTokensModel
import EBTokensSupport

/// The HTML report: one self-contained page (inline CSS, inline SVG, no scripts, no web fonts, no
/// network) a designer can open from disk or a CI artifact.
///
/// Every pair is a card whose swatch paints the composited foreground on the flattened background,
/// the two colors the audit measured, so the page shows exactly what was judged. Failures first.
///
/// A page is for people: past ``maximumCards`` (a design system with 100,000 tokens can have
/// 50,000 pairs, an 88 MB page) the rest are counted but not drawn, failures always drawn first;
/// the JSON and SARIF reports list every pair.
enum AuditHTML {
  static let maximumCards = 1_000

  static func render(_ result: AuditResult) -> String {
    String(decoding: bytes(result), as: UTF8.self)
  }

  /// The page's UTF-8: what `ebtokens build` writes, never held as a `String`. With `memo`, a card
  /// the last page drew for the very same result at the same position is copied from there, and
  /// this page's cards are kept there for the next; and when every card and everything around
  /// them is the last page's, the page is the last page's very bytes, which the writer then knows
  /// it wrote (a change whose pairs are not among the 1,000 drawn leaves the page as it is).
  static func bytes(_ result: AuditResult, memo: AuditMemo? = nil) -> [UInt8] {
    let lastCards = memo?.takePieces(of: .htmlCards)
    let lastPage = memo?.takePage()
    // Each section's count, and no more of its pairs than a page can draw.
    var failing = Section()
    var passing = Section()
    var decorative = Section()
    // Pairs are filed by position: a copy of each of 50,000 pairs would cost more than counting it.
    let pairs = result.results
    for index in pairs.indices {
      if !pairs[index].passes { failing.add(index) }
      if pairs[index].passes && pairs[index].required != nil { passing.add(index) }
      if pairs[index].required == nil { decorative.add(index) }
    }
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Contrast audit · \(escaper.literal(result.summary))</title>
      <style>
      \(stylesheet)\(result.modes.isEmpty ? "" : "\n" + modeStylesheet)
      </style>
      </head>
      <body>

      """
    page += header(result, failing: failing.total, passing: passing.total, decorative: decorative.total)
    page += "<main>\n"
    let frame = PageFrame(head: page, sections: [failing, passing, decorative], footer: footer(result))
    let shown = frame.shownPairs
    if let lastPage, lastPage.frame == frame,
      let cards = lastCards?.keepingEvery(shown.joined(), for: result.results)
    {
      memo?.keep(cards, for: .htmlCards)
      memo?.keepPage(lastPage)
      return lastPage.bytes
    }
    var cards = CardCopies(last: lastCards, results: result.results)
    // The sections are appended as bytes: their thousand cards are most of the page.
    var html = Array(page.utf8)
    html.reserveCapacity(html.count + 2_000 * min(result.results.count, maximumCards) + 4096)
    appendSection(
      "Failing", id: "failing", pairs: failing, shown: shown[0], result: result,
      empty: "No pair falls short of \(escaper.literal(result.standard)).", cards: &cards, to: &html)
    appendSection(
      "Passing", id: "passing", pairs: passing, shown: shown[1], result: result, empty: nil, cards: &cards,
      to: &html)
    appendSection(
      "Decorative", id: "decorative", pairs: decorative, shown: shown[2], result: result, empty: nil,
      note: "Reported for reference, never judged: these colors carry no information.", cards: &cards,
      to: &html)
    html += "</main>\n".utf8
    html += frame.footer.utf8
    html += "</body>\n</html>\n".utf8
    memo?.keep(cards.drawn, for: .htmlCards)
    memo?.keepPage(Page(frame: frame, bytes: html))
    return html
  }

  /// A page as a session's last audit wrote it, kept in its ``AuditMemo``.
  struct Page {
    let frame: PageFrame
    let bytes: [UInt8]
  }

  /// Everything of a page but its cards: the text before them and after them, and each section's
  /// count and first pairs. Two pages with the same frame whose cards are the same are the same.
  struct PageFrame: Equatable {
    let head: String
    let sections: [Section]
    let footer: String

    /// The positions of the pairs each section draws: its first pairs, as long as the page has
    /// room for them (``maximumCards`` in all, failures first).
    var shownPairs: [ArraySlice<Int>] {
      var cardsLeft = maximumCards
      return sections.map { section in
        let shown = section.pairs.prefix(max(cardsLeft, 0))
        cardsLeft -= shown.count
        return shown
      }
    }
  }

  /// One section's pairs: how many there are, and the positions in the results of the first
  /// ``maximumCards`` of them.
  struct Section: Equatable {
    var total = 0
    var pairs: [Int] = []

    mutating func add(_ position: Int) {
      total += 1
      if pairs.count < maximumCards { pairs.append(position) }
    }
  }

  // MARK: - Parts

  private static func header(_ result: AuditResult, failing: Int, passing: Int, decorative: Int) -> String {
    let total = max(result.results.count, 1)
    let failedShare = percent(Double(failing) / Double(total))
    let passedShare = percent(Double(passing) / Double(total))
    let status = result.allPass ? "pass" : "fail"
    let method =
      result.method == .wcag2
      ? "Judged on the WCAG 2 contrast ratio; APCA Lc shown for reference."
      : "Judged on APCA |Lc|; the WCAG 2 ratio shown for reference."
    let canvas =
      result.modes.isEmpty
      ? "the \(result.canvas.opaqueHex) canvas"
      : "each mode's canvas (\(escaper.literal(AuditReport.canvasDescription(result))))"
    // With modes, how many pairs fail in each.
    let modeStats = result.modes.map { mode in
      var pairs = 0
      var failed = 0
      for pair in result.results where pair.mode == mode.name {
        pairs += 1
        if !pair.passes { failed += 1 }
      }
      return "\n      " + stat("\(failed) of \(pairs)", "failing in \(escaper.literal(mode.name))")
    }.joined()
    return """
      <header class="summary \(status)">
        <div class="summary-inner">
          <p class="eyebrow">ebtokens · contrast audit</p>
          <h1>\(icon(result.allPass ? .pass : .fail))<span>\(escaper.literal(result.summary))</span></h1>
          <p class="lede">Each swatch paints the foreground exactly as it is seen: translucent colors \
      composited onto their background, translucent backgrounds onto \(canvas). \
      \(method) \
      Ratios are truncated to two decimals, never rounded up.</p>
          <div class="stats">
            \(stat("\(result.results.count)", "pairs"))
            \(stat("\(failing)", "failing", style: "stat-fail"))
            \(stat("\(passing)", "passing", style: "stat-pass"))
            \(stat("\(decorative)", "decorative", style: "stat-info"))
            \(stat(escaper.literal(result.standard), "standard", valueStyle: "stat-standard"))\(modeStats)
          </div>
          <div class="meter" role="img" \
      aria-label="\(failing) failing, \(passing) passing, \(decorative) decorative">\
      <span class="meter-fail" style="width: \(failedShare)"></span>\
      <span class="meter-pass" style="width: \(passedShare)"></span></div>
        </div>
      </header>

      """
  }

  private static func stat(_ value: String, _ label: String, style: String = "", valueStyle: String = "")
    -> String
  {
    let classes = ["stat", style].filter { !$0.isEmpty }.joined(separator: " ")
    let valueClasses = ["stat-value", valueStyle].filter { !$0.isEmpty }.joined(separator: " ")
    return "<div class=\"\(classes)\"><span class=\"\(valueClasses)\">\(value)</span>"
      + "<span class=\"stat-label\">\(label)</span></div>"
  }

  /// A section of cards, drawing those of its pairs the page has room for (`shown`).
  private static func appendSection(
    _ title: String, id: String, pairs section: Section, shown: ArraySlice<Int>, result: AuditResult,
    empty: String?,
    note: String? = nil,
    cards: inout CardCopies,
    to html: inout [UInt8]
  ) {
    guard section.total > 0 || empty != nil else { return }
    html += "<section id=\"\(id)\">\n<h2>\(title) <span class=\"count\">\(section.total)</span></h2>\n".utf8
    if let note { html += "<p class=\"section-note\">\(escaper.literal(note))</p>\n".utf8 }
    if section.total == 0, let empty {
      html += "<p class=\"empty\">\(icon(.pass))\(empty)</p>\n".utf8
    } else {
      if shown.count < section.total {
        html +=
          ("<p class=\"section-note\">Showing \(shown.count) of \(section.total): a page draws at most "
          + "\(maximumCards) pairs. The JSON and SARIF reports list every pair.</p>\n").utf8
      }
      if !shown.isEmpty {
        html.appendText("<div class=\"grid\">\n")
        for index in shown { cards.append(index, of: result, to: &html) }
        html.appendText("</div>\n")
      }
    }
    html.appendText("</section>\n")
  }

  /// The cards of a page: copied from the last page's where it drew the same result at the same
  /// position, drawn otherwise; and every card drawn or copied, for the next page.
  struct CardCopies {
    let last: ReportPieces?
    private(set) var drawn: ReportPieces

    init(last: ReportPieces?, results: [PairResult]) {
      self.last = last
      drawn = ReportPieces(results: results)
    }

    mutating func append(_ index: Int, of result: AuditResult, to html: inout [UInt8]) {
      html += drawn.piece(at: index, reusing: last) {
        var card: [UInt8] = []
        appendCard(result.results[index], result: result, to: &card)
        return card
      }
    }
  }

  /// One pair's card, its markup appended piece by piece (an interpolated template per card cost
  /// most of the page's time).
  private static func appendCard(_ pair: PairResult, result: AuditResult, to html: inout [UInt8]) {
    html.appendText("<article class=\"card card-")
    html.appendText(!pair.passes ? "fail" : (pair.required == nil ? "info" : "pass"))
    html.appendText("\">\n  <div class=\"swatch\" style=\"background:")
    pair.backdrop.appendHex(to: &html, includingAlpha: false)
    html.appendText(";color:")
    pair.composited.appendHex(to: &html, includingAlpha: false)
    html.appendText("\">\n")
    appendSample(pair, to: &html)
    html.appendText("\n  </div>\n  <div class=\"card-body\">\n")
    appendVerdict(pair, method: result.method, to: &html)
    appendFacts(pair, method: result.method, to: &html)
    appendColors(pair, to: &html)
    appendFix(pair, method: result.method, to: &html)
    let location = pair.foregroundLocation
    html.appendText("    <p class=\"where\">")
    html += escaper.literal(location.file).utf8
    html.appendText(":")
    html += String(location.line).utf8
    html.appendText("</p>\n  </div>\n</article>\n")
  }

  /// A failing pair's suggested fix: a chip of the passing color and the fix in words.
  private static func appendFix(_ pair: PairResult, method: ContrastAudit.Method, to html: inout [UInt8]) {
    guard let fix = pair.fix else { return }
    html.appendText("    <div class=\"fix\"><span class=\"chip\"><i style=\"background:")
    fix.color.appendHex(to: &html, includingAlpha: false)
    html.appendText("\"></i></span><ul>")
    AuditReport.writeFixDescription(
      pair, method: method, into: &html, layout: (before: "<li>", after: "</li>", between: "")
    ) { name, html in
      html.appendText("<code>")
      escaper.appendLiteral(name, to: &html)
      html.appendText("</code>")
    }
    html.appendText("</ul></div>\n")
  }

  /// The measure the pair is judged on, large, then its mode (with modes) and the verdict.
  private static func appendVerdict(
    _ pair: PairResult, method: ContrastAudit.Method, to html: inout [UInt8]
  ) {
    html.appendText("    <div class=\"verdict\">\n      <div class=\"headline\">")
    switch method {
    case .wcag2:
      html.appendText("<span class=\"big\">")
      html += WCAGContrast.formatted(pair.ratio).utf8
      html.appendText("</span><span class=\"big-unit\">:1</span>")
    case .apca:
      html.appendText("<span class=\"big-unit\">Lc</span><span class=\"big\">")
      html += APCAContrast.formatted(pair.apcaLc).utf8
      html.appendText("</span>")
    }
    html.appendText("</div>\n      ")
    if let mode = pair.mode {
      html.appendText("<span class=\"mode-tag\">")
      html += escaper.literal(mode).utf8
      html.appendText("</span>")
    }
    if !pair.passes {
      html.appendText("<span class=\"badge badge-fail\">")
      html.appendText(icon(.fail))
      html.appendText("Fail</span>")
    } else if pair.required == nil {
      html.appendText("<span class=\"badge badge-info\">Not judged</span>")
    } else {
      html.appendText("<span class=\"badge badge-pass\">")
      html.appendText(icon(.pass))
      html.appendText("Pass</span>")
    }
    html.appendText("\n    </div>\n")
  }

  /// The minimum, the measure the pair is not judged on (for reference), and the role.
  private static func appendFacts(_ pair: PairResult, method: ContrastAudit.Method, to html: inout [UInt8]) {
    html.appendText("    <dl class=\"facts\">\n      <div><dt>Needs</dt><dd>")
    if pair.required == nil {
      html.appendText("None")
    } else {
      html += escaper.literal(AuditReport.requirement(pair, method: method)).utf8
    }
    html.appendText("</dd></div>\n      ")
    switch method {
    case .wcag2:
      html.appendText("<div><dt>APCA</dt><dd>Lc ")
      html += APCAContrast.formatted(pair.apcaLc).utf8
      html.appendText("</dd></div>")
    case .apca:
      html.appendText("<div><dt>WCAG 2</dt><dd>")
      html += WCAGContrast.formatted(pair.ratio).utf8
      html.appendText(":1</dd></div>")
    }
    html.appendText("\n      <div><dt>Role</dt><dd>")
    html.appendText(roleName(pair.role))
    html.appendText("</dd></div>\n    </dl>\n")
  }

  /// Both colors as written and, when either is translucent, the two colors seen.
  private static func appendColors(_ pair: PairResult, to html: inout [UInt8]) {
    html.appendText("    <div class=\"colors\">\n      ")
    appendColorRow("Foreground", name: pair.foreground, color: pair.foregroundColor, to: &html)
    html.appendText("\n      ")
    appendColorRow(
      "Background", name: pair.background, color: pair.backgroundColor, literal: pair.backgroundIsLiteral,
      to: &html)
    html.appendText("\n      ")
    if !pair.foregroundColor.isOpaque || !pair.backgroundColor.isOpaque {
      html.appendText("<div class=\"color-row seen\"><span class=\"chip\"><i style=\"background:")
      pair.composited.appendHex(to: &html, includingAlpha: false)
      html.appendText(
        "\"></i></span><span class=\"color-text\"><span class=\"color-role\">Seen as</span><code>")
      pair.composited.appendHex(to: &html, includingAlpha: false)
      html.appendText(" on ")
      pair.backdrop.appendHex(to: &html, includingAlpha: false)
      html.appendText("</code></span></div>")
    }
    html.appendText("\n    </div>\n")
  }

  /// The specimen painted on the swatch: text at the role's size, an icon and outline for
  /// non-text, a hairline frame for decorative borders.
  private static func appendSample(_ pair: PairResult, to html: inout [UInt8]) {
    switch pair.role {
    case .text:
      html.appendText(
        "    <div class=\"sample sample-text\"><span class=\"aa\">Aa</span><span class=\"words\"><strong>")
    case .largeText:
      html.appendText(
        "    <div class=\"sample sample-large\"><span class=\"aa\">Aa</span><span class=\"words\"><strong>")
    case .nonText:
      html.appendText(
        """
            <div class="sample sample-icon" aria-hidden="true">\
        <svg viewBox="0 0 32 32" width="40" height="40"><circle cx="16" cy="16" r="13" fill="none" \
        stroke="currentColor" stroke-width="2.5"/><rect x="14.6" y="14" width="2.8" height="9" rx="1.4" \
        fill="currentColor"/><circle cx="16" cy="9.8" r="1.8" fill="currentColor"/></svg>\
        <svg viewBox="0 0 32 32" width="40" height="40"><path d="M6 16.5l6.5 6.5L26 9.5" fill="none" \
        stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>\
        <span class="outline-control"></span><span class="words"><strong>
        """)
    case .decorative:
      html.appendText(
        "    <div class=\"sample sample-decorative\"><span class=\"frame\"></span><span class=\"words\"><strong>"
      )
    }
    html += escaper.literal(humanized(pair.foreground)).utf8
    switch pair.role {
    case .text:
      html.appendText("</strong><span>The quick brown fox jumps over the lazy dog.</span></span></div>")
    case .largeText:
      html.appendText("</strong><span>Large text, 24px</span></span></div>")
    case .nonText, .decorative:
      html.appendText("</strong></span></div>")
    }
  }

  /// A chip of the color as written (translucent ones over a checkerboard), its token and value.
  /// A literal background has no token: its value is labelled as such instead of shown twice.
  private static func appendColorRow(
    _ role: StaticString, name: String, color: Color, literal: Bool = false, to html: inout [UInt8]
  ) {
    html.appendText("<div class=\"color-row\"><span class=\"chip\"><i style=\"background:")
    color.appendHex(to: &html, includingAlpha: true)
    html.appendText("\"></i></span><span class=\"color-text\"><span class=\"color-role\">")
    html.appendText(role)
    html.appendText("</span><code class=\"token\">")
    if literal {
      color.appendHex(to: &html, includingAlpha: true)
    } else {
      appendBreakable(name, to: &html)
    }
    html.appendText("</code><span class=\"hex\">")
    if literal {
      html.appendText("literal color")
    } else {
      color.appendHex(to: &html, includingAlpha: true)
    }
    html.appendText("</span></span></div>")
  }

  private static func footer(_ result: AuditResult) -> String {
    let minimums =
      result.method == .wcag2
      ? "WCAG 2.2 minimums at \(result.level.rawValue): text "
        + "\(result.level == .aaa ? "7" : "4.5"):1 (SC \(result.level == .aaa ? "1.4.6" : "1.4.3")), "
        + "large text \(result.level == .aaa ? "4.5" : "3"):1, non-text 3:1 (SC 1.4.11)."
      : "APCA minimums: text Lc 75, large text Lc 60, non-text Lc 45 (|Lc|, either polarity); "
        + "text whose typography a rule names, by its size and weight in APCA's font lookup table."
    return """
      <footer>
        <p>\(escaper.literal(minimums)) Decorative pairs are never judged. \
      Generated by <code>ebtokens audit</code>; see docs/contrast-audit.md for the method.</p>
      </footer>

      """
  }

  // MARK: - Helpers

  private enum Icon {
    case pass
    case fail
  }

  private static func icon(_ icon: Icon) -> StaticString {
    switch icon {
    case .pass:
      return """
        <svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M3.5 8.5l3 3 6-7" fill="none" \
        stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>
        """
    case .fail:
      return """
        <svg class="icon" viewBox="0 0 16 16" aria-hidden="true">\
        <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" fill="none" \
        stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>
        """
    }
  }

  private static func roleName(_ role: Configuration.Audit.Role) -> StaticString {
    switch role {
    case .text: return "Text"
    case .largeText: return "Large text"
    case .nonText: return "Non-text"
    case .decorative: return "Decorative"
    }
  }

  /// The token's last segment as words: `label-title` → `Label title`.
  static func humanized(_ name: String) -> String {
    name.allUTF8Bytes { $0 < 0x80 } ? humanizedASCII(name) : humanizedAnyText(name)
  }

  /// ``humanized(_:)`` for any text: Unicode case mapping, whole characters.
  static func humanizedAnyText(_ name: String) -> String {
    let last = name.split(separator: ".").last.map(String.init) ?? name
    let abbreviations = ["bg": "background", "fg": "foreground"]
    let expanded = abbreviations[last.lowercased()] ?? last
    let words = AuditReport.replacing("_", with: " ", in: AuditReport.replacing("-", with: " ", in: expanded))
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// ``humanized(_:)`` for ASCII names (most), byte by byte: in ASCII, case mapping stays in
  /// ASCII and a byte is a character (`\r\n`, the one two-byte character, has no case).
  static func humanizedASCII(_ name: String) -> String {
    let bytes = Array(name.utf8)
    // The last segment as `split(separator: ".").last` finds it (empty segments skipped), or the
    // whole name when it has none.
    let dot = UInt8(ascii: ".")
    var end = bytes.count
    while end > 0 && bytes[end - 1] == dot { end -= 1 }
    var start = end
    while start > 0 && bytes[start - 1] != dot { start -= 1 }
    if end == 0 { end = bytes.count }
    var words = Array(bytes[start..<end])
    func lowercased(_ byte: UInt8) -> UInt8 {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
    if words.count == 2 && lowercased(words[1]) == UInt8(ascii: "g") {
      switch lowercased(words[0]) {
      case UInt8(ascii: "b"): words = Array("background".utf8)
      case UInt8(ascii: "f"): words = Array("foreground".utf8)
      default: break
      }
    }
    for index in words.indices where words[index] == UInt8(ascii: "-") || words[index] == UInt8(ascii: "_") {
      words[index] = UInt8(ascii: " ")
    }
    if let first = words.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) {
      words[0] = first - 32
    }
    return String(decoding: words, as: UTF8.self)
  }

  private static func percent(_ share: Double) -> String {
    let tenths = Int((share * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// `escaper.literal(name)` with a line-break opportunity after every dot, so a long token name wraps
  /// between segments rather than inside a word.
  static func appendBreakable(_ name: String, to html: inout [UInt8]) {
    var escaped = escaper.literal(name)
    // In ASCII a byte is a character: the runs between dots are copied whole. Other text is
    // matched as `AuditReport.replacing` matches it.
    let isASCII = escaped.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
      var runStart = 0
      for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
        html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...index]))
        html.appendText("<wbr>")
        runStart = index + 1
      }
      html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
      return true
    }
    if !isASCII { html += AuditReport.replacing(".", with: ".<wbr>", in: escaped).utf8 }
  }

  /// Text for element content and double-quoted attributes: `&`, `<`, `>` and both quotes as
  /// character references, C0 control characters and DEL replaced with U+FFFD.
  static let escaper = StringEscaper(
    quote: "",
    rules: [
      (.scalar("&"), .text("&amp;")), (.scalar("<"), .text("&lt;")), (.scalar(">"), .text("&gt;")),
      (.scalar("\""), .text("&quot;")), (.scalar("'"), .text("&#39;")), (.asciiControls, .text("\u{FFFD}")),
    ])

  // MARK: - Style

  /// Added to the stylesheet when the audit has modes.
  private static let modeStylesheet = """
    .verdict .mode-tag { margin-left: auto; padding: 3px 10px; border: 1px solid var(--line);
      border-radius: 999px; color: var(--ink-2); font-size: 12px; font-weight: 600; letter-spacing: 0.04em; }
    """

  private static let stylesheet = """
    :root {
      --ink: #101828; --ink-2: #475467; --ink-3: #667085; --line: #E4E7EC; --page: #F4F5F8; --card: #FFFFFF;
      --fail: #B42318; --fail-bg: #FEF0EF; --fail-line: #F4B8B3; --pass: #067647; --pass-bg: #E7F6EC;
      --info: #475467; --info-bg: #EEF0F4;
      --sans: -apple-system, BlinkMacSystemFont, "Segoe UI", Inter, Roboto, "Helvetica Neue", Arial,
        "Liberation Sans", sans-serif;
      --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace;
    }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; background: var(--page); color: var(--ink); font: 15px/1.5 var(--sans); }
    code { font-family: var(--mono); font-size: 0.86em; }
    .summary { background: var(--card); border-bottom: 1px solid var(--line); }
    .summary-inner { max-width: 1180px; margin: 0 auto; padding: 40px 32px 32px; }
    .eyebrow { margin: 0 0 8px; font-size: 12px; font-weight: 600; letter-spacing: 0.08em;
      text-transform: uppercase; color: var(--ink-3); }
    h1 { display: flex; align-items: center; gap: 14px; margin: 0; font-size: 32px; line-height: 1.2;
      letter-spacing: -0.02em; font-weight: 700; }
    h1 .icon { width: 40px; height: 40px; padding: 8px; border-radius: 50%; flex: none; }
    .summary.fail h1 .icon { color: var(--fail); background: var(--fail-bg); }
    .summary.pass h1 .icon { color: var(--pass); background: var(--pass-bg); }
    .lede { max-width: 760px; margin: 14px 0 24px; color: var(--ink-2); }
    .stats { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 20px; }
    .stat { display: flex; flex-direction: column; min-width: 116px; padding: 12px 16px;
      border: 1px solid var(--line);
      border-radius: 12px; background: var(--card); }
    .stat-value { font-size: 26px; font-weight: 700; line-height: 1.2; font-variant-numeric: tabular-nums; }
    .stat-standard { font-size: 20px; line-height: 1.56; }
    .stat-label { font-size: 13px; color: var(--ink-3); }
    .stat-fail .stat-value { color: var(--fail); }
    .stat-pass .stat-value { color: var(--pass); }
    .stat-info .stat-value { color: var(--info); }
    .meter { display: flex; height: 8px; overflow: hidden; border-radius: 4px; background: var(--info-bg); }
    .meter-fail { background: #D92D20; }
    .meter-pass { background: #17B26A; }
    main { max-width: 1180px; margin: 0 auto; padding: 8px 32px 24px; }
    section { margin-top: 32px; }
    h2 { display: flex; align-items: center; gap: 10px; margin: 0 0 16px; font-size: 20px;
      letter-spacing: -0.01em; }
    .count { padding: 1px 10px; border-radius: 999px; background: var(--info-bg); color: var(--ink-2);
      font-size: 13px;
      font-weight: 600; }
    #failing .count { background: var(--fail-bg); color: var(--fail); }
    #passing .count { background: var(--pass-bg); color: var(--pass); }
    .section-note { margin: -8px 0 16px; color: var(--ink-3); font-size: 14px; }
    .empty { display: flex; align-items: center; gap: 8px; padding: 16px 20px; border-radius: 12px;
      background: var(--pass-bg); color: var(--pass); font-weight: 600; }
    .empty .icon { width: 18px; height: 18px; }
    .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 20px; }
    .card { display: flex; flex-direction: column; overflow: hidden; border: 1px solid var(--line);
      border-radius: 16px;
      background: var(--card); box-shadow: 0 1px 2px rgba(16, 24, 40, 0.05); }
    .card-fail { border-color: var(--fail-line);
      box-shadow: 0 0 0 1px var(--fail-line), 0 4px 12px rgba(180, 35, 24, 0.08); }
    .swatch { display: flex; align-items: center; min-height: 132px; padding: 22px 24px;
      box-shadow: inset 0 -1px 0 rgba(16, 24, 40, 0.08); }
    .sample { display: flex; align-items: center; gap: 16px; min-width: 0; }
    .aa { font-size: 44px; font-weight: 700; line-height: 1; letter-spacing: -0.02em; }
    .words { display: flex; flex-direction: column; min-width: 0; }
    .words strong { font-size: 16px; font-weight: 700; overflow-wrap: anywhere; }
    .words span { font-size: 14px; }
    .sample-large .words strong { font-size: 24px; line-height: 1.25; }
    .sample-large .words span { font-size: 18px; font-weight: 700; }
    .sample-icon svg { flex: none; }
    .outline-control { flex: none; width: 44px; height: 26px; border: 2px solid currentColor;
      border-radius: 13px; }
    .frame { flex: none; width: 64px; height: 44px; border: 1px solid currentColor; border-radius: 8px; }
    .card-body { display: flex; flex: 1; flex-direction: column; padding: 18px 20px 16px; }
    .verdict { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
    .headline { display: flex; align-items: baseline; gap: 2px; font-variant-numeric: tabular-nums; }
    .big { font-size: 34px; font-weight: 700; line-height: 1.1; letter-spacing: -0.02em; }
    .big-unit { margin-right: 4px; font-size: 18px; font-weight: 600; color: var(--ink-3); }
    .badge { display: inline-flex; align-items: center; gap: 5px; padding: 4px 12px 4px 9px;
      border-radius: 999px;
      font-size: 13px; font-weight: 700; letter-spacing: 0.02em; text-transform: uppercase; }
    .badge .icon { width: 15px; height: 15px; }
    .badge-fail { background: var(--fail-bg); color: var(--fail); }
    .badge-pass { background: var(--pass-bg); color: var(--pass); }
    .badge-info { padding-left: 12px; background: var(--info-bg); color: var(--info); }
    .facts { display: flex; gap: 24px; margin: 12px 0 14px; padding-bottom: 14px;
      border-bottom: 1px solid var(--line); }
    .facts div { display: flex; flex-direction: column; }
    .facts dt { font-size: 12px; color: var(--ink-3); }
    .facts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
    .colors { display: flex; flex-direction: column; gap: 10px; }
    .color-row { display: flex; align-items: center; gap: 10px; min-width: 0; }
    .chip { position: relative; flex: none; width: 28px; height: 28px; overflow: hidden; border-radius: 8px;
      box-shadow: inset 0 0 0 1px rgba(16, 24, 40, 0.14);
      background: conic-gradient(#D0D5DD 25%, #FFFFFF 0 50%, #D0D5DD 0 75%, #FFFFFF 0) 0 0 / 10px 10px; }
    .chip i { position: absolute; inset: 0; }
    .chip::after { content: ""; position: absolute; inset: 0; border-radius: inherit;
      box-shadow: inset 0 0 0 1px rgba(16, 24, 40, 0.16); }
    .color-text { display: flex; flex-direction: column; min-width: 0; line-height: 1.35; }
    .color-role { font-size: 11px; font-weight: 600; letter-spacing: 0.05em; text-transform: uppercase;
      color: var(--ink-3); }
    .token { overflow-wrap: break-word; color: var(--ink); }
    .hex { font-family: var(--mono); font-size: 12px; color: var(--ink-2); }
    .seen code { color: var(--ink); }
    .fix { display: flex; gap: 10px; align-items: flex-start; margin-top: 12px; font-size: 13px; }
    .fix ul { margin: 0; padding-left: 16px; }
    .where { margin: auto 0 0; padding-top: 14px; font-family: var(--mono); font-size: 12px;
      color: var(--ink-3);
      overflow-wrap: anywhere; }
    footer { max-width: 1180px; margin: 0 auto; padding: 8px 32px 40px; color: var(--ink-3);
      font-size: 13px; }
    .icon { display: inline-block; vertical-align: middle; }
    @media (max-width: 640px) {
      .summary-inner, main, footer { padding-left: 16px; padding-right: 16px; }
      h1 { font-size: 24px; }
      .grid { grid-template-columns: 1fr; }
    }
    @media print {
      body { background: #FFFFFF; }
      .card { break-inside: avoid; box-shadow: none; }
    }
    """
}
