import EBTokensSupport

/// Which tokens one output gets (`include`, `exclude`, `types` and `deprecated` in an output of
/// `ebtokens.yml`); the default keeps every token.
///
/// A token is kept when it is held by one of the `include` patterns (or there are none), by none
/// of the `exclude` patterns, its type is one of `types` (or there are none), and it is not
/// deprecated unless `keepsDeprecated`. A pattern holds the token it names and every token of a
/// group it names (``TokenPattern/holds(_:)``).
///
/// A kept token that is an alias of a token left out becomes a literal in that output: an output
/// never refers to something it does not define (a CSS `var()` to a property that is not there is
/// empty), as Style Dictionary's `outputReferencesFilter` does.
public struct TokenFilter: Sendable {
  /// A pattern as the config writes it, and where.
  public struct Pattern: Sendable {
    public var pattern: TokenPattern
    public var location: SourceLocation?

    public init(_ pattern: TokenPattern, location: SourceLocation? = nil) {
      self.pattern = pattern
      self.location = location
    }
  }

  /// Empty: every token is included.
  public var include: [Pattern] = []
  public var exclude: [Pattern] = []
  /// Empty: every type.
  public var types: Set<TokenType> = []
  public var keepsDeprecated = true

  public init(
    include: [Pattern] = [], exclude: [Pattern] = [], types: Set<TokenType> = [], keepsDeprecated: Bool = true
  ) {
    self.include = include
    self.exclude = exclude
    self.types = types
    self.keepsDeprecated = keepsDeprecated
  }

  /// Whether the filter keeps every token.
  public var keepsEverything: Bool {
    include.isEmpty && exclude.isEmpty && types.isEmpty && keepsDeprecated
  }

  /// Whether `token` passes the filter. Type and deprecation are the same in every mode, so a
  /// token's first mode decides for all.
  public func keeps(_ token: Token) -> Bool {
    if !types.isEmpty && !types.contains(token.type) { return false }
    if !keepsDeprecated && token.deprecation != nil { return false }
    if !include.isEmpty && !include.contains(where: { $0.pattern.holds(token.path) }) { return false }
    return !exclude.contains { $0.pattern.holds(token.path) }
  }

  /// The tokens the filter keeps, in every mode; each alias of a token left out keeps its
  /// resolved value but no longer names the token (nor does a composite's part).
  public func apply(to tokens: ModalTokenSet) -> ModalTokenSet {
    guard !keepsEverything else { return tokens }
    let kept = tokens.tokens.indices.filter { keeps(tokens.tokens[$0].first) }
    let keptNames = Set(kept.lazy.map { tokens.tokens[$0].name })
    let sets = tokens.sets.map { set in
      TokenSet(
        sorted: kept.map { Self.withoutDanglingReferences(set.tokens[$0], keptNames: keptNames) },
        groups: set.groups)
    }
    return tokens.hasModes ? ModalTokenSet(modes: tokens.modes, sets: sets) : ModalTokenSet(single: sets[0])
  }

  /// The `include` and `exclude` patterns that hold no token of `tokens`: each is likely a typo.
  public func patternsHoldingNothing(in tokens: ModalTokenSet) -> [Pattern] {
    (include + exclude).filter { pattern in !tokens.tokens.contains { pattern.pattern.holds($0.path) } }
  }

  /// `token`, or a copy without the references to tokens not in `keptNames`.
  private static func withoutDanglingReferences(_ token: Token, keptNames: Set<String>) -> Token {
    let reference = token.reference.flatMap { keptNames.contains($0.target.name) ? $0 : nil }
    let components = token.componentReferences.filter { keptNames.contains($0.reference.target.name) }
    guard reference != token.reference || components.count != token.componentReferences.count else {
      return token
    }
    return Token(
      path: token.path, type: token.type, value: token.value, description: token.description,
      deprecation: token.deprecation, extensions: token.extensions, location: token.location,
      valueLocation: token.valueLocation, reference: reference, componentReferences: components)
  }
}
