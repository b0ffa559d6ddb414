import EBTokensSupport

/// Errors from reading a YAML file, before any token meaning is given to it.
public enum YAMLError: DiagnosticConvertible, Equatable {
  case unreadable(path: String, reason: String)
  case fileTooLarge(path: String, bytes: Int, limit: Int)
  case notUTF8(byte: UInt8, at: SourceLocation)
  /// libyaml's own scanner or parser error, with its problem text and mark.
  case syntax(problem: String, context: String?, at: SourceLocation)
  case duplicateKey(String, first: SourceLocation, at: SourceLocation)
  case anchor(String, at: SourceLocation)
  case alias(String, at: SourceLocation)
  case mergeKey(at: SourceLocation)
  case tag(String, at: SourceLocation)
  case nonScalarKey(at: SourceLocation)
  case multipleDocuments(at: SourceLocation)
  case tooDeep(limit: Int, at: SourceLocation)

  public var diagnostic: Diagnostic {
    switch self {
    case .unreadable(let path, let reason):
      return Diagnostic("cannot read '\(path)': \(reason)", at: nil)
    case .fileTooLarge(let path, let bytes, let limit):
      return Diagnostic(
        "file is \(bytes) bytes, over the limit of \(limit) bytes",
        at: SourceLocation(file: path, line: 1, column: 1))
    case .notUTF8(let byte, let location):
      return Diagnostic(
        "file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))); save it as UTF-8",
        at: location)
    case .syntax(let problem, let context, let location):
      let suffix = context.map { " (\($0))" } ?? ""
      return Diagnostic("invalid YAML: \(problem)\(suffix)", at: location)
    case .duplicateKey(let key, let first, let location):
      return Diagnostic(
        "duplicate key '\(key)'; it is already defined at line \(first.line), column \(first.column)",
        at: location, notes: [.init("first '\(key)' is here", at: first)])
    case .anchor(let name, let location):
      return Diagnostic(
        "YAML anchors (&\(name)) are not allowed in token files; use a token reference such as \"{group.token}\" instead",
        at: location)
    case .alias(let name, let location):
      return Diagnostic(
        "YAML aliases (*\(name)) are not allowed in token files; use a token reference such as \"{group.token}\" instead",
        at: location)
    case .mergeKey(let location):
      return Diagnostic(
        "YAML merge keys (<<) are not allowed in token files; write the tokens out or reference them",
        at: location)
    case .tag(let tag, let location):
      return Diagnostic("YAML tags (\(tag)) are not allowed in token files", at: location)
    case .nonScalarKey(let location):
      return Diagnostic("a mapping key must be a plain name, not a mapping or sequence", at: location)
    case .multipleDocuments(let location):
      return Diagnostic("a token file holds one YAML document; found a second one here", at: location)
    case .tooDeep(let limit, let location):
      return Diagnostic("nesting is deeper than the limit of \(limit) levels", at: location)
    }
  }
}
