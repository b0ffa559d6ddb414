import EBTokensModel
import EBTokensSupport

/// What differs between the outputs that mirror token paths as nested namespaces
/// (Swift enums, Kotlin objects): identifiers, and how a token is declared.
protocol NamespaceLanguage: Sendable {
  /// How diagnostics name the output: `Swift`.
  var name: String { get }
  /// One level of indentation in the generated code.
  var indentUnit: String { get }
  /// Identifiers the built-in templates use unqualified inside the namespaces,
  /// which a namespace or member of the same name would shadow.
  var reservedIdentifiers: Set<String> { get }
  /// A group's namespace name, from the words of its name (at least one).
  func namespaceIdentifier(_ words: [String]) -> String
  /// A token's member name, from the words of its name (at least one).
  func memberIdentifier(_ words: [String]) -> String
  /// An alias written as the token it names: `target`, the target's qualified member (in one
  /// mode, when its value changes with the mode), or for an `@ NN%` alias of a color, that color
  /// with the alpha of `value`, the alias's resolved color.
  func alias(of target: String, alphaFactor: Double?, value: TokenValue) -> String
  /// The token's type, value, documentation and deprecation, written in the
  /// language: the one place a token's value is formatted for this output.
  func declaration(of token: Token) -> Result<TokenDeclaration, EmittingError>
}

/// A token formatted for one language, ready for a template to lay out.
struct TokenDeclaration: Sendable {
  /// `EBColor`, `kotlin.Double`; `EBModal<EBColor>` for a token whose value changes with the mode.
  let type: String
  /// A literal of `type`: `EBColor(hex: 0x072592, alpha: 0.8)`, `2.dp`, or with references kept,
  /// an alias's target: `EBTokens.Color.Text.title`; `nil` for a token whose value changes with
  /// the mode, which has `modeValues` instead.
  var value: String?
  /// The token's description, a line per element, made safe for the language's
  /// doc comments; empty when it has none.
  let documentation: [String]
  let deprecation: DeprecationContext?
  /// The token's `$extensions` as JSON, written as a string literal of the language; `nil` when it
  /// has none. In a token whose value changes with the mode, the first mode's (each mode's own is
  /// in `modeValues`).
  var extensions: String?
  /// The value in each mode, when it changes with the mode; empty otherwise.
  var modeValues: [ModeValueContext] = []
  /// Whether the value (in some mode) names another token instead of being a literal.
  var isAlias = false
}

/// A token's value in one mode: an argument of `EBModal(light: …, dark: …)`.
final class ModeValueContext: TemplateContext {
  /// The mode's identifier, the argument's label: `highContrast`.
  let label: String
  /// A literal of the token's type in this mode.
  let value: String
  /// Whether it is the last mode, so a template knows where the list ends.
  let isLast: Bool
  /// The token's `$extensions` in this mode (a mode file may give its own, as Figma's do), as
  /// JSON in a string literal of the language; `nil` when it has none.
  let extensions: String?

  package init(label: String, value: String, isLast: Bool, extensions: String?) {
    self.label = label
    self.value = value
    self.isLast = isLast
    self.extensions = extensions
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .label: return .text(label)
    case .value: return .text(value)
    case .isLast: return .bool(isLast)
    case .extensions: return .optional(extensions)
    default: return nil
    }
  }
}

/// `$deprecated` for templates: `{{#deprecation}}…{{/deprecation}}`.
final class DeprecationContext: TemplateContext {
  /// The message, written as the language wants it (a string literal in Swift and
  /// Kotlin, comment text in CSS); `nil` for a bare `$deprecated: true`.
  let message: String?

  package init(message: String?) {
    self.message = message
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .message: return .optional(message)
    default: return nil
    }
  }
}

/// One token's value in one mode, under the name an output gives it (an SCSS mode map's key, a
/// TypeScript mode object's property): `name`, `path`, and `value` written by the output's language.
final class NamedModeValueContext: TemplateContext {
  let name: String
  /// The token in the mode.
  let token: Token
  let literal: @Sendable (TokenValue) -> String

  package init(name: String, token: Token, literal: @escaping @Sendable (TokenValue) -> String) {
    self.name = name
    self.token = token
    self.literal = literal
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .path: return .text(token.name)
    case .value: return .text(literal(token.value))
    default: return nil
    }
  }
}

