import EBTokensConfig
import EBTokensModel
import EBTokensSupport
import Foundation

/// `ebtokens audit`: every foreground/background pair the config's rules name, measured the way the
/// eye sees it and judged against the WCAG 2.2 (or APCA) minimum for its role.
///
/// The library does all the work; the command only prints ``AuditReport`` output and exits with
/// ``AuditResult/exitCode``. `ebtokens build` calls `run(tokens:audit:configPath:)` the same way.
public enum ContrastAudit {
  public typealias Level = Configuration.Audit.Level
  public typealias Method = Configuration.Audit.Method
  public typealias Role = Configuration.Audit.Role

  /// The smallest passing value for `role`: a WCAG 2 contrast ratio, or an APCA |Lc|. `nil` for
  /// decorative pairs, which are reported but never fail.
  ///
  /// WCAG 2.2: text 4.5 (AA, SC 1.4.3) or 7 (AAA, SC 1.4.6); large text 3 or 4.5; non-text 3 at
  /// both levels (SC 1.4.11 has no AAA). APCA: the Bronze simple-mode minimums text Lc 75 (body
  /// text), large text Lc 60, non-text Lc 45; APCA has no AA/AAA split, so `level` does not
  /// change them.
  public static func minimum(for role: Role, level: Level, method: Method) -> Double? {
    switch (method, role) {
    case (_, .decorative): return nil
    case (.wcag2, .text): return level == .aaa ? 7 : 4.5
    case (.wcag2, .largeText): return level == .aaa ? 4.5 : 3
    case (.wcag2, .nonText): return 3
    case (.apca, .text): return 75
    case (.apca, .largeText): return 60
    case (.apca, .nonText): return 45
    }
  }

  /// What a viewer sees of `foreground` on `background`, and its contrast.
  public struct Measurement: Sendable, Equatable {
    /// `background` composited over the canvas: opaque.
    public let backdrop: Color
    /// `foreground` composited over `backdrop`: opaque, the color actually seen.
    public let composited: Color
    /// WCAG 2 contrast ratio of `composited` against `backdrop`, unrounded.
    public let ratio: Double
    /// Signed APCA Lc of `composited` as text on `backdrop`.
    public let apcaLc: Double
  }

  /// Composites, then measures. A translucent background is first flattened onto the opaque
  /// `canvas` (the page beneath everything); a translucent foreground is then composited
  /// source-over onto that backdrop, in gamma-encoded sRGB as browsers and native toolkits paint.
  /// Contrast is only meaningful between the two colors the eye receives.
  public static func measure(foreground: Color, background: Color, canvas: Color) -> Measurement {
    let backdrop = Compositing.flattened(background, over: canvas)
    let composited = Compositing.flattened(foreground, over: backdrop)
    return Measurement(
      backdrop: backdrop, composited: composited, ratio: WCAGContrast.ratio(composited, backdrop),
      apcaLc: APCAContrast.lightnessContrast(text: composited, background: backdrop))
  }

  /// Whether `measurement` meets `minimum` under `method`, on unrounded values: a ratio of 4.499
  /// fails 4.5 even though it would round to 4.50. APCA compares |Lc|, so light-on-dark pairs
  /// (negative Lc) are held to the same minimums.
  public static func passes(_ measurement: Measurement, minimum: Double?, method: Method) -> Bool {
    guard let minimum else { return true }
    switch method {
    case .wcag2: return measurement.ratio >= minimum
    case .apca: return abs(measurement.apcaLc) >= minimum
    }
  }

