import Foundation

/// `ebtokens audit`: every foreground/background pair the config's rules name, measured the way the
/// eye sees it and judged against the WCAG 2.2 (or APCA) minimum for its role.
///
/// The library does all the work; the command only prints ``AuditReport`` output and exits with
/// ``AuditResult/exitCode``. `ebtokens build` calls `run(tokens:config:)` the same way.
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

  /// Audits `tokens` against the rules of `config`.
  ///
  /// - Throws: ``DiagnosticsError`` with every ``AuditError`` of every rule (patterns matching
  ///   nothing, foregrounds pairing with nothing, non-color tokens), or when there are no rules.
  public static func run(tokens: TokenSet, config: Configuration.Audit) throws -> AuditResult {
    try run(tokens: tokens, config: config, configPath: nil)
  }

  /// Audits with the `audit` section of a whole configuration.
  public static func run(tokens: TokenSet, config: Configuration) throws -> AuditResult {
    try run(tokens: tokens, config: config.audit, configPath: config.path)
  }

  /// Loads the tokens `configuration` names (relative to its folder) and audits them: what
  /// `ebtokens audit` does.
  ///
  /// - Throws: ``DiagnosticsError`` with the token files' errors, or else the audit's.
  public static func run(configuration: Configuration, limits: Limits = .standard) throws -> AuditResult {
    let directory =
      configuration.tokens.hasPrefix("/")
      ? configuration.tokens
      : (configuration.baseDirectory as NSString).appendingPathComponent(configuration.tokens)
    let tokens = try TokenLoader(limits: limits).load(directory: directory)
    return try run(tokens: tokens, config: configuration)
  }

  static func run(tokens: TokenSet, config: Configuration.Audit, configPath: String?) throws -> AuditResult {
    guard !config.rules.isEmpty else {
      throw DiagnosticsError([
        AuditError.noRules(at: configPath.map { SourceLocation(file: $0, line: 1, column: 1) })
      ])
    }
    let index = TokenIndex(tokens)
    var errors: [AuditError] = []
    var results: [(result: PairResult, key: SortKey)] = []
    var seen: Set<PairKey> = []
    var suggestionsLeft = maxSuggestions
    for rule in config.rules {
      let found = pairs(for: rule, in: index, errors: &errors, suggestionsLeft: &suggestionsLeft)
      // Rules multiply: each can pair every token with a background of its own, so a config
      // of many rules could ask for billions of pairs. Far above any real design system's.
      if results.count + found.count > maxPairs {
        errors.append(.tooManyPairs(limit: maxPairs, at: rule.location))
        break
      }
      for pair in found {
        // Two rules naming the same pair with the same role would count it twice.
        let key = PairKey(foreground: pair.foreground.name, background: pair.backgroundName, role: rule.role)
        guard seen.insert(key).inserted else { continue }
        let sortKey = SortKey(
          foreground: pair.foreground.path,
          background: pair.backgroundToken?.path ?? TokenPath([pair.backgroundName]),
          role: Role.allCases.firstIndex(of: rule.role) ?? 0)
        results.append((result(pair, rule: rule, config: config), sortKey))
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    results.sort { $0.key < $1.key }
    return AuditResult(
      level: config.level, method: config.method, canvas: config.canvas, results: results.map(\.result))
  }

  /// Most pairs one audit measures (a large design system has a few thousand).
  static let maxPairs = 100_000
  /// Most did-you-mean suggestions for patterns that match nothing, each a pass over the index.
  static let maxSuggestions = 100

  /// The report order: foreground, then background in path order (a literal background sorts as a
  /// one-segment name), then role. Paths are taken from the tokens, not re-split per comparison.
  private struct SortKey: Comparable {
    let foreground: TokenPath
    let background: TokenPath
    let role: Int

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
      if lhs.foreground != rhs.foreground { return lhs.foreground < rhs.foreground }
      if lhs.background != rhs.background { return lhs.background < rhs.background }
      return lhs.role < rhs.role
    }
  }

  private struct PairKey: Hashable {
    let foreground: String
    let background: String
    let role: Role
  }

  private struct Pair {
    let foreground: Token
    let foregroundColor: Color
    let backgroundName: String
    let backgroundToken: Token?
    let backgroundColor: Color
  }

  /// The pairs one rule names, appending its errors. A rule with any error yields no pairs, so a
  /// broken rule never contributes a partial verdict (the run throws anyway).
  private static func pairs(
    for rule: Configuration.Audit.Rule, in index: TokenIndex, errors: inout [AuditError],
    suggestionsLeft: inout Int
  ) -> [Pair] {
    func suggestion(for pattern: TokenPattern) -> String? {
      guard suggestionsLeft > 0 else { return nil }
      suggestionsLeft -= 1
      return index.suggestion(for: pattern)?.description
    }
    let errorCount = errors.count
    let foregroundPattern = TokenPattern(rule.foreground)
    let foregroundLocation = rule.foregroundLocation ?? rule.location
    let backgroundLocation = rule.backgroundLocation ?? rule.location
    let foregrounds = index.matches(foregroundPattern)
    if foregrounds.isEmpty {
      errors.append(
        .noMatch(
          .foreground, pattern: rule.foreground, suggestion: suggestion(for: foregroundPattern),
          at: foregroundLocation))
    }
    let foregroundColors = colors(
      of: foregrounds, in: index, side: .foreground, pattern: rule.foreground, at: foregroundLocation,
      errors: &errors)

    var pairs: [Pair] = []
    switch rule.background {
    case .color(let color):
      for (match, foregroundColor) in zip(foregrounds, foregroundColors) {
        guard let foregroundColor else { continue }
        pairs.append(
          Pair(
            foreground: index.tokens[match.index], foregroundColor: foregroundColor,
            backgroundName: rule.backgroundText, backgroundToken: nil, backgroundColor: color))
      }
    case .pattern(let text):
      let backgroundPattern = TokenPattern(text)
      let backgrounds = index.matches(backgroundPattern)
      if backgrounds.isEmpty {
        errors.append(
          .noMatch(
            .background, pattern: text, suggestion: suggestion(for: backgroundPattern), at: backgroundLocation
          ))
        break
      }
      let backgroundColors = colors(
        of: backgrounds, in: index, side: .background, pattern: text, at: backgroundLocation, errors: &errors)
      var colorByIndex: [Int: Color] = [:]
      for (match, color) in zip(backgrounds, backgroundColors) { colorByIndex[match.index] = color }
      let partners = PatternPairing.pair(
        foregrounds: foregrounds, foregroundPattern: foregroundPattern, backgrounds: backgrounds,
        backgroundPattern: backgroundPattern)
      guard foregrounds.isEmpty || partners.contains(where: { !$0.isEmpty }) else {
        errors.append(
          .noPair(
            foreground: rule.foreground, background: text, foregroundMatches: foregrounds.count,
            at: rule.location))
        break
      }
      for ((match, foregroundColor), backgroundMatches) in zip(zip(foregrounds, foregroundColors), partners) {
        let token = index.tokens[match.index]
        guard !backgroundMatches.isEmpty else {
          errors.append(
            .unpaired(
              token: token.name, foreground: rule.foreground, background: text, tokenLocation: token.location,
              at: foregroundLocation))
          continue
        }
        guard let foregroundColor else { continue }
        for background in backgroundMatches {
          guard let backgroundColor = colorByIndex[background.index] else { continue }
          let backgroundToken = index.tokens[background.index]
          pairs.append(
            Pair(
              foreground: token, foregroundColor: foregroundColor, backgroundName: backgroundToken.name,
              backgroundToken: backgroundToken, backgroundColor: backgroundColor))
        }
      }
    }
    return errors.count == errorCount ? pairs : []
  }

  /// The color of each match, `nil` (with an error) for a token of another type.
  private static func colors(
    of matches: [TokenIndex.Match], in index: TokenIndex, side: AuditError.Side, pattern: String,
    at location: SourceLocation?, errors: inout [AuditError]
  ) -> [Color?] {
    matches.map { match in
      let token = index.tokens[match.index]
      if case .color(let color) = token.value { return color }
      errors.append(
        .notAColor(
          token: token.name, type: token.type, side: side, pattern: pattern, tokenLocation: token.location,
          at: location))
      return nil
    }
  }

  private static func result(_ pair: Pair, rule: Configuration.Audit.Rule, config: Configuration.Audit)
    -> PairResult
  {
    let measurement = measure(
      foreground: pair.foregroundColor, background: pair.backgroundColor, canvas: config.canvas)
    let minimum = minimum(for: rule.role, level: config.level, method: config.method)
    return PairResult(
      foreground: pair.foreground.name, background: pair.backgroundName,
      backgroundIsLiteral: pair.backgroundToken == nil, role: rule.role,
      foregroundColor: pair.foregroundColor, backgroundColor: pair.backgroundColor, measurement: measurement,
      required: minimum, passes: passes(measurement, minimum: minimum, method: config.method),
      foregroundLocation: pair.foreground.location, backgroundLocation: pair.backgroundToken?.location,
      ruleLocation: rule.location)
  }
}