/// A group as a namespace (`enum` in Swift, `object` in Kotlin), for templates.
final class NamespaceContext: TemplateContext {
  /// The identifier: `Information`; for the root, the configured module or object name.
  let name: String
  /// The group's dotted path, `main.alert.color.information`; empty for the root.
  let path: String
  /// The indentation of the namespace's declaration.
  let indent: String
  /// Whether nothing precedes it in its parent, so a template can separate siblings.
  let isFirstMember: Bool
  /// The tokens declared in the namespace itself: the root's own (every other token is in a part
  /// file, ``NamespaceSplit``).
  let tokens: [TokenContext]
  /// Below the root, the namespace's tokens, named but not yet declared: the split cuts them into
  /// parts, and each part's tokens are declared as its file is rendered.
  let members: [NamedToken]
  let namespaces: [NamespaceContext]
  /// Kotlin, in the root file of a split output (``NamespaceSplit``): the class of the
  /// namespace's last part, which its object extends to have its tokens; `nil` when it has none.
  let base: String?

  package init(
    name: String, path: String, indent: String, isFirstMember: Bool, tokens: [TokenContext],
    members: [NamedToken] = [], namespaces: [NamespaceContext], base: String? = nil
  ) {
    self.name = name
    self.path = path
    self.indent = indent
    self.isFirstMember = isFirstMember
    self.tokens = tokens
    self.members = members
    self.namespaces = namespaces
    self.base = base
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .path: return .text(path)
    case .indent: return .text(indent)
    case .isFirstMember: return .bool(isFirstMember)
    case .tokens: return .list(tokens)
    case .namespaces: return .list(namespaces)
    case .base: return .optional(base)
    default: return nil
    }
  }
}

/// A token under the identifier it has in its namespace, not yet declared: its declaration (the
/// value written in the language, its type and documentation) is made by
/// ``NamespaceContextBuilder/declare(_:)`` when the file it is in is rendered, so that an output
/// holds the declarations of one file at a time (all of them were about 18 MB of Swift's 100,000
/// tokens, and more of Kotlin's).
struct NamedToken: Sendable {
  /// The identifier: `labelTitle`.
  let name: String
  /// The token's position in the token set the builder names.
  let position: Int
}

/// A token as a member of its namespace, for templates.
final class TokenContext: TemplateContext {
  /// The identifier: `labelTitle`, `` `default` ``.
  let name: String
  /// The token, in the first mode: its dotted path, `main.alert.color.information.label-title`,
  /// read when a template asks for it.
  let token: Token
  let indent: String
  let declaration: TokenDeclaration

  package init(name: String, token: Token, indent: String, declaration: TokenDeclaration) {
    self.name = name
    self.token = token
    self.indent = indent
    self.declaration = declaration
  }

  /// Whether the value changes with the mode.
  var isModal: Bool { !declaration.modeValues.isEmpty }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .path: return .text(token.name)
    case .indent: return .text(indent)
    case .type: return .text(declaration.type)
    case .value: return .optional(declaration.value)
    case .documentation: return .texts(declaration.documentation)
    case .deprecation: return .optional(declaration.deprecation)
    case .modal: return .bool(isModal)
    case .modeValues: return .list(declaration.modeValues)
    case .extensions: return .optional(declaration.extensions)
    case .isAlias: return .bool(declaration.isAlias)
    default: return nil
    }
  }
}

/// Builds the namespace contexts of a token set for one language, checking that
/// every name becomes a distinct identifier in its namespace.
struct NamespaceContextBuilder<Language: NamespaceLanguage> {
  let language: Language
  private(set) var errors: [EmittingError] = []
  /// The language's reserved identifiers, and any more the output's own declarations use.
  private let reservedIdentifiers: Set<String>

  /// Whether an alias is written as the token it names rather than as its value.
  private let keepsReferences: Bool

  package init(language: Language, reserving more: Set<String> = [], keepsReferences: Bool = false) {
    self.language = language
    self.reservedIdentifiers = language.reservedIdentifiers.union(more)
    self.keepsReferences = keepsReferences
  }

