/// Errors in `ebtokens.yml`, each at the line and column of the offending key or value.
public enum ConfigurationError: DiagnosticConvertible, Equatable {
  case notFound(path: String)
  case emptyFile(path: String)
  case unknownKey(String, section: String, suggestion: String?, allowed: [String], at: SourceLocation)
  case missingKey(String, section: String, at: SourceLocation)
  case missingEitherKey(String, or: String, section: String, at: SourceLocation)
  case conflictingKeys(String, String, section: String, at: SourceLocation)
  case wrongType(key: String, expected: String, found: String, at: SourceLocation)
  case invalidValue(key: String, value: String, allowed: [String], at: SourceLocation)
  case invalidColor(key: String, problem: String, at: SourceLocation)
  case invalidPattern(String, problem: String, at: SourceLocation)
  case invalidIdentifier(key: String, value: String, problem: String, at: SourceLocation)
  case pathEscapesProject(key: String, path: String, at: SourceLocation)
  case duplicateDestination(String, first: SourceLocation?, at: SourceLocation)

  public var diagnostic: Diagnostic {
    switch self {
    case .notFound(let path):
      return Diagnostic("config file '\(path)' does not exist", at: nil)
    case .emptyFile(let path):
      return Diagnostic("config file is empty", at: SourceLocation(file: path, line: 1, column: 1))
    case .unknownKey(let key, let section, let suggestion, let allowed, let location):
      let hint =
        suggestion.map { "; did you mean '\($0)'?" } ?? " (allowed: \(allowed.joined(separator: ", ")))"
      return Diagnostic("unknown key '\(key)' in \(section)\(hint)", at: location)
    case .missingKey(let key, let section, let location):
      return Diagnostic("\(section) needs '\(key)'", at: location)
    case .missingEitherKey(let key, let other, let section, let location):
      return Diagnostic("\(section) needs '\(key)' or '\(other)'", at: location)
    case .conflictingKeys(let key, let other, let section, let location):
      return Diagnostic("\(section) gives '\(key)' or '\(other)', not both", at: location)
    case .wrongType(let key, let expected, let found, let location):
      return Diagnostic("'\(key)' must be \(expected), found \(found)", at: location)
    case .invalidValue(let key, let value, let allowed, let location):
      return Diagnostic(
        "'\(value)' is not a valid \(key); use one of: \(allowed.joined(separator: ", "))", at: location)
    case .invalidColor(let key, let problem, let location):
      return Diagnostic("invalid color for '\(key)': \(problem)", at: location)
    case .invalidPattern(let pattern, let problem, let location):
      return Diagnostic("invalid token pattern '\(pattern)': \(problem)", at: location)
    case .invalidIdentifier(let key, let value, let problem, let location):
      return Diagnostic("'\(value)' is not a valid \(key): \(problem)", at: location)
    case .pathEscapesProject(let key, let path, let location):
      return Diagnostic(
        "'\(key)' path '\(path)' is outside the project folder; pass --allow-outside-project to permit it",
        at: location)
    case .duplicateDestination(let path, let first, let location):
      return Diagnostic(
        "two outputs write to '\(path)'", at: location,
        notes: first.map { [.init("the other output is here", at: $0)] } ?? [])
    }
  }
}