/// One audited pair.
public struct PairResult: Sendable, Equatable {
  /// The foreground token's name.
  public let foreground: String
  /// The background token's name, or the literal color as the rule wrote it.
  public let background: String
  public let backgroundIsLiteral: Bool
  public let role: Configuration.Audit.Role
  /// The resolved values, possibly translucent.
  public let foregroundColor: Color
  public let backgroundColor: Color
  public let measurement: ContrastAudit.Measurement
  /// The minimum in the method's unit (ratio or |Lc|); `nil` for decorative pairs.
  public let required: Double?
  public let passes: Bool
  /// Where the foreground token is defined: reports and SARIF point there.
  public let foregroundLocation: SourceLocation
  public let backgroundLocation: SourceLocation?
  public let ruleLocation: SourceLocation?

  public var ratio: Double { measurement.ratio }
  public var apcaLc: Double { measurement.apcaLc }
  public var composited: Color { measurement.composited }
  public var backdrop: Color { measurement.backdrop }
}

/// Everything one audit found.
public struct AuditResult: Sendable {
  public let level: Configuration.Audit.Level
  public let method: Configuration.Audit.Method
  public let canvas: Color
  /// Every pair, sorted by foreground then background (``PairResult/order``).
  public let results: [PairResult]

  public init(
    level: Configuration.Audit.Level, method: Configuration.Audit.Method, canvas: Color, results: [PairResult]
  ) {
    self.level = level
    self.method = method
    self.canvas = canvas
    self.results = results
  }