  /// Audits every pair the rules of `audit` name, in every mode, each on that mode's colors and
  /// canvas; a project without modes passes ``/EBTokensModel/ModalTokenSet/init(single:)``.
  ///
  /// Four steps: match the rules to pairs, once (every mode has the same tokens with the same
  /// types); keep each pair once per role; put them in report order; measure each pair in each mode
  /// where both its colors exist.
  ///
  /// - Parameters:
  ///   - tokens: The tokens, resolved in every mode.
  ///   - audit: The config's `audit` section: the rules, level, method and canvas.
  ///   - configPath: The config file as shown in diagnostics, where the error for a config
  ///     without rules points.
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every ``AuditError`` of every rule (patterns matching
  ///   nothing, foregrounds pairing with nothing, non-color tokens), or when there are no rules.
  public static func run(tokens: ModalTokenSet, audit: Configuration.Audit, configPath: String? = nil) throws
    -> AuditResult
  {
    try run(tokens: tokens, audit: audit, configPath: configPath, memo: nil)
  }

  /// The rules matched to the tokens, in report order: a function of the tokens' names, types and
  /// order, and of the values of typography tokens (a rule naming one takes its role from it).
  struct Matches {
    let entries: [Entry]
    /// The rules that yielded pairs, each with its role.
    let rules: [Rule]
    let fonts: [APCAFont?]
    /// The positions of `entries` in report order.
    let order: [Int]
  }

  /// The audit, with what `memo` keeps from the last audit of a session (`ebtokens build
  /// --watch`): with `matchesUnchanged`, its rules' matches, and then the results of the pairs
  /// measured from the very same tokens.
  ///
  /// - Parameter matchesUnchanged: Whether the caller knows that the matches cannot have changed
  ///   since the audit `memo` keeps: the same rules, and the same tokens in the same order, each of
  ///   the same name and type, no typography token among those whose value changed.
  package static func run(
    tokens: ModalTokenSet, audit: Configuration.Audit, configPath: String?, memo: AuditMemo?,
    matchesUnchanged: Bool = false
  ) throws -> AuditResult {
    guard !audit.rules.isEmpty else {
      throw DiagnosticsError([
        AuditError.noRules(at: configPath.map { SourceLocation(file: $0, line: 1, column: 1) })
      ])
    }
    // `nil` stands for the only mode of a project without modes.
    let modes: [String?] = tokens.hasModes ? tokens.modes : [nil]
    let keptMatches = matchesUnchanged ? memo?.matches : nil
    // The last results are kept only with the matches they were measured for.
    var previous = keptMatches == nil ? nil : memo?.measured
    if keptMatches == nil { memo?.matches = nil }
    let matches =
      try keptMatches
      ?? {
        let (entries, rules, fonts) = try match(audit.rules, in: tokens, modes: modes)
        let order = reportOrder(entries, rules: rules, tokens: tokens.sets[0], modes: modes)
        return Matches(entries: entries, rules: rules, fonts: fonts, order: order)
      }()
    if keptMatches == nil { memo?.matches = matches }
    memo?.measured = nil
    var sources = LiteralSources(tokens)
    var remeasured: Measured?
    // Held here alone (the memo let it go), so that what it keeps is changed in place.
    if var kept = previous, kept.byEntry.count == matches.entries.count {
      previous = nil
      sources = LiteralSources(tokens, reusing: &kept.sources)
      remeasured = remeasure(
        matches, in: tokens, modes: modes, audit: audit, sources: &sources, previous: &kept)
    }
    let measured =
      remeasured
      ?? measure(
        consume matches, in: tokens, modes: modes, audit: audit, sources: &sources,
        recordingWhatEachIsMeasuredFrom: memo != nil)
    memo?.measured = measured
    let results = measured.results
    return AuditResult(
      level: audit.level, method: audit.method, canvas: audit.canvas, results: results,
      modes: tokens.modes.map { AuditResult.Mode(name: $0, canvas: audit.canvas(for: $0)) })
  }

  typealias Rule = Configuration.Audit.Rule

  /// Most pairs one audit measures (a large design system has a few thousand).
  static let maxPairs = 100_000
  /// Most did-you-mean suggestions for patterns that match nothing, each a pass over the index.
  static let maxSuggestions = 100

  /// Two tokens, or a token and a literal, to measure in every mode. Tokens are positions in the
  /// token sets, which list the same tokens in the same order in every mode.
  struct Pair {
    enum Background: Hashable {
      case token(Int)
      /// Boxed (`indirect`), so that every pair is a few words: an audit of a large design system
      /// holds tens of thousands while it measures, most of them with a token for a background.
      indirect case literal(Color, text: String)
      case perMode([String: Rule.ModeColor])
    }

    let foreground: Int
    let background: Background
  }

  /// One pair to measure in one mode, found in rule order: a few words, so that sorting moves
  /// these (by position) rather than the results.
  struct Entry {
    let pair: Pair
    /// The rule's position among the rules that yielded pairs.
    let rule: Int
    /// The role's position in ``Role/allCases``.
    let role: Int
    /// The mode's position: a pair's results in every mode are adjacent, in the modes' order.
    let mode: Int
  }

  // MARK: - Match

  /// The pairs `written` names, as entries in rule order: each pair once per role, in each mode
  /// where both its colors exist. With them, the rules that yielded pairs, each with the role its
  /// typography decides, and that typography's size and weight (`nil` for a rule with a role).
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every rule's errors.
  private static func match(_ written: [Rule], in tokens: ModalTokenSet, modes: [String?]) throws
    -> (entries: [Entry], rules: [Rule], fonts: [APCAFont?])
  {
    var matcher = RuleMatcher(tokens: tokens.sets[0], rules: written)
    var seen = SeenPairs(tokenCount: tokens.sets[0].tokens.count, ruleCount: written.count)
    var typographyErrors: [TypographyRuleError] = []
    var entries: [Entry] = []
    var rules: [Rule] = []
    var fonts: [APCAFont?] = []
    for var rule in written {
      var font: APCAFont?
      switch deriveRole(of: &rule, in: tokens.sets[0]) {
      case .success(let typography): font = typography.map(APCAFont.init)
      case .failure(let error):
        typographyErrors.append(error)
        continue
      }
      let found = matcher.pairs(for: rule)
      // Rules multiply: each can pair every token with a background of its own, so a config
      // of many rules could ask for billions of pairs. Far above any real design system's.
      if entries.count + found.count > maxPairs {
        matcher.errors.append(.tooManyPairs(limit: maxPairs, at: rule.location))
        break
      }
      let ruleIndex = rules.count
      rules.append(rule)
      fonts.append(font)
      let role = Role.allCases.firstIndex(of: rule.role) ?? 0
      seen.forEachNew(found, role: role) { pair in
        for (position, mode) in modes.enumerated() {
          // A pair is measured in each mode where both colors exist.
          guard tokens.sets[position].tokens[pair.foreground].value.colorValue != nil,
            backgroundColor(pair.background, in: tokens.sets[position], mode: mode) != nil
          else { continue }
          entries.append(Entry(pair: pair, rule: ruleIndex, role: role, mode: position))
        }
      }
    }
    if !matcher.errors.isEmpty || !typographyErrors.isEmpty {
      throw DiagnosticsError(matcher.errors.map { $0 as any DiagnosticConvertible } + typographyErrors)
    }
    return (entries, rules, fonts)
  }

  /// Sets the role of a rule that names a typography token from that token, and returns the
  /// typography (`nil` for a rule with a role of its own), or why it cannot. The default mode's
  /// typography tells: modes vary colors, not type sizes.
  private static func deriveRole(of rule: inout Rule, in tokens: TokenSet) -> Result<
    Typography?, TypographyRuleError
  > {
    guard let name = rule.typography else { return .success(nil) }
    return TypographyRole.typography(named: name, in: tokens, at: rule.typographyLocation ?? rule.location)
      .map { typography in
        rule.role = TypographyRole.role(of: typography)
        return typography
      }
  }

  /// Matches the patterns of rules against the default mode's tokens (a token has the same type in
  /// every mode, so one mode's tokens tell), collecting every rule's errors.
  private struct RuleMatcher {
    let index: TokenIndex
    var errors: [AuditError] = []
    /// How many more did-you-mean suggestions may be looked for.
    private var suggestionsLeft = maxSuggestions

    /// Indexes `tokens` for the patterns of `rules`.
    init(tokens: TokenSet, rules: [Rule]) {
      let patterns = rules.flatMap { rule -> [TokenPattern] in
        guard case .pattern(let background) = rule.background else { return [TokenPattern(rule.foreground)] }
        return [TokenPattern(rule.foreground), TokenPattern(background)]
      }
      index = TokenIndex(tokens, for: patterns)
    }

    /// The pairs `rule` names, appending its errors. A rule with any error yields no pairs, so a
    /// broken rule never contributes a partial verdict (the run throws anyway).
    mutating func pairs(for rule: Rule) -> [Pair] {
      let errorCount = errors.count
      let foregroundPattern = TokenPattern(rule.foreground)
      let foregroundLocation = rule.foregroundLocation ?? rule.location
      let foregrounds = matches(
        foregroundPattern, written: rule.foreground, side: .foreground, at: foregroundLocation)
      let foregroundColors = areColors(
        foregrounds, side: .foreground, pattern: rule.foreground, at: foregroundLocation)
      let pairs: [Pair]
      switch rule.background {
      case .color(let color):
        pairs = Self.pairs(
          foregrounds, areColors: foregroundColors, on: .literal(color, text: rule.backgroundText))
      case .colorPerMode(let colors):
        pairs = Self.pairs(foregrounds, areColors: foregroundColors, on: .perMode(colors))
      case .pattern(let text):
        pairs = tokenPairs(
          foregrounds, areColors: foregroundColors, pattern: foregroundPattern, background: text, rule: rule)
      }
      return errors.count == errorCount ? pairs : []
    }

    /// Each color among `foregrounds` on one literal background.
    private static func pairs(
      _ foregrounds: [TokenIndex.Match], areColors: [Bool], on background: Pair.Background
    ) -> [Pair] {
      zip(foregrounds, areColors).compactMap { match, isColor in
        isColor ? Pair(foreground: match.index, background: background) : nil
      }
    }

    /// Each of `foregrounds` with the tokens the background pattern `text` matches that partner it
    /// (the n-th `*` of each the same segment), appending errors.
    private mutating func tokenPairs(
      _ foregrounds: [TokenIndex.Match], areColors foregroundColors: [Bool],
      pattern foregroundPattern: TokenPattern,
      background text: String, rule: Rule
    ) -> [Pair] {
      let backgroundPattern = TokenPattern(text)
      let backgroundLocation = rule.backgroundLocation ?? rule.location
      let backgrounds = matches(backgroundPattern, written: text, side: .background, at: backgroundLocation)
      guard !backgrounds.isEmpty else { return [] }
      // A background that is not a color is an error, and a rule with an error yields no pairs.
      let backgroundsAreColors = !areColors(
        backgrounds, side: .background, pattern: text, at: backgroundLocation
      ).contains(false)
      let partners = PatternPairing.pair(
        foregrounds: foregrounds, foregroundPattern: foregroundPattern, backgrounds: backgrounds,
        backgroundPattern: backgroundPattern)
      guard foregrounds.isEmpty || partners.contains(where: { !$0.isEmpty }) else {
        errors.append(
          .noPair(
            foreground: rule.foreground, background: text, foregroundMatches: foregrounds.count,
            at: rule.location))
        return []
      }
      var pairs: [Pair] = []
      for ((match, isColor), backgroundMatches) in zip(zip(foregrounds, foregroundColors), partners) {
        guard !backgroundMatches.isEmpty else {
          let token = index.tokens[match.index]
          errors.append(
            .unpaired(
              token: token.name, foreground: rule.foreground, background: text, tokenLocation: token.location,
              at: rule.foregroundLocation ?? rule.location))
          continue
        }
        guard isColor, backgroundsAreColors else { continue }
        for background in backgroundMatches {
          pairs.append(Pair(foreground: match.index, background: .token(background.index)))
        }
      }
      return pairs
    }

    /// The tokens `pattern` (`text` as written) matches, with an error when it matches none.
    private mutating func matches(
      _ pattern: TokenPattern, written text: String, side: AuditError.Side, at location: SourceLocation?
    ) -> [TokenIndex.Match] {
      let matches = index.matches(pattern)
      if matches.isEmpty {
        errors.append(.noMatch(side, pattern: text, suggestion: suggestion(for: pattern), at: location))
      }
      return matches
    }

    /// The closest token path to `pattern`, while suggestions are left.
    private mutating func suggestion(for pattern: TokenPattern) -> String? {
      guard suggestionsLeft > 0 else { return nil }
      suggestionsLeft -= 1
      return index.suggestion(for: pattern)?.description
    }

    /// Whether each match is a color, with an error for each that is not.
    private mutating func areColors(
      _ matches: [TokenIndex.Match], side: AuditError.Side, pattern: String, at location: SourceLocation?
    ) -> [Bool] {
      matches.map { match in
        let token = index.tokens[match.index]
        if token.value.colorValue != nil { return true }
        errors.append(
          .notAColor(
            token: token.name, type: token.type, side: side, pattern: pattern, tokenLocation: token.location,
            at: location))
        return false
      }
    }
  }

  // MARK: - Dedupe

  /// The pairs found so far, each with its role: two rules naming the same pair with the same role
  /// would count it twice. Each is kept as one number: a pair of two tokens (by far the most) from
  /// their positions, a pair of a token and a literal background from the literal's number.
  private struct SeenPairs {
    private let tokenCount: Int
    private let ruleCount: Int
    private var tokenPairs: Set<Int> = []
    private var literalPairs: Set<Int> = []
    private var literalNumbers: [Pair.Background: Int] = [:]

    init(tokenCount: Int, ruleCount: Int) {
      self.tokenCount = tokenCount
      self.ruleCount = ruleCount
    }

    /// Calls `body` with each of `found`, one rule's pairs, not seen before with `role` (its
    /// position in ``Role/allCases``), and marks it seen.
    mutating func forEachNew(_ found: [Pair], role: Int, _ body: (Pair) -> Void) {
      // All pairs of a rule with a literal background have that background: numbered once here.
      var literalNumber = 0
      if let first = found.first { literalNumber = number(of: first.background) }
      for pair in found {
        let isNew: Bool
        if case .token(let background) = pair.background {
          let key = (pair.foreground * tokenCount + background) * Role.allCases.count + role
          isNew = tokenPairs.insert(key).inserted
        } else {
          // Fewer literals than rules.
          let key = (pair.foreground * ruleCount + literalNumber) * Role.allCases.count + role
          isNew = literalPairs.insert(key).inserted
        }
        if isNew { body(pair) }
      }
    }

    /// A literal background's number, the next one the first time it is seen; 0 for a token.
    private mutating func number(of background: Pair.Background) -> Int {
      if case .token = background { return 0 }
      if let number = literalNumbers[background] { return number }
      literalNumbers[background] = literalNumbers.count
      return literalNumbers.count - 1
    }
  }

  // MARK: - Order

  /// The positions of `entries` in report order: foreground, then background in path order (a
  /// literal background sorts as a one-segment name; one given per mode, as the first mode's),
  /// then role, then mode, then as found. Tokens are in path order in every set, so two tokens
  /// compare by position; only a literal background is compared as a path.
  private static func reportOrder(_ entries: [Entry], rules: [Rule], tokens: TokenSet, modes: [String?])
    -> [Int]
  {
    let firstMode = modes.first ?? nil
    let literalOrders: [TokenPath?] = rules.map { rule in
      switch rule.background {
      case .color: return TokenPath([rule.backgroundText])
      case .colorPerMode(let colors): return TokenPath([firstMode.flatMap { colors[$0]?.text } ?? ""])
      case .pattern: return nil
      }
    }
    func backgroundOrder(_ entry: Entry) -> TokenPath {
      if case .token(let index) = entry.pair.background { return tokens.tokens[index].path }
      return literalOrders[entry.rule] ?? TokenPath([])
    }
    return entries.indices.sorted { left, right in
      let lhs = entries[left]
      let rhs = entries[right]
      if lhs.pair.foreground != rhs.pair.foreground { return lhs.pair.foreground < rhs.pair.foreground }
      if case .token(let leftBackground) = lhs.pair.background,
        case .token(let rightBackground) = rhs.pair.background
      {
        if leftBackground != rightBackground { return leftBackground < rightBackground }
      } else {
        let leftOrder = backgroundOrder(lhs)
        let rightOrder = backgroundOrder(rhs)
        if leftOrder != rightOrder { return leftOrder < rightOrder }
      }
      if lhs.role != rhs.role { return lhs.role < rhs.role }
      if lhs.mode != rhs.mode { return lhs.mode < rhs.mode }
      return left < right
    }
  }

  // MARK: - Measure

  /// What one entry's result is measured from, as the identities of immutable tokens: its
  /// foreground in its mode, the token holding the foreground's literal, its background token, and
  /// for a foreground written `{base} @ NN%`, the base. The same identities give the same result.
  struct MeasuredFrom: Equatable {
    let foreground: ObjectIdentifier
    let foregroundSource: ObjectIdentifier
    let background: ObjectIdentifier?
    let aliasBase: ObjectIdentifier?
  }

  /// An audit's results, kept for the next audit of a session, with what each entry's result was
  /// measured from.
  struct Measured {
    /// The tokens measured, kept alive so that no other token can take the identities below.
    let tokens: ModalTokenSet
    /// In report order, with the fixes' notes on what they move.
    var results: [PairResult]
    /// Where each result's colors come from, in the same order.
    var resultSources: [ResultSources]
    /// By entry: what its result was measured from, and the result's position in `results`.
    var byEntry: [(from: MeasuredFrom, result: Int)?]
    /// The literal sources found, which the next audit keeps for the tokens whose chains it has
    /// not changed.
    var sources: LiteralSources
    /// The entries of each token, made by the first audit that measures again from these results,
    /// and kept with them while the matches are.
    var entriesByToken: EntriesByToken? = nil
  }

  /// Per mode, by a token's position, the entries that measure it as their foreground or
  /// background token: each mode's entries in one array, in the order of the tokens' positions.
  struct EntriesByToken {
    /// Per mode, where each token's entries start in `entries`, and after the last, their end.
    private let starts: [[Int]]
    private let entries: [[Int]]

    init(_ entries: [Entry], tokenCounts: [Int]) {
      // Counted, then placed: one array per mode, not one per token.
      var starts = tokenCounts.map { Array(repeating: 0, count: $0 + 1) }
      for entry in entries {
        for token in Self.tokens(of: entry) { starts[entry.mode][token + 1] += 1 }
      }
      for mode in starts.indices {
        for token in starts[mode].indices.dropFirst() { starts[mode][token] += starts[mode][token - 1] }
      }
      var next = starts
      var placed = starts.map { Array(repeating: 0, count: $0.last ?? 0) }
      for (index, entry) in entries.enumerated() {
        for token in Self.tokens(of: entry) {
          placed[entry.mode][next[entry.mode][token]] = index
          next[entry.mode][token] += 1
        }
      }
      self.starts = starts
      self.entries = placed
    }

    /// The positions of the entries measuring the token at `token` in the mode at `mode`.
    func entries(of token: Int, mode: Int) -> ArraySlice<Int> {
      entries[mode][starts[mode][token]..<starts[mode][token + 1]]
    }

    private static func tokens(of entry: Entry) -> [Int] {
      if case .token(let background) = entry.pair.background, background != entry.pair.foreground {
        return [entry.pair.foreground, background]
      }
      return [entry.pair.foreground]
    }
  }

  /// The result of each entry of `matches`, in report order, with the tokens its colors take
  /// their literals from; and, for an audit that keeps them for the next, what each entry's result
  /// was measured from (empty otherwise: ``Measured/byEntry`` serves only ``remeasure``).
  private static func measure(
    _ matches: consuming Matches, in tokens: ModalTokenSet, modes: [String?], audit: Configuration.Audit,
    sources: inout LiteralSources, recordingWhatEachIsMeasuredFrom recording: Bool
  ) -> Measured {
    var results: [PairResult] = []
    results.reserveCapacity(matches.order.count)
    var resultSources: [ResultSources] = []
    resultSources.reserveCapacity(matches.order.count)
    var byEntry: [(from: MeasuredFrom, result: Int)?] =
      recording ? Array(repeating: nil, count: matches.entries.count) : []
    var fixRequests = FixRequests()
    for entryIndex in matches.order {
      let entry = matches.entries[entryIndex]
      guard
        let (result, fixRequest) = result(
          of: entry, rules: matches.rules, fonts: matches.fonts, in: tokens, modes: modes, audit: audit,
          sources: &sources)
      else { continue }
      let source = colorSources(of: entry, in: tokens, sources: &sources)
      if let fixRequest { fixRequests.append(fixRequest, forResultAt: results.count) }
      if recording { byEntry[entryIndex] = (measuredFrom(entry, source: source, in: tokens), results.count) }
      results.append(result)
      resultSources.append(source)
    }
    // The matches (tens of thousands of entries for a large audit) are let go before the search,
    // unless a session's memo keeps them; the requests once searched, before the notes are made.
    _ = consume matches
    setFixes(consume fixRequests, in: &results)
    noteWhatFixesMove(&results, sources: resultSources)
    return Measured(
      tokens: tokens, results: results, resultSources: resultSources, byEntry: byEntry, sources: sources)
  }

  /// The fixes an audit searches, each with the position of the result that asks it: two arrays,
  /// so that the search reads the requests where they are, without a copy of its own.
  struct FixRequests {
    private(set) var requests: [ContrastFix.Request] = []
    private(set) var results: [Int] = []

    mutating func append(_ request: ContrastFix.Request, forResultAt result: Int) {
      requests.append(request)
      results.append(result)
    }
  }

  /// Searches the fixes `requests` ask for, together, and gives each to the result at its position.
  private static func setFixes(_ requests: consuming FixRequests, in results: inout [PairResult]) {
    ContrastFix.findAll(requests.requests) { position, fix in results[requests.results[position]].setFix(fix)
    }
  }

  /// `previous` measured again where its tokens changed: only the entries of the tokens whose
  /// chains reach a changed one (``LiteralSources/invalidated``), and of those only the ones
  /// measured from other tokens than before; every other result is kept where it is. `nil` when
  /// an entry that had no result would have one or the reverse, which moves the results: the
  /// caller then measures every entry. `previous`'s results move into the new ones.
  private static func remeasure(
    _ matches: Matches, in tokens: ModalTokenSet, modes: [String?], audit: Configuration.Audit,
    sources: inout LiteralSources, previous: inout Measured
  ) -> Measured? {
    guard let invalidated = sources.invalidated else { return nil }
    let entriesByToken =
      previous.entriesByToken ?? EntriesByToken(matches.entries, tokenCounts: tokens.sets.map(\.tokens.count))
    var affected = Set<Int>()
    for (mode, positions) in invalidated.enumerated() {
      for position in positions { affected.formUnion(entriesByToken.entries(of: position, mode: mode)) }
    }
    // Moved out of `previous`, so that each is changed in place rather than copied.
    var results: [PairResult] = []
    var resultSources: [ResultSources] = []
    var byEntry: [(from: MeasuredFrom, result: Int)?] = []
    swap(&results, &previous.results)
    swap(&resultSources, &previous.resultSources)
    swap(&byEntry, &previous.byEntry)
    var remeasured: [Int] = []
    var fixRequests = FixRequests()
    for entryIndex in affected.sorted() {
      guard let kept = byEntry[entryIndex] else { return nil }
      let entry = matches.entries[entryIndex]
      let source = colorSources(of: entry, in: tokens, sources: &sources)
      let from = measuredFrom(entry, source: source, in: tokens)
      guard from != kept.from else { continue }
      guard
        let (result, fixRequest) = result(
          of: entry, rules: matches.rules, fonts: matches.fonts, in: tokens, modes: modes, audit: audit,
          sources: &sources)
      else { return nil }
      if let fixRequest { fixRequests.append(fixRequest, forResultAt: kept.result) }
      byEntry[entryIndex] = (from, kept.result)
      results[kept.result] = result
      resultSources[kept.result] = source
      remeasured.append(kept.result)
    }
    setFixes(consume fixRequests, in: &results)
    // A kept fix still moves the same pairs when every chain has its links' names: the pairs
    // under each token are then the same pairs.
    noteWhatFixesMove(&results, sources: resultSources, only: sources.chainsKeepTheirLinks ? remeasured : nil)
    return Measured(
      tokens: tokens, results: results, resultSources: resultSources, byEntry: byEntry, sources: sources,
      entriesByToken: entriesByToken)
  }

  /// Where `entry`'s colors come from.
  private static func colorSources(of entry: Entry, in tokens: ModalTokenSet, sources: inout LiteralSources)
    -> ResultSources
  {
    var background: ObjectIdentifier?
    if case .token(let index) = entry.pair.background {
      background = ObjectIdentifier(sources.source(of: index, mode: entry.mode))
    }
    return ResultSources(
      mode: entry.mode, foreground: ObjectIdentifier(tokens.sets[entry.mode].tokens[entry.pair.foreground]),
      foregroundSource: ObjectIdentifier(sources.source(of: entry.pair.foreground, mode: entry.mode)),
      backgroundSource: background)
  }

  /// What `entry`'s result is measured from, `source` being where its colors come from.
  private static func measuredFrom(_ entry: Entry, source: ResultSources, in tokens: ModalTokenSet)
    -> MeasuredFrom
  {
    let set = tokens.sets[entry.mode]
    var background: ObjectIdentifier?
    if case .token(let index) = entry.pair.background { background = ObjectIdentifier(set.tokens[index]) }
    return MeasuredFrom(
      foreground: source.foreground, foregroundSource: source.foregroundSource, background: background,
      aliasBase: set.tokens[entry.pair.foreground].reference.flatMap { reference in
        reference.alphaFactor == nil ? nil : set[reference.target.name].map(ObjectIdentifier.init)
      })
  }

  /// One entry measured and judged, with what a fix is searched from when it fails. Fields are read
  /// in place: copying a token or a rule per result would cost more than the result itself.
  private static func result(
    of entry: Entry, rules: [Rule], fonts: [APCAFont?], in tokens: ModalTokenSet, modes: [String?],
    audit: Configuration.Audit, sources: inout LiteralSources
  ) -> (PairResult, ContrastFix.Request?)? {
    let mode = modes[entry.mode]
    let set = tokens.sets[entry.mode]
    let foreground = entry.pair.foreground
    // Both colors exist: the entry was only made when they do.
    guard let foregroundColor = set.tokens[foreground].value.colorValue,
      let backgroundColor = backgroundColor(entry.pair.background, in: set, mode: mode)
    else { return nil }
    let background = backgroundLabel(entry.pair.background, in: set, mode: mode)
    let role = rules[entry.rule].role
    let measurement = measure(
      foreground: foregroundColor, background: backgroundColor, canvas: audit.canvas(for: mode))
    // APCA judges text whose typography is known by its size and weight (the font lookup table).
    let font = audit.method == .apca && role != .nonText && role != .decorative ? fonts[entry.rule] : nil
    let minimum =
      font.map(APCAFontTable.minimumLc) ?? minimum(for: role, level: audit.level, method: audit.method)
    let passes = passes(measurement, minimum: minimum, method: audit.method)
    var fixRequest: ContrastFix.Request?
    if !passes, let minimum {
      fixRequest = ContrastFix.Request(
        foreground: foregroundColor, backdrop: measurement.backdrop, minimum: minimum, method: audit.method,
        aliasBase: aliasBase(of: set.tokens[foreground], in: set),
        token: sources.source(of: foreground, mode: entry.mode).name)
    }
    let result = PairResult(
      foreground: set.tokens[foreground].name, background: background.name,
      backgroundIsLiteral: background.location == nil, role: role, foregroundColor: foregroundColor,
      backgroundColor: backgroundColor, measurement: measurement, required: minimum, passes: passes,
      foregroundLocation: set.tokens[foreground].location, backgroundLocation: background.location,
      ruleLocation: rules[entry.rule].location, mode: mode, font: font)
    return (result, fixRequest)
  }

  /// For a foreground written as `{base} @ NN%`: the base's color and the factor.
  private static func aliasBase(of token: Token, in set: TokenSet) -> ContrastFix.AliasBase? {
    guard let reference = token.reference, let factor = reference.alphaFactor,
      let base = set[reference.target.name]?.value.colorValue
    else { return nil }
    return ContrastFix.AliasBase(color: base, factor: factor)
  }

  /// The token that holds `token`'s literal value: itself, or the last token of its chain of
  /// references (resolution has refused cycles, and the chain is bounded in case it did not).
  static func literalSource(of token: Token, in set: TokenSet) -> Token {
    var current = token
    for _ in 0..<Limits.standard.maxReferenceChain {
      guard let target = current.reference.flatMap({ set[$0.target.name] }) else { break }
      current = target
    }
    return current
  }

  /// ``literalSource(of:in:)`` of each token in each mode, looked up the first time it is asked
  /// for: a token is in many pairs, and following a chain looks each link up by name.
  struct LiteralSources {
    private let tokens: ModalTokenSet
    /// Per mode, by position: the source found, `nil` until asked.
    private var found: [[Token?]]
    /// Per mode, by a token's name, the positions of the tokens that reference it (and some that
    /// did): made the first time a session's audit keeps the sources, and kept with them.
    private var referrers: [[String: [Int]]]?
    /// Made from another's sources: per mode, the positions of the tokens whose chains reach a
    /// token that is not the very object it was there, itself included. `nil` otherwise.
    private(set) var invalidated: [[Int]]?
    /// Made from another's sources: whether each token that is another object than there
    /// references the same name, or none, as it did. Every chain then has the same links by name.
    private(set) var chainsKeepTheirLinks = false

    init(_ tokens: ModalTokenSet) {
      self.init(
        tokens: tokens, found: tokens.sets.map { Array(repeating: nil, count: $0.tokens.count) },
        referrers: nil)
    }

    private init(tokens: ModalTokenSet, found: [[Token?]], referrers: [[String: [Int]]]?) {
      self.tokens = tokens
      self.found = found
      self.referrers = referrers
    }

    /// The sources of the same tokens in the same order as `previous`'s, kept for every token
    /// whose chain of references reaches no token that is not the very object it was there.
    /// Tokens are immutable, so a chain of unchanged objects is the same chain; a token whose
    /// chain reaches a changed one references it, directly or through others, and is found
    /// again through the tokens that reference each changed one. What `previous` found moves
    /// here, leaving it without.
    init(_ tokens: ModalTokenSet, reusing previous: inout LiteralSources) {
      guard previous.tokens.sets.count == tokens.sets.count,
        zip(previous.tokens.sets, tokens.sets).allSatisfy({ $0.tokens.count == $1.tokens.count })
      else {
        self.init(tokens)
        return
      }
      // Moved out of `previous`, so that each is changed in place rather than copied.
      var found: [[Token?]] = []
      swap(&found, &previous.found)
      var referrers = previous.referrers ?? previous.tokens.sets.map(Self.referrers)
      previous.referrers = nil
      var invalidated: [[Int]] = []
      var chainsKeepTheirLinks = true
      for mode in tokens.sets.indices {
        let before = previous.tokens.sets[mode].tokens
        let now = tokens.sets[mode].tokens
        var stale: [Int] = []
        for index in now.indices where now[index] !== before[index] {
          stale.append(index)
          // A changed token may reference another token than before.
          let target = now[index].reference?.target.name
          if let target { referrers[mode][target, default: []].append(index) }
          if target != before[index].reference?.target.name { chainsKeepTheirLinks = false }
        }
        // Every token whose chain reaches a changed one, found from the changed ones.
        var seen = Set(stale)
        while let index = stale.popLast() {
          found[mode][index] = nil
          for referrer in referrers[mode][now[index].name] ?? [] where seen.insert(referrer).inserted {
            stale.append(referrer)
          }
        }
        invalidated.append(Array(seen))
      }
      self.init(tokens: tokens, found: found, referrers: referrers)
      self.invalidated = invalidated
      self.chainsKeepTheirLinks = chainsKeepTheirLinks
    }

    /// The positions of the tokens of `set` that reference each name.
    private static func referrers(_ set: TokenSet) -> [String: [Int]] {
      var referrers: [String: [Int]] = [:]
      for (index, token) in set.tokens.enumerated() {
        if let target = token.reference?.target.name { referrers[target, default: []].append(index) }
      }
      return referrers
    }

    /// The source of the token at `index` in the set of mode position `mode`.
    mutating func source(of index: Int, mode: Int) -> Token {
      if let known = found[mode][index] { return known }
      let set = tokens.sets[mode]
      let source = literalSource(of: set.tokens[index], in: set)
      found[mode][index] = source
      return source
    }
  }

  /// Where one result's colors come from, as token identities in its mode: a token's name is
  /// unique in its mode's set, so the identities tell what the names would, without hashing them.
  struct ResultSources {
    /// The mode's position.
    let mode: Int
    let foreground: ObjectIdentifier
    /// The token holding the foreground's literal: the foreground itself or the end of its chain.
    let foregroundSource: ObjectIdentifier
    /// The same for a token background; `nil` for a literal one.
    let backgroundSource: ObjectIdentifier?
  }

  /// Fills in what each fix would also move: the other pairs, in the same mode, whose foreground or
  /// background takes its color from the token the fix changes. `sources` has each result's
  /// ``ResultSources``, in the same order. With `only`, the fixes of the results at those
  /// positions alone, the others' notes being known.
  static func noteWhatFixesMove(_ results: inout [PairResult], sources: [ResultSources], only: [Int]? = nil) {
    struct Source: Hashable, Comparable {
      let token: ObjectIdentifier
      let mode: Int

      static func < (left: Source, right: Source) -> Bool {
        (left.token, left.mode) < (right.token, right.mode)
      }
    }
    // Only a fix that changes another token than its foreground (an alias's base) moves others:
    // the pairs under those tokens are collected, in one pass, not one per fix.
    let noted = only ?? Array(results.indices)
    var changed: Set<Source> = []
    for index in noted where results[index].hasFix {
      let source = sources[index]
      if source.foregroundSource != source.foreground {
        changed.insert(Source(token: source.foregroundSource, mode: source.mode))
      }
    }
    guard !changed.isEmpty else { return }
    // Every pair's sources are looked up among the changed tokens, sorted, by halving: a comparison
    // or two a pair for the few fixes a change measures again, where hashing each pair's sources
    // took 7 ms of a one-token change at 100,000 tokens, before its JSON report could start.
    let changedTokens = changed.sorted()
    func position(of source: Source) -> Int? {
      var (low, high) = (0, changedTokens.count)
      while low < high {
        let middle = (low + high) / 2
        if changedTokens[middle] < source { low = middle + 1 } else { high = middle }
      }
      return low < changedTokens.count && changedTokens[low] == source ? low : nil
    }
    var pairsBySource = [[Int]](repeating: [], count: changedTokens.count)
    for (index, source) in sources.enumerated() {
      if let found = position(of: Source(token: source.foregroundSource, mode: source.mode)) {
        pairsBySource[found].append(index)
      }
      if let background = source.backgroundSource, background != source.foregroundSource,
        let found = position(of: Source(token: background, mode: source.mode))
      {
        pairsBySource[found].append(index)
      }
    }
    // Each pair's label is made once and shared by every list it is in: the fixes of the pairs
    // under one base token each list all the others (at 100,000 tokens, 6 MB of labels made per list).
    var labels: [Int: String] = [:]
    func label(_ pair: Int) -> String {
      if let made = labels[pair] { return made }
      let made = "\(results[pair].foreground) on \(results[pair].background)"
      labels[pair] = made
      return made
    }
    for index in noted where results[index].hasFix {
      let source = sources[index]
      guard source.foregroundSource != source.foreground,
        let found = position(of: Source(token: source.foregroundSource, mode: source.mode))
      else { continue }
      let moved = pairsBySource[found].filter { $0 != index }.map(label)
      // A kept result keeps its fields, and so its identity, when what it moves is the same.
      results[index].setWhatTheFixAlsoMoves(moved)
    }
  }

  /// The color of a pair's background in one mode's tokens; `nil` when it has none there.
  private static func backgroundColor(_ background: Pair.Background, in set: TokenSet, mode: String?)
    -> Color?
  {
    switch background {
    case .token(let index): return set.tokens[index].value.colorValue
    case .literal(let color, _): return color
    case .perMode(let colors): return mode.flatMap { colors[$0]?.color }
    }
  }

  /// A pair's background as the report names it, and where it is defined: a token's name and
  /// location, or a literal color as the rule wrote it (for `mode`, when given per mode), which has
  /// no location.
  private static func backgroundLabel(_ background: Pair.Background, in set: TokenSet, mode: String?)
    -> (name: String, location: SourceLocation?)
  {
    switch background {
    case .token(let index): return (set.tokens[index].name, set.tokens[index].location)
    case .literal(_, let text): return (text, nil)
    case .perMode(let colors): return (mode.flatMap { colors[$0]?.text } ?? "", nil)
    }
  }
}

/// One audited pair.
///
/// Its fields are held by one immutable object that copies of the result share: an audit of a
/// large design system holds tens of thousands of results, which a session keeps, copies into
/// the next audit's results and compares with the next report's; a copy is one reference, and
/// two copies of one result are equal without comparing their fields.
public struct PairResult: Sendable, Equatable {
  private var fields: Fields

