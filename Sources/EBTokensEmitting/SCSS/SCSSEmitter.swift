import EBTokensModel
import EBTokensSupport

/// The SCSS output: `_tokens.scss`, a partial with one variable per token (with modes, its value
/// in the first mode), composites as maps, and a map of every token: `$tokens`, or with modes one
/// per mode (`$tokens-dark`) and `$tokens-modes`, the modes' maps by name.
struct SCSSEmitter: OutputEmitter {
  static let fileName = "_tokens.scss"
  /// The map of every token; with modes, the prefix of each mode's map.
  static let mapName = "tokens"

  func templateNames(for tokens: ModalTokenSet) -> [String] { [Self.fileName] }

  func files(for tokens: ModalTokenSet, templates: TemplateSet) throws -> [GeneratedFile] {
    let names = try Self.names(of: tokens)
    let variables = zip(tokens.tokens, names).map { SCSSVariableContext(name: $1, token: $0.first) }
    let modes = tokens.modes.enumerated().map { position, mode in
      SCSSModeContext(
        mode: mode, mapName: "\(Self.mapName)-\(mode)",
        tokens: zip(tokens.tokens, names).map {
          NamedModeValueContext(name: $1, token: $0.byMode[position], literal: SCSSLanguage.literal)
        })
    }
    let context = SCSSFileContext(
      mapName: Self.mapName, variables: variables, modal: modes.isEmpty ? nil : SCSSModalContext(modes: modes)
    )
    return [
      GeneratedFile(
        path: Self.fileName,
        bytes: try templates.render(
          Self.fileName, context, tokenCount: tokens.tokens.count * (tokens.modes.count + 1)))
    ]
  }

  /// The maps' names the file declares itself, which no token may take.
  private static func mapNames(_ modes: [String]) -> [String] {
    modes.isEmpty ? [mapName] : modes.map { "\(mapName)-\($0)" } + ["\(mapName)-modes"]
  }

  /// Each token's variable name without `$`, in path order; every name Sass cannot take, and every
  /// two tokens whose names Sass reads as one (`-` and `_` are the same in its names), is an error.
  private static func names(of tokens: ModalTokenSet) throws -> [String] {
    var naming = CSSLanguage.PropertyNaming()
    var errors: [EmittingError] = []
    var names: [String] = []
    names.reserveCapacity(tokens.tokens.count)
    // Each normalized name, with the position of the token that claimed it first.
    var claimed: [String: Int] = [:]
    let reserved = Set(mapNames(tokens.modes).map(SCSSLanguage.normalized))
    for (index, modalToken) in tokens.tokens.enumerated() {
      let token = modalToken.first
      let named = EmittingError.Named(.token, token.name, at: token.location)
      guard let cssName = naming.name(of: token, errors: &errors) else { continue }
      let name: String
      switch SCSSLanguage.variableName(cssPropertyName: cssName) {
      case .success(let variable): name = variable
      case .failure(let problem):
        errors.append(.invalidName(language: SCSSLanguage.name, named: named, problem: problem.text))
        continue
      }
      let normalized = SCSSLanguage.normalized(name)
      if reserved.contains(normalized) {
        errors.append(.reservedName(language: SCSSLanguage.name, identifier: "$" + name, named: named))
        continue
      }
      if let first = claimed.updateValue(index, forKey: normalized) {
        claimed[normalized] = first
        let firstToken = tokens.tokens[first].first
        errors.append(
          .nameCollision(
            language: SCSSLanguage.name, identifier: "$" + name, scope: "'\(fileName)'",
            first: .init(.token, firstToken.name, at: firstToken.location), second: named))
        continue
      }
      names.append(name)
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return names
  }
}

/// What the SCSS template sees.
final class SCSSFileContext: TemplateContext {
  /// `tokens`: the map of every token, or with modes the prefix of each mode's map.
  let mapName: String
  /// Every token, in path order; with modes, in the first mode.
  let variables: [SCSSVariableContext]
  /// The modes, when the tokens have them.
  let modal: SCSSModalContext?

  package init(mapName: String, variables: [SCSSVariableContext], modal: SCSSModalContext?) {
    self.mapName = mapName
    self.variables = variables
    self.modal = modal
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(mapName)
    case .tokens: return .list(variables)
    case .modal: return .optional(modal)
    default: return nil
    }
  }
}

/// One token as a variable, and as an entry of the `$tokens` map.
final class SCSSVariableContext: TemplateContext {
  /// The variable's name without `$`: `main-alert-color-information-bg`.
  let name: String
  let token: Token

  package init(name: String, token: Token) {
    self.name = name
    self.token = token
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .path: return .text(token.name)
    case .value: return .text(SCSSLanguage.literal(token.value))
    case .documentation:
      return .texts(token.description.map(SCSSLanguage.escaper.commentLines) ?? [])
    case .deprecation:
      return .optional(
        token.deprecation.map {
          DeprecationContext(
            message: $0.message.map { SCSSLanguage.escaper.commentLines($0).joined(separator: " ") })
        })
    default: return nil
    }
  }
}

final class SCSSModalContext: TemplateContext {
  let modes: [SCSSModeContext]

  package init(modes: [SCSSModeContext]) {
    self.modes = modes
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .modes: return .list(modes)
    default: return nil
    }
  }
}

/// One mode's map.
final class SCSSModeContext: TemplateContext {
  /// As the config names it: `dark`.
  let mode: String
  /// The map's name without `$`: `tokens-dark`.
  let mapName: String
  let tokens: [NamedModeValueContext]

  package init(mode: String, mapName: String, tokens: [NamedModeValueContext]) {
    self.mode = mode
    self.mapName = mapName
    self.tokens = tokens
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .mode: return .text(mode)
    case .name: return .text(mapName)
    case .tokens: return .list(tokens)
    default: return nil
    }
  }
}
