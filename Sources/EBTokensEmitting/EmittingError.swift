import EBTokensSupport

/// Why an output cannot be generated: its templates, or token names and values the
/// target language cannot express.
public enum EmittingError: DiagnosticConvertible, Equatable {
  /// A token or group, as a naming diagnostic names it.
  public struct Named: Equatable, Sendable {
    public enum Kind: String, Sendable {
      case token
      case group
    }

    public let kind: Kind
    public let path: String
    /// The token's own location; for a group, the location of its first token.
    public let location: SourceLocation

    public init(_ kind: Kind, _ path: String, at location: SourceLocation) {
      self.kind = kind
      self.path = path
      self.location = location
    }

    var described: String {
      kind == .token ? "token '\(path)'" : "group '\(path)'"
    }
  }

  case templateFolderNotFound(path: String, at: SourceLocation?)
  case missingTemplate(name: String, folder: String, at: SourceLocation?)
  case unreadableTemplate(path: String)
  /// A template file that could not be read at all (a link, a pipe, too large).
  case unreadableTemplateFile(path: String, reason: String)
  case templateSyntax(problem: String, at: SourceLocation)
  /// Rendering recursed deeper than the stack allows: a partial that keeps including itself.
  case templateRecursion(name: String, folder: String)
  /// Both become `identifier` in the same namespace of a `language` output.
  case nameCollision(language: String, identifier: String, scope: String, first: Named, second: Named)
  /// A name becomes an identifier the generated code itself uses.
  case reservedName(language: String, identifier: String, named: Named)
  /// A name with no letter or digit to make an identifier from.
  case unnamable(language: String, named: Named)
  /// The configured module or object name is one the generated code uses itself.
  case reservedOutputName(language: String, identifier: String, at: SourceLocation?)
  case invalidCSSName(named: Named, character: Character)
  /// A name the `language` output cannot write as the identifier it needs, and why.
  case invalidName(language: String, named: Named, problem: String)
  case unrepresentableValue(language: String, token: String, problem: String, at: SourceLocation)
  case destinationNotAFile(path: String, at: SourceLocation?)
  /// An xcassets destination that is itself a catalog (`dist/EBTokens.xcassets`): the catalog would
  /// go inside it, with the output's manifest among the assets.
  case destinationIsACatalog(path: String, at: SourceLocation?)
  /// A name a platform's resource names cannot hold (an asset catalog's folder, an Android resource).
  case invalidResourceName(language: String, named: Named, problem: String)
  /// A warning: the platform has no mechanism for `mode`, so the output leaves its values out.
  case modeLeftOut(language: String, mode: String, reason: String, at: SourceLocation?)