  /// The foreground token's name.
  public var foreground: String { fields.foreground }
  /// The background token's name, or the literal color as the rule wrote it.
  public var background: String { fields.background }
  public var backgroundIsLiteral: Bool { fields.backgroundIsLiteral }
  public var role: Configuration.Audit.Role { fields.role }
  /// The resolved values, possibly translucent.
  public var foregroundColor: Color { fields.foregroundColor }
  public var backgroundColor: Color { fields.backgroundColor }
  public var measurement: ContrastAudit.Measurement {
    ContrastAudit.Measurement(backdrop: backdrop, composited: composited, ratio: ratio, apcaLc: apcaLc)
  }
  /// The minimum in the method's unit (ratio or |Lc|); `nil` for decorative pairs.
  public var required: Double? { fields.required }
  public var passes: Bool { fields.passes }
  /// Where the foreground token is defined: reports and SARIF point there.
  public var foregroundLocation: SourceLocation { fields.foregroundLocation }
  public var backgroundLocation: SourceLocation? { fields.backgroundLocation }
  public var ruleLocation: SourceLocation? { fields.ruleLocation }
  /// The mode the pair was measured in; `nil` in a project without modes.
  public var mode: String? { fields.mode }
  /// Under APCA, for a rule that names a typography: the size and weight the minimum was looked up
  /// for in APCA's font table (``APCAFontTable``); `nil` otherwise.
  public var font: APCAFont? { fields.font }
  /// For a failing pair that is judged: what would make it pass; `nil` otherwise, or when no
  /// lightness of the foreground passes on this background.
  public var fix: ContrastFix? {
    get { fields.fix?.fix }
    set {
      guard newValue != fields.fix?.fix else { return }
      setFix(newValue.map(FixBox.init))
    }
  }

