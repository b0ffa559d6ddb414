/// Errors found while following references: each carries the token and the
/// location of the value that holds the reference.
public enum ResolutionError: DiagnosticConvertible, Equatable {
  public struct CycleStep: Equatable, Sendable {
    public let token: String
    public let location: SourceLocation
  }

  case unknownReference(token: String, target: String, suggestion: String?, at: SourceLocation)
  case referenceToGroup(token: String, target: String, at: SourceLocation)
  /// The steps in reference order; the last one references the first.
  case cycle([CycleStep])
  case typeMismatch(token: String, expected: TokenType, target: String, found: TokenType, at: SourceLocation)
  case alphaOnNonColor(token: String, type: TokenType, at: SourceLocation)
  case chainTooLong(token: String, limit: Int, at: SourceLocation)

  public var diagnostic: Diagnostic {
    switch self {
    case .unknownReference(let token, let target, let suggestion, let location):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return Diagnostic("'\(token)' references '{\(target)}', which does not exist\(hint)", at: location)
    case .referenceToGroup(let token, let target, let location):
      return Diagnostic(
        "'\(token)' references '{\(target)}', which is a group, not a token; reference one of its tokens",
        at: location)
    case .cycle(let steps):
      guard let first = steps.first else { return Diagnostic("empty reference cycle", at: nil) }
      if steps.count == 1 {
        return Diagnostic("'\(first.token)' references itself", at: first.location)
      }
      let chain = (steps.map(\.token) + [first.token]).joined(separator: " -> ")
      let notes = steps.enumerated().map { index, step in
        Diagnostic.Note(
          "'\(step.token)' references '\(steps[(index + 1) % steps.count].token)'", at: step.location)
      }
      return Diagnostic("reference cycle: \(chain)", at: first.location, notes: notes)
    case .typeMismatch(let token, let expected, let target, let found, let location):
      return Diagnostic(
        "'\(token)' is a \(expected.rawValue), but it references '{\(target)}', which is a \(found.rawValue)",
        at: location)
    case .alphaOnNonColor(let token, let type, let location):
      return Diagnostic(
        "'\(token)' is a \(type.rawValue); an alpha modifier ('@ NN%') applies only to colors", at: location)
    case .chainTooLong(let token, let limit, let location):
      return Diagnostic(
        "the chain of references from '\(token)' is longer than the limit of \(limit)", at: location)
    }
  }
}
