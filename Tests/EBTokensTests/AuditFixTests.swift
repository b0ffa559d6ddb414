import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// The fixes the audit suggests for the shipped tokens' four failing pairs: each passes when
/// written into a copy of the token files and audited again, is the nearest passing color among
/// lightness-only changes, and the opacity suggested is the smallest that passes.
@Suite struct AuditFixTests {
  static func failing() throws -> [PairResult] {
    try AuditContrastTests.shippedAudit().results.filter { !$0.passes }
  }

  /// A session's audit keeps its matches and results: the next audit of the very same tokens
  /// gives every result from what it kept (a result planted there is what it gives), and of the
  /// same tokens read again (other objects, the same values) measures every pair again, giving
  /// what an audit without a memo gives.
  @Test func resultsKeptBetweenAuditsAreTheResultsAnAuditGives() throws {
    let root = TestPaths.repositoryRoot.path
    let configuration = try ConfigurationLoader().load(path: root + "/ebtokens.yml")
    let tokens = try ProjectTokens.load(configuration, limits: .standard).value
    let audited = try ContrastAudit.run(tokens: tokens, audit: configuration.audit).results
    try #require(audited.count { !$0.passes } == 4)
    let memo = AuditMemo()
    for matchesUnchanged in [false, true] {
      let again = try ContrastAudit.run(
        tokens: tokens, audit: configuration.audit, configPath: nil, memo: memo,
        matchesUnchanged: matchesUnchanged)
      #expect(again.results == audited)
    }
    let kept = try #require(memo.measured)
    let planted = kept.results.map { result in
      var result = result
      if result.fix != nil { result.fix?.alsoMoves = ["planted"] }
      return result
    }
    memo.measured = ContrastAudit.Measured(
      tokens: kept.tokens, results: planted, resultSources: kept.resultSources, byEntry: kept.byEntry,
      sources: kept.sources)
    let fromMemo = try ContrastAudit.run(
      tokens: tokens, audit: configuration.audit, configPath: nil, memo: memo, matchesUnchanged: true)
    // No token changed: every result is the one kept, with its notes.
    #expect(fromMemo.results == planted)
    #expect(fromMemo.results.map(\.foreground) == audited.map(\.foreground))
    let reread = try ProjectTokens.load(configuration, limits: .standard).value
    let remeasured = try ContrastAudit.run(
      tokens: reread, audit: configuration.audit, configPath: nil, memo: memo, matchesUnchanged: true)
    #expect(remeasured.results == audited)
  }

  /// Tokens where `color.text` takes its color through `color.link` from `color.<link>`, one of
  /// two greys alike, which fails text contrast on white `color.paper`.
  static func chainTokens(linkingTo link: String) -> String {
    """
    color:
      $type: color
      paper: "#FFFFFF"
      grey-a: "#AAAAAA"
      grey-b: "#AAAAAA"
      link: "{color.\(link)}"
      text: "{color.link}"
    """
  }

  /// The audits of ``chainTokens(linkingTo:)`` (with `more` tokens after them) under `rules`: a
  /// session's first audit with `link` at `grey-a`; its next audit of the same set with only `link`
  /// taken from the set where it is at `grey-b`, so that every other token is the very same object;
  /// and an audit of that set without a memo.
  static func relinkedAudits(rules: String, more: String = "") throws
    -> (first: AuditResult, next: AuditResult, fresh: AuditResult)
  {
    let yaml = { (link: String) in ["t.yaml": chainTokens(linkingTo: link) + more] }
    let audit = try ConfigurationLoader().load(yaml: AuditRuleTests.config(rules), path: "ebtokens.yml").audit
    let before = try loadTokens(yaml("grey-a"))
    let relinked = try loadTokens(yaml("grey-b"))
    let mixed = TokenSet(
      sorted: before.tokens.map { $0.name == "color.link" ? (relinked["color.link"] ?? $0) : $0 },
      groups: before.groups)
    let memo = AuditMemo()
    let first = try ContrastAudit.run(
      tokens: ModalTokenSet(single: before), audit: audit, configPath: nil, memo: memo)
    let next = try ContrastAudit.run(
      tokens: ModalTokenSet(single: mixed), audit: audit, configPath: nil, memo: memo, matchesUnchanged: true)
    return (first, next, try ContrastAudit.run(tokens: ModalTokenSet(single: mixed), audit: audit))
  }