  /// Whether the result has a fix, read without copying it out of its box.
  public var hasFix: Bool { fields.fix != nil }

  /// Gives the result `box` as its fix: a fix the audit's search made boxed, which the results
  /// of every pair asking the same search for the same token share.
  mutating func setFix(_ box: FixBox?) {
    // The fields are shared by every copy: a result with another fix gets fields of its own.
    if isKnownUniquelyReferenced(&fields) {
      fields.fix = box
    } else {
      fields = fields.with(fix: box)
    }
  }

  init(
    foreground: String, background: String, backgroundIsLiteral: Bool, role: Configuration.Audit.Role,
    foregroundColor: Color, backgroundColor: Color, measurement: ContrastAudit.Measurement, required: Double?,
    passes: Bool, foregroundLocation: SourceLocation, backgroundLocation: SourceLocation?,
    ruleLocation: SourceLocation?, mode: String?, font: APCAFont?
  ) {
    // `measurement` is of `foregroundColor`: its composited color is that color on its backdrop.
    fields = Fields(
      foreground: foreground, background: background, backgroundIsLiteral: backgroundIsLiteral, role: role,
      foregroundColor: foregroundColor, backgroundColor: backgroundColor, backdrop: measurement.backdrop,
      ratio: measurement.ratio, apcaLc: measurement.apcaLc, required: required, passes: passes,
      foregroundLocation: foregroundLocation,
      backgroundLocation: backgroundLocation, ruleLocation: ruleLocation, mode: mode, font: font, fix: nil)
  }

