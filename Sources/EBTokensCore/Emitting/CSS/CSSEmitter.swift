/// The CSS output: one stylesheet of custom properties under a selector.
struct CSSEmitter: OutputEmitter {
  static let templateNames = ["tokens.css"]

  /// The stylesheet's file name; the output's folder holds it.
  let fileName: String
  let selector: String
  let language: CSSLanguage

  func files(for tokens: TokenSet, templates: TemplateSet) throws -> [GeneratedFile] {
    var errors: [EmittingError] = []
    var claimed: [String: EmittingError.Named] = [:]
    var reportedGroups: Set<String> = []
    var properties: [CSSPropertyContext] = []
    for token in tokens.tokens {
      let named = EmittingError.Named(.token, token.name, at: token.location)
      let name: String
      switch CSSLanguage.propertyName(token.path) {
      case .success(let propertyName): name = propertyName
      case .failure(let invalid):
        if let group = invalid.groupPath {
          // Once per group, at its first token.
          if reportedGroups.insert(group).inserted {
            errors.append(
              .invalidCSSName(named: .init(.group, group, at: token.location), character: invalid.character))
          }
        } else {
          errors.append(.invalidCSSName(named: named, character: invalid.character))
        }
        continue
      }
      let deprecation = token.deprecation.map { deprecation in
        DeprecationContext(
          message: deprecation.message.map { CSSLanguage.commentLines($0).joined(separator: " ") })
      }
      // One property, or for a typography two (its `-letter-spacing` too), each claiming its name.
      for (position, property) in language.properties(of: token).enumerated() {
        let propertyName = name + property.suffix
        if let first = claimed[propertyName] {
          errors.append(
            .nameCollision(
              language: CSSLanguage.name, identifier: propertyName, scope: selector, first: first,
              second: named))
          continue
        }
        claimed[propertyName] = named
        properties.append(
          CSSPropertyContext(
            name: propertyName, path: token.name, value: property.value,
            documentation: position == 0 ? token.description.map(CSSLanguage.commentLines) ?? [] : [],
            deprecation: deprecation))
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    let context = CSSFileContext(selector: selector, properties: properties)
    return [GeneratedFile(path: fileName, contents: try templates.render("tokens.css", context))]
  }
}

/// What the CSS template sees.
struct CSSFileContext: TemplateContext {
  let selector: String
  /// Every token, in path order.
  let properties: [CSSPropertyContext]

  func child(named name: String) -> Any? {
    switch name {
    case "selector": return selector
    case "properties": return properties
    default: return nil
    }
  }
}

/// One token as a custom property.
struct CSSPropertyContext: TemplateContext {
  /// `--main-alert-color-information-bg`.
  let name: String
  /// The token's dotted path.
  let path: String
  /// `#e5f1ff`, `var(--…)`, `color-mix(…)`, `4px`.
  let value: String
  /// Comment lines, safe inside `/* */`.
  let documentation: [String]
  let deprecation: DeprecationContext?

  func child(named name: String) -> Any? {
    switch name {
    case "name": return self.name
    case "path": return path
    case "value": return value
    case "documentation": return documentation
    case "deprecation": return optional(deprecation)
    default: return nil
    }
  }
}
