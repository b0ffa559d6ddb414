import EBTokensModel
import EBTokensSupport

/// The TypeScript output: `tokens.js`, an ES module that plain JavaScript imports, and
/// `tokens.d.ts`, its declarations. The module exports `tokens` (every token's value by its
/// ``TypeScriptLanguage`` name), `cssVariables` (each token's custom property as the CSS output
/// names it, typed as its literal), `cssVar(name)`, and with modes `modes` (every token's value in
/// each mode, by the mode's name).
struct TypeScriptEmitter: OutputEmitter {
  func templateNames(for tokens: ModalTokenSet) -> [String] { ["tokens.js", "tokens.d.ts"] }

  func files(for tokens: ModalTokenSet, templates: TemplateSet) throws -> [GeneratedFile] {
    let names = try Self.names(of: tokens)
    let entries = zip(tokens.tokens, names).map { modalToken, name in
      TypeScriptTokenContext(
        name: TypeScriptLanguage.key(name.property), token: modalToken.first,
        property: TypeScriptLanguage.escaper.literal(name.css))
    }
    let modal = tokens.hasModes ? TypeScriptModalContext(tokens, names: entries.map(\.name)) : nil
    let context = TypeScriptFileContext(tokens: entries, modal: modal)
    let count = tokens.tokens.count * max(tokens.modes.count, 1)
    return [
      GeneratedFile(path: "tokens.js", bytes: try templates.render("tokens.js", context, tokenCount: count)),
      GeneratedFile(
        path: "tokens.d.ts",
        bytes: try templates.render("tokens.d.ts", context, tokenCount: tokens.tokens.count)),
    ]
  }

  /// Each token's property name and CSS custom property, in path order; every name that cannot be
  /// made, and every two tokens with the same property name, is an error.
  private static func names(of tokens: ModalTokenSet) throws -> [(property: String, css: String)] {
    var naming = CSSLanguage.PropertyNaming()
    var errors: [EmittingError] = []
    var names: [(property: String, css: String)] = []
    names.reserveCapacity(tokens.tokens.count)
    // Each property name, with the position of the token that claimed it first.
    var claimed: [String: Int] = [:]
    for (index, modalToken) in tokens.tokens.enumerated() {
      let token = modalToken.first
      guard let property = TypeScriptLanguage.propertyName(token.path) else {
        errors.append(
          .unnamable(language: TypeScriptLanguage.name, named: .init(.token, token.name, at: token.location)))
        continue
      }
      guard let css = naming.name(of: token, errors: &errors) else { continue }
      if let first = claimed.updateValue(index, forKey: property) {
        claimed[property] = first
        let firstToken = tokens.tokens[first].first
        errors.append(
          .nameCollision(
            language: TypeScriptLanguage.name, identifier: property, scope: "'tokens'",
            first: .init(.token, firstToken.name, at: firstToken.location),
            second: .init(.token, token.name, at: token.location)))
        continue
      }
      names.append((property, css))
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return names
  }
}

/// What the TypeScript templates see.
final class TypeScriptFileContext: TemplateContext {
  /// Every token, in path order; with modes, in the first mode.
  let tokens: [TypeScriptTokenContext]
  /// The modes, when the tokens have them.
  let modal: TypeScriptModalContext?

  package init(tokens: [TypeScriptTokenContext], modal: TypeScriptModalContext?) {
    self.tokens = tokens
    self.modal = modal
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .tokens: return .list(tokens)
    case .modal: return .optional(modal)
    default: return nil
    }
  }
}

/// One token: a member of `tokens`, of `cssVariables` and of the `Tokens` interface.
final class TypeScriptTokenContext: TemplateContext {
  /// The property name, as an object literal writes it: `mainAlertColorInformationBg`.
  let name: String
  /// The token, in the first mode.
  let token: Token
  /// The CSS custom property, as a string literal: `"--main-alert-color-information-bg"`.
  let property: String

  package init(name: String, token: Token, property: String) {
    self.name = name
    self.token = token
    self.property = property
  }

  /// The JSDoc lines: the description, then `@deprecated` and its message.
  private var documentation: [String] {
    var lines = token.description.map(TypeScriptLanguage.escaper.commentLines) ?? []
    if let deprecation = token.deprecation {
      let message = deprecation.message.map(TypeScriptLanguage.escaper.commentLines) ?? []
      lines.append((["@deprecated"] + message).joined(separator: " "))
    }
    return lines
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .path: return .text(token.name)
    case .value: return .text(TypeScriptLanguage.literal(token.value))
    case .type: return .text(TypeScriptLanguage.type(of: token.type))
    case .property: return .text(property)
    case .documentation: return .texts(documentation)
    case .deprecation:
      return .optional(
        token.deprecation.map {
          DeprecationContext(
            message: $0.message.map { TypeScriptLanguage.escaper.commentLines($0).joined(separator: " ") })
        })
    default: return nil
    }
  }
}

/// The modes: the members of `modes`, each holding every token's value in its mode.
final class TypeScriptModalContext: TemplateContext {
  final class Mode: TemplateContext {
    /// The mode's name as a string literal: `"high-contrast"`.
    let name: String
    let isLast: Bool
    let tokens: [NamedModeValueContext]

    package init(name: String, isLast: Bool, tokens: [NamedModeValueContext]) {
      self.name = name
      self.isLast = isLast
      self.tokens = tokens
    }

    func field(_ field: TemplateField) -> TemplateValue? {
      switch field {
      case .name: return .text(self.name)
      case .isLast: return .bool(isLast)
      case .tokens: return .list(tokens)
      default: return nil
      }
    }
  }

  let modes: [Mode]

  /// - Parameter names: each token's property name, in the order of `tokens.tokens`.
  package init(_ tokens: ModalTokenSet, names: [String]) {
    modes = tokens.modes.enumerated().map { position, mode in
      Mode(
        name: TypeScriptLanguage.escaper.literal(mode), isLast: position == tokens.modes.count - 1,
        tokens: zip(tokens.tokens, names).map { modalToken, name in
          NamedModeValueContext(
            name: name, token: modalToken.byMode[position], literal: TypeScriptLanguage.literal)
        })
    }
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .modes: return .list(modes)
    default: return nil
    }
  }
}