  /// Sets the fix's ``ContrastFix/alsoMoves``, in place when this result alone holds its fields
  /// and they alone hold the fix (a full audit notes what each of thousands of fixes moves, which
  /// would otherwise copy each into a new box).
  mutating func setWhatTheFixAlsoMoves(_ moved: [String]) {
    guard var fix = fields.fix?.fix, fix.alsoMoves != moved else { return }
    if isKnownUniquelyReferenced(&fields), isKnownUniquelyReferenced(&fields.fix) {
      fields.fix?.fix.alsoMoves = moved
    } else {
      fix.alsoMoves = moved
      setFix(FixBox(fix))
    }
  }

  /// A fix, boxed: most pairs have none, and a fix is more than half the size of the other fields
  /// (an audit of a large design system holds tens of thousands of results). Changed only while
  /// one result's fields alone hold it (``setWhatTheFixAlsoMoves(_:)``).
  final class FixBox: @unchecked Sendable {
    fileprivate(set) var fix: ContrastFix

    init(_ fix: ContrastFix) {
      self.fix = fix
    }
  }

  public static func == (left: PairResult, right: PairResult) -> Bool {
    left.fields === right.fields || left.fields.hasSameValues(as: right.fields)
  }

  /// A result's fields. Only ``fix`` changes, and only while one result holds the object.
  private final class Fields: @unchecked Sendable {
    let foreground: String
    let background: String
    let backgroundIsLiteral: Bool
    let role: Configuration.Audit.Role
    let foregroundColor: Color
    let backgroundColor: Color
    /// The measurement, but for the foreground composited on the backdrop, which the
    /// foreground's color and the backdrop give: a color less for each of tens of thousands of
    /// results.
    let backdrop: Color
    let ratio: Double
    let apcaLc: Double
    let required: Double?
    let passes: Bool
    let foregroundLocation: SourceLocation
    let backgroundLocation: SourceLocation?
    let ruleLocation: SourceLocation?
    let mode: String?
    let font: APCAFont?
    var fix: FixBox?

