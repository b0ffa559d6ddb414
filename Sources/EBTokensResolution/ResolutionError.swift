import EBTokensModel
import EBTokensSupport

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
  /// A warning: the token references one that is left out (its type is not supported), so it is
  /// left out too.
  case referencesOmittedToken(token: String, target: String, at: SourceLocation)

  public var diagnostic: Diagnostic {
    switch self {
    case .unknownReference(let token, let target, let suggestion, let location):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return Diagnostic("'\(token)' references '{\(target)}', which does not exist\(hint)", at: location)
    case .referencesOmittedToken(let token, let target, let location):
      return Diagnostic(
        "'\(token)' references '{\(target)}', which is left out because ebtokens does not support its type; "
          + "'\(token)' is left out of every output too", at: location, severity: .warning)
    case .referenceToGroup(let token, let target, let location):
      return Diagnostic(
        "'\(token)' references '{\(target)}', which is a group, not a token; reference one of its tokens",
        at: location)
    case .cycle(let steps):
      guard let first = steps.first else { return Diagnostic("empty reference cycle", at: nil) }
      if steps.count == 1 {
        return Diagnostic("'\(first.token)' references itself", at: first.location)
      }
      // A cycle through thousands of tokens would print thousands of notes: past
      // `maxShownSteps`, the middle is summarized.
      let maxShownSteps = 12
      let shown =
        steps.count <= maxShownSteps
        ? Array(steps.indices) : Array(0..<(maxShownSteps - 1)) + [steps.count - 1]
      var names = shown.map { steps[$0].token }
      if steps.count > maxShownSteps {
        names.insert("… (\(steps.count - maxShownSteps) more)", at: names.count - 1)
      }
      let chain = (names + [first.token]).joined(separator: " -> ")
      var notes = shown.map { index in
        Diagnostic.Note(
          "'\(steps[index].token)' references '\(steps[(index + 1) % steps.count].token)'",
          at: steps[index].location)
      }
      if steps.count > maxShownSteps {
        notes.insert(
          .init("… and \(steps.count - maxShownSteps) more references in the cycle", at: nil),
          at: notes.count - 1)
      }
      let size = steps.count > maxShownSteps ? " of \(steps.count) tokens" : ""
      return Diagnostic("reference cycle\(size): \(chain)", at: first.location, notes: notes)
    case .typeMismatch(let token, let expected, let target, let found, let location):
      return Diagnostic(
        "'\(token)' is a \(expected.rawValue), but it references '{\(target)}', which is a \(found.rawValue)",
        at: location)
    case .alphaOnNonColor(let token, let type, let location):
      return Diagnostic(
        "'\(token)' is a \(type.rawValue); an alpha modifier ('@ NN%') applies only to colors", at: location)
    case .chainTooLong(let token, let limit, let location):
      return Diagnostic(
        "'\(token)' is at the end of a chain of more than \(limit) references, the limit; "
          + "reference the token with the value directly", at: location)
    }
  }
}
