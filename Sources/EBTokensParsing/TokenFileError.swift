import EBTokensModel
import EBTokensSupport

/// What has a `$type`: a token, a group (by name) or a file's root.
public enum TypeOwner: Equatable, Sendable {
  case token(String)
  case group(String)
  case root
}

/// Errors in what a token file says: its structure, names, types and values; and the warnings,
/// where a file is dubious but buildable (see ``TokenFileError/diagnostic``'s severity).
public enum TokenFileError: DiagnosticConvertible, Equatable {
  case noTokenFiles(directory: String)
  case emptyFile(path: String)
  case rootNotMapping(found: String, at: SourceLocation)
  case reservedKeyAtRoot(String, allowed: [String], at: SourceLocation)
  case unknownReservedKey(String, suggestion: String?, allowed: [String], at: SourceLocation)
  case invalidName(String, problem: String, at: SourceLocation)
  case tokenHasChildren(token: String, child: String, at: SourceLocation)
  case expectedString(key: String, found: String, at: SourceLocation)
  /// A `$type` one edit or so from a DTCG type's name (`colour`): a typo, so an error.
  case unknownType(String, suggestion: String, at: SourceLocation)
  /// A warning: a type that is not DTCG's (`string` and `boolean`, which Figma and Tokens Studio
  /// write, or any other name not close to a DTCG type's); the token, or the group's or file's
  /// tokens that take the type, are left out of every output.
  case unsupportedType(String, owner: TypeOwner, at: SourceLocation)
  case invalidDeprecated(found: String, at: SourceLocation)
  case invalidExtensions(found: String, at: SourceLocation)
  case duplicateToken(String, first: SourceLocation, at: SourceLocation)
  case tokenGroupConflict(String, token: SourceLocation, group: SourceLocation, at: SourceLocation)
  case conflictingGroupType(
    group: String, first: TokenType, firstAt: SourceLocation, second: TokenType, at: SourceLocation)
  case malformedReference(String, problem: String, at: SourceLocation)
  case malformedAlpha(String, problem: String, at: SourceLocation)
  case missingType(token: String, at: SourceLocation)
  case invalidValue(token: String, type: TokenType, problem: String, at: SourceLocation)
  /// A warning: a value that is dubious but readable (an 8-digit `hex` fallback, a font stack in
  /// one string, a composite member DTCG does not define).
  case dubiousValue(token: String, type: TokenType, problem: String, at: SourceLocation)
  case tooManyTokens(limit: Int, at: SourceLocation)

  public var diagnostic: Diagnostic {
    switch self {
    case .noTokenFiles(let directory):
      return Diagnostic(
        "no token files (*.yaml, *.yml, *.tokens.json, *.tokens) found in '\(directory)'", at: nil)
    case .emptyFile(let path):
      return Diagnostic(
        "file is empty; a token file is a mapping of groups and tokens",
        at: SourceLocation(file: path, line: 1, column: 1))
    case .rootNotMapping(let found, let location):
      return Diagnostic(
        "a token file must be a mapping of groups and tokens, but this file is \(found)", at: location)
    case .reservedKeyAtRoot(let key, let allowed, let location):
      return Diagnostic(
        "'\(key)' cannot stand at the top of a file (allowed there: \(allowed.joined(separator: ", ")))",
        at: location)
    case .unknownReservedKey(let key, let suggestion, let allowed, let location):
      let hint =
        suggestion.map { "; did you mean '\($0)'?" } ?? " (allowed here: \(allowed.joined(separator: ", ")))"
      return Diagnostic("unknown key '\(key)'; keys starting with '$' are reserved\(hint)", at: location)
    case .invalidName(let name, let problem, let location):
      return Diagnostic("invalid name '\(name)': \(problem)", at: location)
    case .tokenHasChildren(let token, let child, let location):
      return Diagnostic(
        "token '\(token)' has a $value, so it cannot also contain '\(child)'; move '\(child)' into a group",
        at: location)
    case .expectedString(let key, let found, let location):
      return Diagnostic("'\(key)' must be a string, found \(found)", at: location)
    case .unknownType(let type, let suggestion, let location):
      return Diagnostic("unknown $type '\(type)'; did you mean '\(suggestion)'?", at: location)
    case .unsupportedType(let type, let owner, let location):
      let writers =
        TokenType.nonStandard.contains(type)
        ? "Figma and Tokens Studio write it"
        : "DTCG's are \(TokenType.allCases.map(\.rawValue).joined(separator: ", "))"
      let what = "$type '\(type)' is not a DTCG type (\(writers))"
      let omitted: String
      switch owner {
      case .token(let name): omitted = "token '\(name)' is left out of every output"
      case .group(let name):
        omitted = "the tokens of group '\(name)' that take this type are left out of every output"
      case .root: omitted = "the tokens of this file that take this type are left out of every output"
      }
      return Diagnostic("\(what); \(omitted)", at: location, severity: .warning)
    case .invalidDeprecated(let found, let location):
      return Diagnostic("'$deprecated' must be true, false or a message string, found \(found)", at: location)
    case .invalidExtensions(let found, let location):
      return Diagnostic("'$extensions' must be a mapping, found \(found)", at: location)
    case .duplicateToken(let name, let first, let location):
      return Diagnostic(
        "token '\(name)' is defined twice; first definition at \(first)", at: location,
        notes: [.init("first definition of '\(name)' is here", at: first)])
    case .tokenGroupConflict(let name, let token, let group, let location):
      return Diagnostic(
        "'\(name)' is both a token (\(token)) and a group (\(group))", at: location,
        notes: [.init("token '\(name)' is here", at: token), .init("group '\(name)' is here", at: group)])
    case .conflictingGroupType(let group, let first, let firstAt, let second, let location):
      return Diagnostic(
        "group '\(group)' is given $type '\(second)' here but '\(first)' at \(firstAt)", at: location,
        notes: [.init("$type '\(first)' is set here", at: firstAt)])
    case .malformedReference(let text, let problem, let location):
      return Diagnostic("malformed reference '\(text)': \(problem)", at: location)
    case .malformedAlpha(let text, let problem, let location):
      return Diagnostic("malformed alpha modifier in '\(text)': \(problem)", at: location)
    case .missingType(let token, let location):
      return Diagnostic(
        "token '\(token)' has no type; set $type on it or on a group above it (DTCG never guesses a type from the value)",
        at: location)
    case .invalidValue(let token, let type, let problem, let location):
      return Diagnostic("invalid \(type.rawValue) for '\(token)': \(problem)", at: location)
    case .dubiousValue(let token, let type, let problem, let location):
      return Diagnostic("in \(type.rawValue) '\(token)': \(problem)", at: location, severity: .warning)
    case .tooManyTokens(let limit, let location):
      return Diagnostic("more than \(limit) tokens; this is over the limit", at: location)
    }
  }
}