    init(
      foreground: String, background: String, backgroundIsLiteral: Bool, role: Configuration.Audit.Role,
      foregroundColor: Color, backgroundColor: Color, backdrop: Color, ratio: Double, apcaLc: Double,
      required: Double?, passes: Bool, foregroundLocation: SourceLocation,
      backgroundLocation: SourceLocation?,
      ruleLocation: SourceLocation?, mode: String?, font: APCAFont?, fix: FixBox?
    ) {
      self.foreground = foreground
      self.background = background
      self.backgroundIsLiteral = backgroundIsLiteral
      self.role = role
      self.foregroundColor = foregroundColor
      self.backgroundColor = backgroundColor
      self.backdrop = backdrop
      self.ratio = ratio
      self.apcaLc = apcaLc
      self.required = required
      self.passes = passes
      self.foregroundLocation = foregroundLocation
      self.backgroundLocation = backgroundLocation
      self.ruleLocation = ruleLocation
      self.mode = mode
      self.font = font
      self.fix = fix
    }

    func with(fix: FixBox?) -> Fields {
      Fields(
        foreground: foreground, background: background, backgroundIsLiteral: backgroundIsLiteral, role: role,
        foregroundColor: foregroundColor, backgroundColor: backgroundColor, backdrop: backdrop, ratio: ratio,
        apcaLc: apcaLc, required: required, passes: passes, foregroundLocation: foregroundLocation,
        backgroundLocation: backgroundLocation, ruleLocation: ruleLocation, mode: mode, font: font, fix: fix)
    }

