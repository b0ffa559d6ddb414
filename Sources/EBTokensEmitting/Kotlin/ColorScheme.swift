import EBTokensModel

/// Kotlin's `EBColorScheme`: every color token in one mode, as nested classes that mirror the
/// token paths (`scheme.main.alert.color.information.bg`), so that an app picks a mode's colors at
/// runtime and provides them through a `CompositionLocal`.
///
/// Each class holds a property per color token, reading its value from the top-level object (the
/// mode's value, for a token whose value changes with the mode), and a property per group with
/// color tokens below it, whose class is nested in it. A class receives the mode only when some
/// token below it changes with the mode, so no generated constructor has an unused parameter.
struct ColorSchemeBuilder {
  let language: KotlinLanguage
  private(set) var errors: [EmittingError] = []
  /// Every token, which the tree's nodes list by position.
  private var tokens = ModalTokens()

  package init(language: KotlinLanguage) {
    self.language = language
  }

  /// `EBColorScheme`, for tokens whose declarations in `rootObject` were built without errors.
  mutating func scheme(_ tokens: ModalTokenSet, rootObject: String) -> ColorSchemeClassContext {
    self.tokens = tokens.tokens
    let root = NamespaceTree.build(tokens)
    return schemeClass(root, name: "EBColorScheme", property: "", source: rootObject, depth: 0)
      ?? ColorSchemeClassContext(
        name: "EBColorScheme", property: "", indent: "", usesMode: false, tokens: [], classes: [])
  }

  /// The class of a group, or `nil` when no color token is below it.
  private mutating func schemeClass(
    _ node: NamespaceTree.Node, name: String, property: String, source: String, depth: Int
  ) -> ColorSchemeClassContext? {
    let memberIndent = String(repeating: language.indentUnit, count: depth + 1)
    let path = node.firstToken.map { Array(self.tokens[$0].path.segments.prefix(depth)) } ?? []
    let scope =
      "EBColorScheme"
      + path.map { "." + language.namespaceIdentifier(IdentifierWords.split($0)) }
      .joined()
    var claimed: [String: EmittingError.Named] = [:]
    var tokens: [ColorSchemeTokenContext] = []
    for index in node.tokens where self.tokens[index].type == .color {
      let token = self.tokens[index]
      let identifier = language.memberIdentifier(IdentifierWords.split(token.path.segments.last ?? ""))
      claim(identifier, for: .init(.token, token.name, at: token.first.location), in: &claimed, scope: scope)
      let deprecation = token.first.deprecation.map {
        DeprecationContext(message: $0.message.map(KotlinLanguage.escaper.literal))
      }
      tokens.append(
        ColorSchemeTokenContext(
          name: identifier, indent: memberIndent, source: source + "." + identifier,
          isModal: !token.isConstant,
          deprecation: deprecation))
    }
    var classes: [ColorSchemeClassContext] = []
    for child in node.children {
      let words = IdentifierWords.split(child.segment)
      let className = language.namespaceIdentifier(words)
      guard let location = child.firstToken.map({ self.tokens[$0].first.location }),
        let context = schemeClass(
          child, name: className, property: language.memberIdentifier(words),
          source: source + "." + className,
          depth: depth + 1)
      else { continue }
      let named = EmittingError.Named(.group, child.name, at: location)
      // At the top, a class called `Companion` would clash with the companion object.
      if depth == 0 && className == "Companion" {
        errors.append(.reservedName(language: language.name, identifier: className, named: named))
      }
      claim(context.property, for: named, in: &claimed, scope: scope)
      classes.append(context)
    }
    if depth > 0 && tokens.isEmpty && classes.isEmpty { return nil }
    return ColorSchemeClassContext(
      name: name, property: property, indent: String(repeating: language.indentUnit, count: depth),
      usesMode: tokens.contains(where: \.isModal) || classes.contains(where: \.usesMode), tokens: tokens,
      classes: classes)
  }

  /// A group's property and a token's are both members of the class: `foo-bar` the group and
  /// `fooBar` the token, distinct in the top-level object (`FooBar`, `fooBar`), clash here.
  private mutating func claim(
    _ identifier: String, for named: EmittingError.Named, in claimed: inout [String: EmittingError.Named],
    scope: String
  ) {
    if let first = claimed[identifier] {
      errors.append(
        .nameCollision(
          language: language.name, identifier: identifier, scope: scope, first: first, second: named))
    } else {
      claimed[identifier] = named
    }
  }
}

/// A class of the color scheme, for the `colorScheme` template.
final class ColorSchemeClassContext: TemplateContext {
  /// The class: `Information`; `EBColorScheme` for the root.
  let name: String
  /// Its property in the enclosing class: `information`; empty for the root.
  let property: String
  /// The indentation of its declaration, and of its property in the enclosing class.
  let indent: String
  /// Whether it takes the mode: some token below it changes with the mode.
  let usesMode: Bool
  let tokens: [ColorSchemeTokenContext]
  let classes: [ColorSchemeClassContext]

  package init(
    name: String, property: String, indent: String, usesMode: Bool, tokens: [ColorSchemeTokenContext],
    classes: [ColorSchemeClassContext]
  ) {
    self.name = name
    self.property = property
    self.indent = indent
    self.usesMode = usesMode
    self.tokens = tokens
    self.classes = classes
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .property: return .text(property)
    case .indent: return .text(indent)
    case .usesMode: return .bool(usesMode)
    case .tokens: return .list(tokens)
    case .classes: return .list(classes)
    default: return nil
    }
  }
}

/// A color token as a property of the color scheme.
final class ColorSchemeTokenContext: TemplateContext {
  let name: String
  let indent: String
  /// The token in the top-level object: `EBTokens.Main.Alert.Color.Information.bg`.
  let source: String
  /// Whether the value changes with the mode, so `source` is an `EBModal` to index with the mode.
  let isModal: Bool
  /// A deprecated token's property is deprecated too, and reads its deprecated source without a
  /// warning.
  let deprecation: DeprecationContext?

  package init(name: String, indent: String, source: String, isModal: Bool, deprecation: DeprecationContext?)
  {
    self.name = name
    self.indent = indent
    self.source = source
    self.isModal = isModal
    self.deprecation = deprecation
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .indent: return .text(indent)
    case .source: return .text(source)
    case .modal: return .bool(isModal)
    case .deprecation: return .optional(deprecation)
    default: return nil
    }
  }
}