  /// The modes' names, when the tokens have modes: a token whose value changes with the mode is
  /// declared with its value in each.
  private var modes: [String] = []
  /// Every token, which the tree's nodes list by position.
  private var tokens = ModalTokens()
  /// Every token in its first mode (``/EBTokensModel/ModalTokenSet/firstTokens``): where a name or
  /// location is all that is read.
  private var firstTokens: [Token] = []
  /// The root namespace's name, which qualifies an alias's target.
  private var rootName = ""
  /// Each token's position in `tokens`, by name: filled only when references are kept.
  private var positions: [String: Int] = [:]

  /// Identifiers already made, by token or group name (`nil` for a name that makes none): names
  /// repeat across groups (`bg`, `label`, `100`), and a lookup costs less than splitting and
  /// camel-casing each again.
  private var memberIdentifiers: [String: Identifier?] = [:]
  private var namespaceIdentifiers: [String: Identifier?] = [:]
  /// The indentation of each depth, made once: `indents[depth]`.
  private var indents: [String] = []

  /// An identifier made of a name, and whether it is reserved, found once with it.
  private struct Identifier {
    let text: String
    let isReserved: Bool

    package init(text: String, reserved: Set<String>) {
      self.text = text
      isReserved = reserved.contains(text)
    }
  }

  /// The root namespace, named `rootName`: every namespace, each with its tokens named, and the
  /// root's own tokens declared (the others are declared by ``declare(_:)-(ArraySlice<NamedToken>)``).
  mutating func root(_ tokens: ModalTokenSet, named rootName: String) -> NamespaceContext {
    modes = tokens.modes
    replaceTokens(with: tokens)
    self.rootName = rootName
    if keepsReferences { positions = TokenSet.index(names: tokens.tokens.lazy.map(\.name)) }
    return namespace(
      NamespaceTree.build(tokens), name: rootName, qualifiedName: rootName, depth: 0, isFirstMember: true)
  }

  /// Takes `tokens` in place of the tokens of the last ``root(_:named:)`` (which takes them here
  /// too): the same tokens in the same order, of which only values changed
  /// (``SplitOutputState``), so that an alias is written from its target as it is now.
  mutating func replaceTokens(with tokens: ModalTokenSet) {
    self.tokens = tokens.tokens
    firstTokens = tokens.firstTokens
  }

  /// `token` declared again, under the identifier and indentation of `old`, its context before its
  /// value changed; `nil` when it cannot be declared (a full render reports why).
  mutating func tokenContext(_ token: ModalToken, replacing old: TokenContext) -> TokenContext? {
    let errorCount = errors.count
    guard let declaration = declaration(of: token), errors.count == errorCount else { return nil }
    return TokenContext(name: old.name, token: token.first, indent: old.indent, declaration: declaration)
  }

  /// The token's declaration: as the language declares a value, or for a token whose value
  /// changes with the mode, an `EBModal` of the language's type with the value in each mode.
  private mutating func declaration(of token: ModalToken) -> TokenDeclaration? {
    guard !token.isConstant else {
      switch language.declaration(of: token.first) {
      case .success(var declaration):
        if let alias = alias(token.first, inMode: nil) {
          declaration.value = alias
          declaration.isAlias = true
        }
        return declaration
      case .failure(let error):
        errors.append(error)
        return nil
      }
    }
    var declarations: [TokenDeclaration] = []
    for value in token.byMode {
      switch language.declaration(of: value) {
      case .success(let declaration): declarations.append(declaration)
      case .failure(let error):
        // The same value in two modes is one problem, at one place.
        if !errors.contains(error) { errors.append(error) }
      }
    }
    guard declarations.count == token.byMode.count, let first = declarations.first else { return nil }
    var isAlias = false
    var values: [ModeValueContext] = []
    for (position, (mode, declaration)) in zip(modes, declarations).enumerated() {
      let alias = alias(token.byMode[position], inMode: position)
      isAlias = isAlias || alias != nil
      values.append(
        ModeValueContext(
          label: ModeName.member(mode), value: alias ?? declaration.value ?? "",
          isLast: position == modes.count - 1, extensions: declaration.extensions))
    }
    return TokenDeclaration(
      type: "EBModal<\(first.type)>", value: nil, documentation: first.documentation,
      deprecation: first.deprecation, extensions: first.extensions, modeValues: values, isAlias: isAlias)
  }