    func hasSameValues(as other: Fields) -> Bool {
      foreground == other.foreground && background == other.background
        && backgroundIsLiteral == other.backgroundIsLiteral && role == other.role
        && foregroundColor == other.foregroundColor && backgroundColor == other.backgroundColor
        && backdrop == other.backdrop && ratio == other.ratio && apcaLc == other.apcaLc
        && required == other.required && passes == other.passes
        && foregroundLocation == other.foregroundLocation && backgroundLocation == other.backgroundLocation
        && ruleLocation == other.ruleLocation && mode == other.mode && font == other.font
        && fix?.fix == other.fix?.fix
    }
  }

  /// Whether either color was written outside sRGB: the pair is judged on its sRGB gamut mapping,
  /// what an sRGB display shows (a wide-gamut display shows the color as written).
  public var involvesGamutMappedColor: Bool {
    foregroundColor.wideGamut != nil || backgroundColor.wideGamut != nil
  }

  // Read from the fields: only the composited color is made again (a report reads these of every
  // result, and would otherwise composite it again for each).
  public var ratio: Double { fields.ratio }
  public var apcaLc: Double { fields.apcaLc }
  /// The foreground as seen, made again from its color and the backdrop, as it was measured.
  public var composited: Color { Compositing.flattened(fields.foregroundColor, over: fields.backdrop) }
  public var backdrop: Color { fields.backdrop }
}

/// Everything one audit found.
public struct AuditResult: Sendable {
  public let level: Configuration.Audit.Level
  public let method: Configuration.Audit.Method
  /// The canvas; with modes, the first mode's (``modes`` has each mode's).
  public let canvas: Color
  /// Every pair, sorted by foreground, background, role, then mode.
  public let results: [PairResult]
  /// Each mode with its canvas, in the config's order; empty in a project without modes.
  public let modes: [Mode]