  public var diagnostic: Diagnostic {
    switch self {
    case .templateFolderNotFound(let path, let location):
      return Diagnostic("template folder '\(path)' does not exist", at: location)
    case .missingTemplate(let name, let folder, let location):
      return Diagnostic(
        "template folder '\(folder)' has no '\(name).mustache'; copy it from the built-in templates "
          + "(templates/ in the ebtokens repository)", at: location)
    case .unreadableTemplate(let path):
      return Diagnostic("cannot read template '\(path)' as UTF-8 text", at: nil)
    case .unreadableTemplateFile(let path, let reason):
      return Diagnostic("cannot read template '\(path)': \(reason)", at: nil)
    case .templateSyntax(let problem, let location):
      return Diagnostic("invalid template: \(problem)", at: location)
    case .templateRecursion(let name, let folder):
      return Diagnostic(
        "template '\(name)' in '\(folder)' recursed too deep and was stopped: a partial includes itself "
          + "inside a section that is always true (such as {{#root}}); recurse through {{#namespaces}}",
        at: nil)
    case .nameCollision(let language, let identifier, let scope, let first, let second):
      return Diagnostic(
        "\(first.described) and \(second.described) both become '\(identifier)' in \(scope) in the "
          + "\(language) output; rename one", at: second.location,
        notes: [.init("\(first.described) is here", at: first.location)])
    case .reservedName(let language, let identifier, let named):
      return Diagnostic(
        "\(named.described) becomes '\(identifier)', a name the generated \(language) code uses itself; "
          + "rename it", at: named.location)
    case .unnamable(let language, let named):
      return Diagnostic(
        "\(named.described) has no letter or digit to make a \(language) identifier from; rename it",
        at: named.location)
    case .reservedOutputName(let language, let identifier, let location):
      return Diagnostic(
        "'\(identifier)' cannot name the \(language) output: the generated code uses that name itself",
        at: location)
    case .invalidCSSName(let named, let character):
      let shown =
        character.unicodeScalars.contains(where: SourceText.isBidiControl)
        ? "an invisible bidirectional control"
        : character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
          ? "'\(character)'" : "a control character"
      return Diagnostic(
        "\(named.described) cannot be part of a CSS custom property name: it contains \(shown); "
          + "CSS names use letters, digits, '-' and '_'", at: named.location)
    case .invalidName(let language, let named, let problem):
      return Diagnostic(
        "\(named.described) cannot name a \(language) identifier: \(problem); rename it", at: named.location)
    case .unrepresentableValue(let language, let token, let problem, let location):
      return Diagnostic("'\(token)' cannot be written in the \(language) output: \(problem)", at: location)
    case .destinationNotAFile(let path, let location):
      return Diagnostic(
        "a css output's destination must be a file, such as 'dist/css/tokens.css', not '\(path)'",
        at: location)
    case .destinationIsACatalog(let path, let location):
      return Diagnostic(
        "an xcassets output's destination is the folder that holds the catalog, such as 'dist/xcassets', "
          + "not '\(path)'; the catalog's name is options.catalog", at: location)
    case .invalidResourceName(let language, let named, let problem):
      return Diagnostic(
        "\(named.described) cannot name \(language): \(problem); rename it", at: named.location)
    case .modeLeftOut(let language, let mode, let reason, let location):
      return Diagnostic(
        "mode '\(mode)' is left out of the \(language) output: \(reason)", at: location, severity: .warning)
    }
  }
}

/// Why generated files cannot be written where the configuration says.
public enum OutputError: DiagnosticConvertible, Equatable {
  /// A file is in the way that ebtokens did not generate.
  case wouldOverwrite(path: String, manifest: String)
  /// A folder or link where a generated file goes, or a file where a folder must be.
  case blocked(path: String, generated: String)
  case generatedTwice(path: String)
  case damagedManifest(path: String, line: Int, problem: String)
  case writeFailed(path: String, reason: String)
  /// Another build holds the lock on the project folder at `directory` (`--no-wait`).
  case buildInProgress(directory: String)

  public var diagnostic: Diagnostic {
    switch self {
    case .wouldOverwrite(let path, let manifest):
      return Diagnostic(
        "'\(path)' exists and ebtokens did not generate it (it is not listed in '\(manifest)'); "
          + "move it away or delete it, then build again", at: nil)
    case .blocked(let path, let generated):
      return Diagnostic(
        "cannot write '\(generated)': '\(path)' is in the way (a folder or link where ebtokens writes "
          + "a file, or a file where it needs a folder)", at: nil)
    case .generatedTwice(let path):
      return Diagnostic("two outputs generate '\(path)'; give them different destinations", at: nil)
    case .damagedManifest(let path, let line, let problem):
      return Diagnostic(
        "damaged manifest: \(problem); fix or delete the line (ebtokens lists only the files it generated)",
        at: SourceLocation(file: path, line: line, column: 1))
    case .writeFailed(let path, let reason):
      return Diagnostic("cannot write '\(path)': \(reason)", at: nil)
    case .buildInProgress(let directory):
      return Diagnostic(
        "another ebtokens build is using '\(directory)' (it holds the lock on that folder); "
          + "build again once it has finished, or without --no-wait to wait for it", at: nil)
    }
  }
}