  /// A session tells the writer when its JSON report will replace the last one: not before it has
  /// written one, nor when every pair's result is the one its members were written from; yes once
  /// a pair is measured again with another result.
  @Test func aSessionKnowsWhenItsJSONReportWillChange() throws {
    let yaml = { (paper: String) in
      ["t.yaml": "color:\n  $type: color\n  paper: \"\(paper)\"\n  text: \"#777777\"\n"]
    }
    let audit = try ConfigurationLoader().load(
      yaml: AuditRuleTests.config("- foreground: color.text\n  background: color.paper\n  role: text"),
      path: "ebtokens.yml"
    ).audit
    let white = ModalTokenSet(single: try loadTokens(yaml("#FFFFFF")))
    let memo = AuditMemo()
    let first = try ContrastAudit.run(tokens: white, audit: audit, configPath: nil, memo: memo)
    #expect(!AuditReport.jsonDiffersFromTheLast(first, memo: memo))
    AuditReport.streamJSON(first, memo: memo) { _ in }
    let again = try ContrastAudit.run(
      tokens: white, audit: audit, configPath: nil, memo: memo, matchesUnchanged: true)
    #expect(!AuditReport.jsonDiffersFromTheLast(again, memo: memo))
    #expect(!AuditReport.jsonDiffersFromTheLast(again, memo: nil))
    AuditReport.streamJSON(again, memo: memo) { _ in }
    let grey = ModalTokenSet(single: try loadTokens(yaml("#EEEEEE")))
    let changed = try ContrastAudit.run(
      tokens: grey, audit: audit, configPath: nil, memo: memo, matchesUnchanged: true)
    #expect(AuditReport.jsonDiffersFromTheLast(changed, memo: memo))
  }

  /// A session's HTML page is the last page's very bytes (which the writer knows it wrote) when a
  /// change leaves every card it draws and everything around them as they were: here, a pair past
  /// the 1,000 a page draws, failures first; otherwise it is drawn again, as a page without a memo
  /// is, also when only a count changes.
  @Test func aPageThatDrawsWhatTheLastDrewIsTheLastPage() throws {
    // 1,050 failing pairs fill the page; the 50 passing ones after them are counted, not drawn.
    let count = AuditHTML.maximumCards + 100
    let yaml = { (changed: [Int: String]) in
      [
        "t.yaml": "color:\n  $type: color\n  paper: \"#FFFFFF\"\nink:\n  $type: color\n"
          + (0..<count).map { index in
            "  t\(String(format: "%04d", index)): \"\(changed[index] ?? (index < 1_050 ? "#EEEEEE" : "#1A1A1A"))\"\n"
          }.joined()
      ]
    }
    let audit = try ConfigurationLoader().load(
      yaml: AuditRuleTests.config("- foreground: ink.*\n  background: color.paper\n  role: text"),
      path: "ebtokens.yml"
    ).audit
    let memo = AuditMemo()
    func page(_ changed: [Int: String]) throws -> (bytes: [UInt8], fresh: [UInt8]) {
      let tokens = ModalTokenSet(single: try loadTokens(yaml(changed)))
      let result = try ContrastAudit.run(
        tokens: tokens, audit: audit, configPath: nil, memo: memo, matchesUnchanged: true)
      try #require(result.results.count == count)
      return (
        AuditHTML.bytes(result, memo: memo),
        AuditHTML.bytes(try ContrastAudit.run(tokens: tokens, audit: audit))
      )
    }
    let first = try page([:])
    #expect(first.bytes == first.fresh)
    // The last pair is not drawn: its result changes, the page does not.
    let undrawn = try page([count - 1: "#1B1B1B"])
    #expect(undrawn.bytes.sharesStorage(with: first.bytes))
    #expect(undrawn.bytes == undrawn.fresh)
    // It fails (the page draws the same cards, but counts one more failure), then a drawn card
    // changes: each page is drawn again.
    for changed in [[count - 1: "#EEEEEF"], [count - 1: "#EEEEEF", 0: "#DDDDDD"]] {
      let last = try page(changed)
      #expect(!last.bytes.sharesStorage(with: first.bytes))
      #expect(last.bytes != first.bytes)
      #expect(last.bytes == last.fresh)
    }
  }

  /// A kept result is measured from the very token objects it was: when a link of a foreground's
  /// chain of aliases is another object pointing elsewhere while the foreground is the same object
  /// (a caller's set, not a load's: a load makes every token that references a changed one again),
  /// the next audit finds the new end of the chain, which its fix names.
  @Test func aKeptResultFollowsAChainWhoseLinkChanged() throws {
    let (first, next, fresh) = try Self.relinkedAudits(
      rules: "- foreground: color.text\n  background: color.paper\n  role: text")
    #expect(first.results.first?.fix?.token == "color.grey-a")
    #expect(next.results.first?.fix?.token == "color.grey-b")
    #expect(next.results == fresh.results)
  }

