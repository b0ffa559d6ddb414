import EBTokensSupport
import EBTokensSyntax

/// Errors in a DTCG resolver document, and in choosing its modifiers' contexts, each at the line and
/// column of the offending key or value.
public enum ResolverError: DiagnosticConvertible, Equatable {
  case emptyDocument(path: String)
  /// An unknown key, a missing one, or a value of the wrong shape.
  case shape(DocumentShapeProblem)
  /// `found` is how the node is described ("a mapping", "'4'").
  case unsupportedVersion(String, at: SourceLocation)
  case tooFewContexts(modifier: String, count: Int, at: SourceLocation)
  case unknownDefault(String, modifier: String, suggestion: String?, at: SourceLocation)
  /// Two entries of `resolutionOrder` with one name.
  case duplicateName(String, first: SourceLocation, at: SourceLocation)
  case invalidStepType(String, at: SourceLocation)
  /// A `$ref` in `resolutionOrder` that is not `#/sets/…` or `#/modifiers/…`.
  case invalidOrderReference(String, at: SourceLocation)
  case unresolvedReference(String, at: SourceLocation)
  case circularReference(String, at: SourceLocation)
  case invalidPointer(String, at: SourceLocation)
  case remoteReference(String, at: SourceLocation)
  case modifierInSource(String, at: SourceLocation)
  case pointerIntoResolutionOrder(String, at: SourceLocation)
  /// A key beside `$ref` in a source (the module's "extending"), which ebtokens does not apply.
  case keyBesideReference(String, at: SourceLocation)
  /// A source file that does not exist, or a pointer into one that leads nowhere.
  case sourceNotFound(String, at: SourceLocation?)
  case pointerNotFound(String, file: String, at: SourceLocation)
  /// A choice of contexts (in the config or on the command line) names a modifier the
  /// document's `resolutionOrder` does not have, or a context that modifier does not have.
  case unknownModifier(String, known: [String], at: SourceLocation?)
  case unknownContext(String, modifier: String, known: [String], at: SourceLocation?)
  /// More combinations of contexts than one build makes modes of.
  case tooManyCombinations(limit: Int, at: SourceLocation?)
  /// A combination of contexts whose name cannot name a mode.
  case invalidModeName(String, problem: String, at: SourceLocation)
  case modeNameCollision(String, identifier: String, first: String, at: SourceLocation)
  /// A token some of the chosen combinations define and others do not.
  case tokenMissingInModes(String, definedIn: [String], missingIn: [String], at: SourceLocation?)
  /// A token whose type differs between combinations.
  case typeDiffersInModes(String, types: [(mode: String, type: String)], at: SourceLocation?)

  public static func == (lhs: ResolverError, rhs: ResolverError) -> Bool {
    lhs.diagnostic == rhs.diagnostic
  }