  /// `token` (in mode `mode`, or in every mode when `nil`) written as the token it names, when
  /// references are kept and it is an alias: `nil` for a literal. An alias of a deprecated token
  /// stays a literal, so that using it warns nobody about a name they never wrote; so does an
  /// alias written in every mode alike whose target changes with the mode (it cannot name one).
  private mutating func alias(_ token: Token, inMode mode: Int?) -> String? {
    guard keepsReferences, let reference = token.reference, let position = positions[reference.target.name]
    else { return nil }
    let target = tokens[position]
    guard target.first.deprecation == nil, var name = qualifiedName(of: reference.target) else { return nil }
    if !target.isConstant {
      guard let mode else { return nil }
      name += "." + ModeName.member(modes[mode])
    }
    return language.alias(of: name, alphaFactor: reference.alphaFactor, value: token.value)
  }

  /// `Root.Group.member`: how generated code names the token at `path` from anywhere.
  private mutating func qualifiedName(of path: TokenPath) -> String? {
    var name = rootName
    for (position, segment) in path.segments.enumerated() {
      let isLast = position == path.segments.count - 1
      guard let identifier = isLast ? memberIdentifier(segment) : namespaceIdentifier(segment) else {
        return nil
      }
      name += "." + identifier.text
    }
    return name
  }

  private mutating func namespace(
    _ node: NamespaceTree.Node, name: String, qualifiedName: String, depth: Int, isFirstMember: Bool
  ) -> NamespaceContext {
    var claimed = Claims(capacity: node.tokens.count + node.children.count)
    var members: [NamedToken] = []
    members.reserveCapacity(node.tokens.count)
    for (position, tokenIndex) in node.tokens.enumerated() {
      guard let identifier = memberIdentifier(firstTokens[tokenIndex].path.segments.last ?? "") else {
        errors.append(.unnamable(language: language.name, named: named(.token(position), in: node)))
        continue
      }
      claim(identifier, for: .token(position), in: &claimed, of: node, scope: qualifiedName)
      members.append(NamedToken(name: identifier.text, position: tokenIndex))
    }
    // The root's own tokens are declared in the root file, and declared now; every other token is
    // in a part file, declared as that file is rendered.
    let tokens = depth == 0 ? declare(members[...]) : []
    if depth == 0 { members = [] }
    var namespaces: [NamespaceContext] = []
    namespaces.reserveCapacity(node.children.count)
    for (position, child) in node.children.enumerated() {
      // A group always has a token below it: a token set holds no empty groups.
      guard let location = child.firstToken.map({ firstTokens[$0].location }) else { continue }
      guard let identifier = namespaceIdentifier(child.segment) else {
        errors.append(
          .unnamable(language: language.name, named: named(.group(position, location), in: node)))
        continue
      }
      claim(identifier, for: .group(position, location), in: &claimed, of: node, scope: qualifiedName)
      namespaces.append(
        namespace(
          child, name: identifier.text, qualifiedName: String(qualifiedName, joinedBy: ".", identifier.text),
          depth: depth + 1, isFirstMember: node.tokens.isEmpty && namespaces.isEmpty))
    }
    return NamespaceContext(
      name: name, path: node.name, indent: indent(depth), isFirstMember: isFirstMember, tokens: tokens,
      members: members, namespaces: namespaces)
  }

  /// `members` declared, each as a member `depth` levels deep: one level for the root's own, in
  /// the root file, and for a part's in Kotlin; in Swift, a part's tokens are as deep as the
  /// namespaces its file declares around them. A token that cannot be declared is left out, with
  /// its error in ``errors``.
  mutating func declare(_ members: ArraySlice<NamedToken>, depth: Int = 1) -> [TokenContext] {
    let memberIndent = indent(depth)
    var tokens: [TokenContext] = []
    tokens.reserveCapacity(members.count)
    for member in members {
      let token = self.tokens[member.position]
      if let declaration = declaration(of: token) {
        tokens.append(
          TokenContext(name: member.name, token: token.first, indent: memberIndent, declaration: declaration))
      }
    }
    return tokens
  }