  public var failedCount: Int { results.count { !$0.passes } }
  public var passedCount: Int { results.count - failedCount }
  public var allPass: Bool { failedCount == 0 }

  /// `ebtokens audit`'s exit code: 0 when every pair passes, 1 when any fails. (2, invalid input,
  /// is a thrown ``DiagnosticsError`` instead of a result.)
  public var exitCode: Int32 { allPass ? 0 : 1 }

  /// Failures first, each group in ``results`` order: the order of the text, Markdown and HTML
  /// reports.
  public var failuresFirst: [PairResult] {
    results.filter { !$0.passes } + results.filter(\.passes)
  }

  /// The standard judged against: `WCAG 2 AA`, `WCAG 2 AAA` or `APCA`.
  public var standard: String {
    switch method {
    case .wcag2: return "WCAG 2 \(level.rawValue)"
    case .apca: return "APCA"
    }
  }

  /// `3 of 37 pairs fail WCAG 2 AA` or `All 37 pairs pass WCAG 2 AA`.
  public var summary: String {
    let pairs = results.count == 1 ? "pair" : "pairs"
    if allPass {
      return results.count == 1
        ? "The 1 pair passes \(standard)" : "All \(results.count) \(pairs) pass \(standard)"
    }
    return "\(failedCount) of \(results.count) \(pairs) \(failedCount == 1 ? "fails" : "fail") \(standard)"
  }
}
