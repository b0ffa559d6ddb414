import EBTokensModel
import EBTokensSupport

/// Errors in a mode's layers: overrides of tokens the base does not have, changes of type, and
/// anything but a value set in a mode; and errors that resolving a mode found, named by mode.
public enum ModeError: DiagnosticConvertible, Equatable {
  /// A layer defines a token the base does not.
  case unknownToken(String, suggestion: String?, at: SourceLocation)
  /// A layer defines a token where the base has a group.
  case overridesGroup(String, group: SourceLocation, at: SourceLocation)
  /// A layer gives a token another type than it has in the base.
  case changesType(String, from: TokenType, to: TokenType, base: SourceLocation, at: SourceLocation)
  /// A layer sets `$deprecated`: it belongs to the token in the base.
  case notOverridable(key: String, owner: String, at: SourceLocation)
  /// A mode layer names a file or folder that does not exist, or that is not a token file.
  case layerNotFound(mode: String, path: String, at: SourceLocation?)
  case layerNotATokenFile(mode: String, path: String, at: SourceLocation?)
  /// A layer folder inside the token folder, whose files the base would read too.
  case layerInsideTokens(mode: String, path: String, tokens: String, at: SourceLocation?)
  /// What resolving the tokens found in these modes (and not in the base, which resolved).
  case inModes([String], Diagnostic)

  public var diagnostic: Diagnostic {
    switch self {
    case .unknownToken(let name, let suggestion, let location):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return Diagnostic(
        "'\(name)' is not a token of the base set; a mode can only override existing tokens\(hint)",
        at: location)
    case .overridesGroup(let name, let group, let location):
      return Diagnostic(
        "'\(name)' is a group in the base set; a mode can only override tokens", at: location,
        notes: [.init("group '\(name)' is here", at: group)])
    case .changesType(let name, let from, let to, let base, let location):
      return Diagnostic(
        "'\(name)' is a \(from.rawValue) in the base set; a mode cannot make it a \(to.rawValue)",
        at: location, notes: [.init("'\(name)' is defined here", at: base)])
    case .notOverridable(let key, let owner, let location):
      return Diagnostic(
        "'\(owner)' sets \(key) in a mode; a mode overrides '$value', '$description' and '$extensions' "
          + "(and may restate '$type'), so write \(key) in the base set", at: location)
    case .layerNotFound(let mode, let path, let location):
      return Diagnostic("mode '\(mode)': '\(path)' does not exist", at: location)
    case .layerNotATokenFile(let mode, let path, let location):
      return Diagnostic(
        "mode '\(mode)': '\(path)' is not a token file or folder (a .yaml or .yml file, or a folder of them)",
        at: location)
    case .layerInsideTokens(let mode, let path, let tokens, let location):
      return Diagnostic(
        "mode '\(mode)': '\(path)' is inside the token folder '\(tokens)', whose every file is a base "
          + "token file; move the mode's files out of it", at: location)
    case .inModes(let modes, let diagnostic):
      let names = modes.map { "'\($0)'" }
      let which =
        names.count == 1
        ? "mode \(names[0])"
        : "modes \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1])"
      return Diagnostic(
        "\(diagnostic.message) (in \(which))", at: diagnostic.location, notes: diagnostic.notes,
        severity: diagnostic.severity)
    }
  }
}