  /// A kept fix's notes on what it also moves follow a chain pointed elsewhere: when `color.link`
  /// leaves `color.grey-a` for `color.grey-b`, the fix of `color.other` (made from `grey-a`) no
  /// longer moves `color.text`, although `other` is the very same object, its result kept.
  @Test func aKeptFixsNotesFollowAChainPointedElsewhere() throws {
    let (first, next, fresh) = try Self.relinkedAudits(
      rules: """
        - foreground: color.text
          background: color.paper
          role: text
        - foreground: color.other
          background: color.paper
          role: text
        """,
      more: "\n  other: \"{color.grey-a}\"\n")
    let other = { (result: AuditResult) in result.results.first { $0.foreground == "color.other" }?.fix }
    #expect(other(first)?.alsoMoves == ["color.text on color.paper"])
    #expect(other(next)?.alsoMoves == [])
    #expect(next.results == fresh.results)
  }

  /// The search gives each request its fix in the requests' order, on both cores for many: the fix
  /// `find` gives alone, naming the request's token. Requests asking the same search for the same
  /// token share one fix; one for another token has its own; one that nothing answers gets none.
  @Test func theSearchGivesEachRequestItsFixInOrder() throws {
    let white = Color(red: 1, green: 1, blue: 1)
    func request(_ grey: Double, token: String, minimum: Double = 4.5) -> ContrastFix.Request {
      ContrastFix.Request(
        foreground: Color(red: grey, green: grey, blue: grey), backdrop: white, minimum: minimum,
        method: .wcag2, aliasBase: nil, token: token)
    }
    // More than are searched on one core: threes of one grey each, failing on white, the first two
    // for one token, the third for it or, every other three, another.
    var requests: [ContrastFix.Request] = []
    for three in 0..<((ContrastFix.minimumCountSearchedSideBySide + 5) / 3) {
      let grey = 0.6 + Double(three) * 0.005
      for member in 0..<3 {
        requests.append(request(grey, token: member == 2 && three % 2 == 0 ? "other\(three)" : "t\(three)"))
      }
    }
    // One no grey answers (none reaches 22:1 on white), among them.
    let unanswered = 10
    requests.insert(request(0.7, token: "none", minimum: 22), at: unanswered)
    var given: [Int: PairResult.FixBox] = [:]
    var order: [Int] = []
    ContrastFix.findAll(requests) { position, box in
      order.append(position)
      given[position] = box
    }
    #expect(order == requests.indices.filter { $0 != unanswered })
    let half = requests.count / 2
    for (position, box) in given {
      #expect(box.fix == ContrastFix.find(requests[position]), "request \(position)")
      #expect(box.fix.token == requests[position].token)
      // Within one core's half, a request of the same search as the one before shares its fix
      // exactly when it names the same token.
      let previous = position - 1
      guard let before = given[previous], (previous < half) == (position < half),
        ContrastFix.Request.Search(requests[previous]) == ContrastFix.Request.Search(requests[position])
      else { continue }
      #expect(
        (box === before) == (requests[position].token == requests[previous].token), "request \(position)")
    }
    // Both kinds of repeat are there.
    #expect(given.contains { $0.key > 0 && given[$0.key - 1] === $0.value })
    #expect(given.contains { $0.key > 0 && $0.value.fix.token.hasPrefix("other") })
  }

  /// Noting what a fix also moves changes the result it is noted on, not a copy of it: the fix is
  /// boxed once per result and shared by its copies, and changed in place only when not shared.
  @Test func notingWhatAFixMovesLeavesCopiesOfTheResultAsTheyWere() throws {
    let failing = try Self.failing()
    var result = try #require(failing.first { $0.fix != nil })
    let before = try #require(result.fix)
    let copy = result
    result.setWhatTheFixAlsoMoves(["a on b"])
    #expect(result.fix?.alsoMoves == ["a on b"])
    #expect(copy.fix == before)
    // Held alone now: changed in place, and the same again changes nothing.
    result.setWhatTheFixAlsoMoves(["c on d"])
    #expect(result.fix?.alsoMoves == ["c on d"])
    result.setWhatTheFixAlsoMoves(["c on d"])
    #expect(result.fix?.alsoMoves == ["c on d"])
    #expect(copy.fix == before)
  }

  @Test func everyFailingPairOfTheShippedTokensHasAFix() throws {
    let failing = try Self.failing()
    #expect(failing.count == 4)
    for pair in failing {
      let fix = try #require(pair.fix, "no fix for \(pair.foreground)")
      #expect(fix.measurement.ratio >= 4.5 || (pair.role == .nonText && fix.measurement.ratio >= 3))
      #expect(fix.deltaE > 0 && fix.deltaE < 0.1, "\(pair.foreground): ΔE \(fix.deltaE)")
    }
  }

  /// Writes each fix's value into the token that holds the literal, in a copy of the project, and
  /// audits the copy: the pair now passes, and nothing that passed before fails.
  @Test func theFixesPassWhenApplied() throws {
    let failing = try Self.failing()
    try #require(failing.count == 4)
    try withTemporaryDirectory { copy in
      let root = TestPaths.repositoryRoot
      for item in ["ebtokens.yml", "tokens"] {
        try FileManager.default.copyItem(
          at: root.appendingPathComponent(item), to: copy.appendingPathComponent(item))
      }
      var configuration = try ConfigurationLoader().load(
        path: copy.appendingPathComponent("ebtokens.yml").path)
      let tokens = try ModalTokenLoader(jsonExtensions: configuration.jsonExtensions)
        .load(configuration: configuration).value
      for pair in failing {
        let fix = try #require(pair.fix)
        let token = try #require(tokens.sets[0][fix.token])
        try Self.replaceColor(at: token.valueLocation, in: copy, with: fix.literal.hex)
      }
      configuration = try ConfigurationLoader().load(path: copy.appendingPathComponent("ebtokens.yml").path)
      let again = try ContrastAudit.run(configuration: configuration).value
      #expect(again.results.filter { !$0.passes }.map(\.foreground) == [])
      #expect(again.results.count == (try AuditContrastTests.shippedAudit()).results.count)
    }
  }

  /// Lightness-only changes of the foreground, every 0.001 of OKLCH lightness: none that passes is
  /// nearer than the fix (the fix is refined past the grid, then rounded to 8 bits, which may cost
  /// up to about 0.004 of ΔEOK).
  @Test func eachFixIsTheNearestPassingLightness() throws {
    let audit = try AuditContrastTests.shippedAudit()
    for pair in audit.results where !pair.passes {
      let fix = try #require(pair.fix)
      let minimum = try #require(pair.required)
      let foreground = pair.foregroundColor
      let originalLab = ContrastFix.oklab(of: foreground)
      let lch = ContrastFix.oklch(fromOklab: originalLab)
      var nearest = Double.infinity
      var searched = 0
      for step in 0...1000 {
        let candidate = ContrastFix.color(lch: lch, lightness: Double(step) / 1000, alpha: foreground.alpha)
        let measurement = ContrastAudit.measure(
          foreground: candidate, background: pair.backgroundColor, canvas: audit.canvas)
        searched += 1
        if ContrastAudit.passes(measurement, minimum: minimum, method: audit.method) {
          nearest = min(nearest, ContrastFix.distance(originalLab, ContrastFix.oklab(of: candidate)))
        }
      }
      #expect(searched == 1001)
      #expect(nearest.isFinite, "no lightness passes for \(pair.foreground)")
      #expect(fix.deltaE <= nearest + 0.004, "\(pair.foreground): fix ΔE \(fix.deltaE), grid best \(nearest)")
      #expect(fix.deltaE >= nearest - 0.002, "\(pair.foreground): the fix is nearer than the grid allows")
      let measured = ContrastAudit.measure(
        foreground: fix.color, background: pair.backgroundColor, canvas: audit.canvas)
      #expect(ContrastAudit.passes(measured, minimum: minimum, method: audit.method))
    }
  }

  /// The warning description is `{…label-title} @ 80%`: the opacity fix is the smallest whole
  /// percentage that passes, and one less fails.
  @Test func theOpacityFixIsTheSmallestThatPasses() throws {
    let audit = try AuditContrastTests.shippedAudit()
    let pair = try #require(audit.results.first { $0.foreground == "main.alert.color.warning.description" })
    let fix = try #require(pair.fix)
    let alpha = try #require(fix.alpha)
    #expect(fix.token == "main.alert.color.warning.label-title")
    #expect(fix.alsoMoves == ["main.alert.color.warning.label-title on main.alert.color.warning.bg"])
    let base = pair.foregroundColor
    func measured(_ percent: Int) -> ContrastAudit.Measurement {
      // The base is opaque: the alias's alpha is the percentage.
      let color = Color(red: base.red, green: base.green, blue: base.blue, alpha: Double(percent) / 100)
      return ContrastAudit.measure(foreground: color, background: pair.backgroundColor, canvas: audit.canvas)
    }
    #expect(alpha.percent > 80)
    #expect(ContrastAudit.passes(measured(alpha.percent), minimum: 4.5, method: .wcag2))
    #expect(!ContrastAudit.passes(measured(alpha.percent - 1), minimum: 4.5, method: .wcag2))
  }

  /// Every report names the fix: text, markdown, JSON (parsed) and HTML.
  @Test func everyReportFormatCarriesTheFixes() throws {
    let audit = try AuditContrastTests.shippedAudit()
    let values = audit.results.compactMap { $0.fix?.literal.hex }
    #expect(values.count == 4)
    for format in [AuditReport.Format.text, .markdown, .html] {
      let report = AuditReport.render(audit, format: format)
      for value in values { #expect(report.contains(value), "\(format) lacks \(value)") }
    }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(AuditReport.render(audit, format: .json).utf8))
        as? [String: Any])
    let results = try #require(json["results"] as? [[String: Any]])
    let fixes = results.compactMap { $0["fix"] as? [String: Any] }
    #expect(fixes.compactMap { $0["value"] as? String }.sorted() == values.sorted())
    #expect(results.filter { ($0["pass"] as? Bool) == true }.allSatisfy { $0["fix"] == nil })
  }

  /// The search judges opaque colors from their linear-light channels, trusting
  /// `Judge.linearRatioError` as the bound of what encoding and decoding a channel changes: the
  /// largest change over a sweep of the channel, densest at the knee of the sRGB curve, is within
  /// the 2.4e-9 that bound is worked out from.
  @Test func decodingAnEncodedChannelStaysWithinTheJudgesBound() {
    var largest = 0.0
    let knee = 0.003_130_8
    for step in 0...1_000_000 {
      for channel in [Double(step) / 1_000_000, knee * (0.999 + 0.002 * Double(step) / 1_000_000)] {
        largest = max(largest, abs(WCAGContrast.linearised(SRGBTransfer.encode(channel)) - channel))
      }
    }
    #expect(largest > 1e-9, "the sweep misses the knee")
    #expect(largest <= 2.4e-9)
    #expect(largest * 420 * 10 <= ContrastFix.Judge.linearRatioError)
  }

  /// Judged from linear-light channels or from the encoded color, every color gets the same
  /// answer, for minimums on both sides of its ratio, as near to it as floating point allows.
  @Test func theLinearJudgementIsTheEncodedColorsJudgement() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let backdrop = Color(
        red: .random(in: 0...1, using: &generator), green: .random(in: 0...1, using: &generator),
        blue: .random(in: 0...1, using: &generator), alpha: 1)
      let linear = (
        Double.random(in: 0...1, using: &generator), Double.random(in: 0...0.01, using: &generator),
        Double.random(in: 0...1, using: &generator)
      )
      let encoded = ContrastFix.encoded(linear, alpha: 1)
      let ratio = WCAGContrast.ratio(encoded, backdrop)
      for offset in [-1e-3, -2e-5, -1e-5, -1e-9, 0, 1e-9, 1e-5, 2e-5, 1e-3] {
        let judge = ContrastFix.Judge(backdrop: backdrop, minimum: ratio + offset, method: .wcag2)
        #expect(judge.passes(linear: linear, alpha: 1) == judge.passes(encoded))
      }
    }
  }

  /// Rewrites the color literal that starts at `location` (a quoted or plain `#hex`) in the copy.
  static func replaceColor(at location: EBTokensSupport.SourceLocation, in copy: URL, with hex: String) throws
  {
    let url = URL(fileURLWithPath: location.file)
    try #require(url.path.hasPrefix(copy.path), "\(url.path) is not in the copy")
    var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    let line = lines[location.line - 1]
    let start = try #require(
      line.range(of: "#", range: line.index(line.startIndex, offsetBy: location.column - 1)..<line.endIndex))
    var end = start.upperBound
    while end < line.endIndex, line[end].isHexDigit { end = line.index(after: end) }
    lines[location.line - 1] = line.replacingCharacters(in: start.lowerBound..<end, with: hex)
    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
  }
}