  public struct Mode: Sendable, Equatable {
    public let name: String
    public let canvas: Color

    public init(name: String, canvas: Color) {
      self.name = name
      self.canvas = canvas
    }
  }

  public init(
    level: Configuration.Audit.Level, method: Configuration.Audit.Method, canvas: Color,
    results: [PairResult],
    modes: [Mode] = []
  ) {
    self.level = level
    self.method = method
    self.canvas = canvas
    self.results = results
    self.modes = modes
  }

  public var failedCount: Int { results.count { !$0.passes } }
  public var passedCount: Int { results.count - failedCount }
  public var allPass: Bool { failedCount == 0 }

  /// `ebtokens audit`'s exit code: 0 when every pair passes, 1 when any fails. (2, invalid input,
  /// is a thrown ``/EBTokensSupport/DiagnosticsError`` instead of a result.)
  public var exitCode: Int32 { allPass ? 0 : 1 }

  /// Failures first, each group in ``results`` order: the order of the text, Markdown and HTML
  /// reports.
  public var failuresFirst: [PairResult] {
    results.filter { !$0.passes } + results.filter(\.passes)
  }

  /// The first `count` pairs of ``failuresFirst``, without copying the others.
  func failuresFirst(prefix count: Int) -> [PairResult] {
    var pairs = Array(results.lazy.filter { !$0.passes }.prefix(count))
    pairs += results.lazy.filter(\.passes).prefix(count - pairs.count)
    return pairs
  }

  /// The standard judged against: `WCAG 2 AA`, `WCAG 2 AAA` or `APCA`.
  public var standard: String {
    switch method {
    case .wcag2: return "WCAG 2 \(level.rawValue)"
    case .apca: return "APCA"
    }
  }

  /// `3 of 37 pairs fail WCAG 2 AA` or `All 37 pairs pass WCAG 2 AA`; with modes, each mode's
  /// share follows: `5 of 54 pairs fail WCAG 2 AA: 4 of 27 in light, 1 of 27 in dark`.
  public var summary: String {
    let pairs = results.count == 1 ? "pair" : "pairs"
    let total: String
    if allPass {
      total =
        results.count == 1
        ? "The 1 pair passes \(standard)" : "All \(results.count) \(pairs) pass \(standard)"
    } else {
      total = "\(failedCount) of \(results.count) \(pairs) \(failedCount == 1 ? "fails" : "fail") \(standard)"
    }
    guard !modes.isEmpty else { return total }
    let shares = modes.map { mode in
      var pairs = 0
      var failed = 0
      for pair in results where pair.mode == mode.name {
        pairs += 1
        if !pair.passes { failed += 1 }
      }
      let count = allPass ? "\(pairs)" : "\(failed) of \(pairs)"
      return "\(count) in \(mode.name)"
    }
    return total + ": " + shares.joined(separator: ", ")
  }
}

extension TokenValue {
  /// The color of a color token; `nil` for any other type.
  var colorValue: Color? {
    if case .color(let color) = self { return color }
    return nil
  }
}
