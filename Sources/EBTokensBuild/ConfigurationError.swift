import EBTokensSupport
import EBTokensSyntax

/// Errors in `ebtokens.yml`, each at the line and column of the offending key or value.
public enum ConfigurationError: DiagnosticConvertible, Equatable {
  case notFound(path: String)
  case emptyFile(path: String)
  /// An unknown key, a missing one, or a value of the wrong shape.
  case shape(DocumentShapeProblem)
  case missingEitherKey(String, or: String, section: String, at: SourceLocation)
  case conflictingKeys(String, String, section: String, at: SourceLocation)
  case invalidValue(key: String, value: String, allowed: [String], at: SourceLocation)
  case invalidColor(key: String, problem: String, at: SourceLocation)
  case invalidPattern(String, problem: String, at: SourceLocation)
  case invalidIdentifier(key: String, value: String, problem: String, at: SourceLocation)
  case pathEscapesProject(key: String, path: String, at: SourceLocation)
  /// A path that stays inside the project as written, but passes a symbolic link whose target
  /// does not (`link` is the link, as the path writes it).
  case linkLeavesProject(key: String, path: String, link: String, at: SourceLocation?)
  case duplicateDestination(String, first: SourceLocation?, at: SourceLocation)
  case invalidModeName(String, problem: String, at: SourceLocation)
  /// Two mode names that generated code would give the same identifier.
  case modeNameCollision(
    String, first: String, identifier: String, firstAt: SourceLocation, at: SourceLocation)
  case tooFewModes(at: SourceLocation)
  /// A per-mode setting names a mode the config does not declare (`declared` is empty without `modes`).
  case unknownMode(String, declared: [String], at: SourceLocation)
  /// A per-mode setting leaves a mode out.
  case missingMode(String, key: String, at: SourceLocation)
  /// Warning: an output's `include` or `exclude` pattern that names no token and no group of one.
  case filterPatternHoldsNothing(String, at: SourceLocation?)
  /// Warning: an output whose filter keeps no token, so it is generated empty.
  case filterKeepsNothing(kind: String, destination: String, at: SourceLocation?)
  /// `generate-swift` on a config that lists several Swift outputs: which one to write is not said.
  case severalSwiftOutputs(first: SourceLocation?, at: SourceLocation?)

  public var diagnostic: Diagnostic {
    switch self {
    case .notFound(let path):
      return Diagnostic("config file '\(path)' does not exist", at: nil)
    case .emptyFile(let path):
      return Diagnostic("config file is empty", at: SourceLocation(file: path, line: 1, column: 1))
    case .shape(let problem):
      return problem.diagnostic
    case .missingEitherKey(let key, let other, let section, let location):
      return Diagnostic("\(section) needs '\(key)' or '\(other)'", at: location)
    case .conflictingKeys(let key, let other, let section, let location):
      return Diagnostic("\(section) gives '\(key)' or '\(other)', not both", at: location)
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
    case .linkLeavesProject(let key, let path, let link, let location):
      return Diagnostic(
        "'\(key)' path '\(path)' leads outside the project folder through the symbolic link '\(link)'; "
          + "pass --allow-outside-project to permit it",
        at: location)
    case .duplicateDestination(let path, let first, let location):
      return Diagnostic(
        "two outputs write to '\(path)'", at: location,
        notes: first.map { [.init("the other output is here", at: $0)] } ?? [])
    case .invalidModeName(let name, let problem, let location):
      return Diagnostic("'\(name)' cannot name a mode: \(problem)", at: location)
    case .modeNameCollision(let name, let first, let identifier, let firstAt, let location):
      return Diagnostic(
        "modes '\(first)' and '\(name)' both become '\(identifier)' in generated code; rename one",
        at: location, notes: [.init("mode '\(first)' is here", at: firstAt)])
    case .tooFewModes(let location):
      return Diagnostic(
        "'modes' needs at least two modes; a project with one set of values needs no 'modes'", at: location)
    case .unknownMode(let name, let declared, let location):
      guard !declared.isEmpty else {
        return Diagnostic("'\(name)' is not a mode: the config declares no 'modes'", at: location)
      }
      let hint =
        Suggestion.closest(to: name, in: declared).map { "; did you mean '\($0)'?" }
        ?? " (modes: \(declared.joined(separator: ", ")))"
      return Diagnostic("'\(name)' is not a mode\(hint)", at: location)
    case .missingMode(let mode, let key, let location):
      return Diagnostic(
        "'\(key)' gives no value for mode '\(mode)'; per mode, it needs one for every mode", at: location)
    case .filterPatternHoldsNothing(let pattern, let location):
      return Diagnostic(
        "token pattern '\(pattern)' matches no token and no group of tokens", at: location, severity: .warning
      )
    case .filterKeepsNothing(let kind, let destination, let location):
      return Diagnostic(
        "the \(kind) output to '\(destination)' keeps no token: its include, exclude, types and "
          + "deprecated leave every token out", at: location, severity: .warning)
    case .severalSwiftOutputs(let first, let location):
      return Diagnostic(
        "the config lists more than one swift output (the first\(first.map { " at \($0.line):\($0.column)" } ?? "")); "
          + "generate-swift writes one, so give it a config with one", at: location)
    }
  }
}

extension ConfigurationError: DocumentShapeError {}