  /// The tokens of a part file's `parts` declared, for its template; `nil` once a token of these
  /// parts or of earlier ones could not be declared (``errors`` says why): the files after it are
  /// not rendered, but their tokens are still declared, for their errors.
  mutating func declare(_ parts: [NamespaceSplit.Part]) -> [NamespacePart]? {
    let declared = parts.map { part in
      NamespacePart(
        qualifiedName: part.qualifiedName, name: part.name, base: part.base, placement: part.placement,
        tokens: declare(part.members, depth: part.placement.declaredNamespaces.count + 1))
    }
    return errors.isEmpty ? declared : nil
  }

  /// The indentation of a declaration `depth` levels deep.
  private mutating func indent(_ depth: Int) -> String {
    while indents.count <= depth {
      indents.append(String(repeating: language.indentUnit, count: indents.count))
    }
    return indents[depth]
  }

  /// The member identifier of a token named `name`; `nil` when the name has no word to make one.
  private mutating func memberIdentifier(_ name: String) -> Identifier? {
    Self.identifier(
      of: name, cachedIn: &memberIdentifiers, reserved: reservedIdentifiers, making: language.memberIdentifier
    )
  }

  /// The namespace identifier of a group named `name`; `nil` when the name has no word to make one.
  private mutating func namespaceIdentifier(_ name: String) -> Identifier? {
    Self.identifier(
      of: name, cachedIn: &namespaceIdentifiers, reserved: reservedIdentifiers,
      making: language.namespaceIdentifier)
  }

  /// `name`'s identifier as `make` makes it from the name's words, found in `cache` or made once
  /// and kept there.
  private static func identifier(
    of name: String, cachedIn cache: inout [String: Identifier?], reserved: Set<String>,
    making make: ([String]) -> String
  ) -> Identifier? {
    if let known = cache[name] { return known }
    let words = IdentifierWords.split(name)
    let identifier = words.isEmpty ? nil : Identifier(text: make(words), reserved: reserved)
    cache[name] = identifier
    return identifier
  }

  /// A token or sub-group of a node, by position.
  private enum Member {
    case token(Int)
    /// A group's diagnostics point at its first token.
    case group(Int, SourceLocation)
  }

  /// How diagnostics name a member of `node`.
  private func named(_ member: Member, in node: NamespaceTree.Node) -> EmittingError.Named {
    switch member {
    case .token(let position):
      let token = tokens[node.tokens[position]]
      return EmittingError.Named(.token, token.name, at: token.first.location)
    case .group(let position, let location):
      return EmittingError.Named(.group, node.children[position].name, at: location)
    }
  }

  /// The identifiers claimed in one namespace, each with the member that claimed it first (named
  /// only for a diagnostic). Most namespaces have a few members, whose identifiers are compared
  /// one by one, which costs less than hashing each; a namespace with more has a dictionary.
  private struct Claims {
    /// The most members compared one by one.
    static var listLimit: Int { 16 }

    private let usesDictionary: Bool
    private var listed: [(identifier: String, member: Member)] = []
    private var indexed: [String: Member] = [:]

    /// Claims for a namespace of `capacity` members.
    package init(capacity: Int) {
      usesDictionary = capacity > Self.listLimit
      if usesDictionary { indexed.reserveCapacity(capacity) } else { listed.reserveCapacity(capacity) }
    }

    /// Claims `identifier` for `member`, unless it is taken: then the member that took it.
    mutating func claim(_ identifier: String, for member: Member) -> Member? {
      guard usesDictionary else {
        if let first = listed.first(where: { $0.identifier == identifier }) { return first.member }
        listed.append((identifier, member))
        return nil
      }
      // One lookup claims a free name; a taken one goes back to its first claimant.
      guard let first = indexed.updateValue(member, forKey: identifier) else { return nil }
      indexed[identifier] = first
      return first
    }
  }

  private mutating func claim(
    _ identifier: Identifier, for member: Member, in claimed: inout Claims, of node: NamespaceTree.Node,
    scope: String
  ) {
    if identifier.isReserved {
      errors.append(
        .reservedName(language: language.name, identifier: identifier.text, named: named(member, in: node)))
    } else if let first = claimed.claim(identifier.text, for: member) {
      errors.append(
        .nameCollision(
          language: language.name, identifier: identifier.text, scope: scope, first: named(first, in: node),
          second: named(member, in: node)))
    }
  }
}
