import EBTokensModel
import EBTokensSupport

/// Audit rules that cannot be checked as written, each at the rule's pattern in `ebtokens.yml`.
///
/// These are errors, not warnings: a rule that quietly matches nothing would let a misspelled
/// pattern make the audit pass.
public enum AuditError: DiagnosticConvertible, Equatable {
  public enum Side: String, Sendable {
    case foreground
    case background
  }

  /// The config has no rules: an audit of nothing would always pass.
  case noRules(at: SourceLocation?)
  /// The pattern matches no token at all.
  case noMatch(Side, pattern: String, suggestion: String?, at: SourceLocation?)
  /// The foreground matched tokens, and the background too, but no two agree on their captures.
  case noPair(foreground: String, background: String, foregroundMatches: Int, at: SourceLocation?)
  /// One foreground token found no background while others did (a missing `bg` token, say).
  case unpaired(
    token: String, foreground: String, background: String, tokenLocation: SourceLocation, at: SourceLocation?)
  /// The rules name more pairs than one audit measures.
  case tooManyPairs(limit: Int, at: SourceLocation?)
  /// A matched token is not a color, so it has no contrast.
  case notAColor(
    token: String, type: TokenType, side: Side, pattern: String, tokenLocation: SourceLocation,
    at: SourceLocation?)

  public var diagnostic: Diagnostic {
    switch self {
    case .noRules(let location):
      return Diagnostic(
        "no contrast rules to check; add foreground/background pairs under 'audit:' → 'rules:' in the "
          + "config",
        at: location)
    case .noMatch(let side, let pattern, let suggestion, let location):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return Diagnostic("\(side.rawValue) pattern '\(pattern)' matches no token\(hint)", at: location)
    case .noPair(let foreground, let background, let count, let location):
      let tokens = count == 1 ? "1 token" : "\(count) tokens"
      return Diagnostic(
        "foreground '\(foreground)' matches \(tokens) but none pairs with a token of '\(background)'; "
          + "the n-th '*' of both patterns must name the same segment",
        at: location)
    case .unpaired(let token, let foreground, let background, let tokenLocation, let location):
      return Diagnostic(
        "'\(token)' (matched by foreground '\(foreground)') pairs with no background of '\(background)'",
        at: location, notes: [.init("'\(token)' is defined here", at: tokenLocation)])
    case .tooManyPairs(let limit, let location):
      return Diagnostic(
        "the rules name more than \(limit) foreground/background pairs, the limit; this rule and any "
          + "after it were not checked", at: location)
    case .notAColor(let token, let type, let side, let pattern, let tokenLocation, let location):
      return Diagnostic(
        "\(side.rawValue) pattern '\(pattern)' matches '\(token)', a \(type.rawValue) token; "
          + "only colors have contrast",
        at: location, notes: [.init("'\(token)' is defined here", at: tokenLocation)])
    }
  }
}