  public var diagnostic: Diagnostic {
    switch self {
    case .emptyDocument(let path):
      return Diagnostic("resolver document is empty", at: SourceLocation(file: path, line: 1, column: 1))
    case .shape(let problem):
      return problem.diagnostic
    case .unsupportedVersion(let version, let location):
      return Diagnostic(
        "resolver version '\(version)' is not supported; ebtokens reads version '\(ResolverDocument.version)'",
        at: location)
    case .tooFewContexts(let modifier, let count, let location):
      return Diagnostic(
        "modifier '\(modifier)' has \(count == 0 ? "no contexts" : "only one context"); a modifier needs two "
          + "or more (one context is a set)", at: location)
    case .unknownDefault(let value, let modifier, let suggestion, let location):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return Diagnostic("default '\(value)' is not a context of modifier '\(modifier)'\(hint)", at: location)
    case .duplicateName(let name, let first, let location):
      return Diagnostic(
        "'\(name)' appears twice in resolutionOrder; each set and modifier has one place in it", at: location,
        notes: [.init("first here", at: first)])
    case .invalidStepType(let type, let location):
      return Diagnostic("'type' must be 'set' or 'modifier', found '\(type)'", at: location)
    case .invalidOrderReference(let target, let location):
      return Diagnostic(
        "'\(target)' in resolutionOrder must point at a set or a modifier ('#/sets/name' or "
          + "'#/modifiers/name')", at: location)
    case .unresolvedReference(let target, let location):
      return Diagnostic("'\(target)' points at nothing in the resolver document", at: location)
    case .circularReference(let target, let location):
      return Diagnostic("'\(target)' includes itself", at: location)
    case .invalidPointer(let target, let location):
      return Diagnostic("'\(target)' is not a JSON pointer ('#/name/name')", at: location)
    case .remoteReference(let target, let location):
      return Diagnostic(
        "'\(target)' is a remote reference; ebtokens reads local files only (download it and refer to the "
          + "file)", at: location)
    case .modifierInSource(let target, let location):
      return Diagnostic(
        "'\(target)': sets and modifiers cannot include a modifier; list it in resolutionOrder", at: location)
    case .pointerIntoResolutionOrder(let target, let location):
      return Diagnostic("'\(target)': nothing may point into resolutionOrder", at: location)
    case .keyBesideReference(let key, let location):
      return Diagnostic(
        "'\(key)' beside '$ref' in a source is not supported; put the tokens in a source of their own after "
          + "it", at: location)
    case .sourceNotFound(let path, let location):
      return Diagnostic("'\(path)' does not exist", at: location)
    case .pointerNotFound(let pointer, let file, let location):
      return Diagnostic("'\(pointer)' points at nothing in '\(file)'", at: location)
    case .unknownModifier(let name, let known, let location):
      let hint = Suggestion.closest(to: name, in: known).map { "did you mean '\($0)'?" }
      return Diagnostic(
        "the resolver document has no modifier '\(name)' in its resolutionOrder; "
          + (hint ?? "its modifiers: \(known.isEmpty ? "none" : known.joined(separator: ", "))"), at: location
      )
    case .unknownContext(let name, let modifier, let known, let location):
      let hint = Suggestion.closest(to: name, in: known).map { "did you mean '\($0)'?" }
      return Diagnostic(
        "modifier '\(modifier)' has no context '\(name)'; "
          + (hint ?? "its contexts: \(known.joined(separator: ", "))"), at: location)
    case .tooManyCombinations(let limit, let location):
      return Diagnostic(
        "the chosen contexts make more than \(limit) combinations, the most modes one build makes; choose "
          + "fewer with the config's resolver: contexts", at: location)
    case .invalidModeName(let name, let problem, let location):
      return Diagnostic(
        "the mode named after its contexts, '\(name)', is not a valid mode name: \(problem)", at: location)
    case .modeNameCollision(let name, let identifier, let first, let location):
      return Diagnostic(
        "the combinations '\(first)' and '\(name)' become the same identifier '\(identifier)' in generated "
          + "code; rename a context", at: location)
    case .tokenMissingInModes(let name, let definedIn, let missingIn, let location):
      return Diagnostic(
        "'\(name)' is defined in \(Self.list(definedIn)) but not in \(Self.list(missingIn)); every output "
          + "declares a token once with a value per mode, so define it in every chosen context (or in a set)",
        at: location)
    case .typeDiffersInModes(let name, let types, let location):
      let described = types.map { "a \($0.type) in '\($0.mode)'" }.joined(separator: ", ")
      return Diagnostic("'\(name)' changes type between modes: \(described)", at: location)
    }
  }

  private static func list(_ modes: [String]) -> String {
    let quoted = modes.map { "'\($0)'" }
    guard quoted.count > 1 else { return "mode \(quoted.first ?? "")" }
    return "modes \(quoted.dropLast().joined(separator: ", ")) and \(quoted[quoted.count - 1])"
  }
}

extension ResolverError: DocumentShapeError {}
