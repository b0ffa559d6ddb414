import EBTokensModel
import EBTokensSupport
import EBTokensSyntax

/// `@ 80%` after a color or reference: multiplies the source alpha.
public struct AlphaModifier: Hashable, Sendable {
  /// 0...1.
  public let factor: Double
  public let location: SourceLocation
}

/// A token's value as written, before types are known and references followed.
public enum ValueExpression: Sendable, Equatable {
  /// A literal, parsed once the token's type is known.
  case literal(SyntaxNode, alpha: AlphaModifier?)
  /// `"{group.token}"`, optionally `"{group.token} @ 80%"`.
  case reference(TokenPath, alpha: AlphaModifier?, at: SourceLocation)

  var alpha: AlphaModifier? {
    switch self {
    case .literal(_, let alpha), .reference(_, let alpha, _): return alpha
    }
  }

  /// Whether a literal holds a DTCG `$ref` (a JSON Pointer) anywhere in it.
  package var holdsJSONPointer: Bool {
    guard case .literal(let node, _) = self else { return false }
    // Most values are scalars: they are answered without making the list of nodes to visit.
    if case .scalar = node { return false }
    var pending = [node]
    while let next = pending.popLast() {
      switch next {
      case .scalar: continue
      case .sequence(let sequence): pending += sequence.items
      case .mapping(let mapping):
        if mapping["$ref"] != nil { return true }
        pending += mapping.entries.map(\.value)
      }
    }
    return false
  }
}

/// `$deprecated` as written: `false` is kept, because it overrides a group's deprecation.
public enum DeprecationSetting: Hashable, Sendable {
  case deprecated(Deprecation)
  case notDeprecated

  package var deprecation: Deprecation? {
    if case .deprecated(let deprecation) = self { return deprecation }
    return nil
  }
}

/// A token as written in a file.
///
/// A class, so that the resolver, `$extends` and modes pass definitions around without copying
/// (and retaining) each of their fields.
///
/// Sendable, though ``path`` is a `var`: only `takePath()` writes it, on a definition that only
/// the thread calling it can reach (see there).
public final class TokenDefinition: @unchecked Sendable {
  // Unchecked for exclusive access at run time: only `takePath()` writes it, and every read
  // (three for each token while loading) paid for the check.
  @exclusivity(unchecked) public private(set) var path: TokenPath
  /// The token's own `$type`.
  public let declaredType: TokenType?
  /// Set when the token's `$type` was written but invalid (already reported),
  /// so the token fails without a second, misleading "no type" error.
  public let hasInvalidType: Bool
  /// Set when the value is a malformed reference or alpha modifier (already reported), so the
  /// token fails without a second error about the same text.
  public let hasInvalidValue: Bool
  public let value: ValueExpression
  public let location: SourceLocation
  public let valueLocation: SourceLocation
  /// What most tokens do not have, kept aside so that they do not carry room for it.
  private let details: Details?

  private final class Details: Sendable {
    let description: String?
    let deprecation: DeprecationSetting?
    let extensions: SyntaxNode?
    let unsupportedType: String?
    let root: RootGroup?

    package init(
      description: String?, deprecation: DeprecationSetting?, extensions: SyntaxNode?,
      unsupportedType: String?, root: RootGroup?
    ) {
      self.description = description
      self.deprecation = deprecation
      self.extensions = extensions
      self.unsupportedType = unsupportedType
      self.root = root
    }
  }

  package init(
    path: TokenPath, declaredType: TokenType? = nil, hasInvalidType: Bool, unsupportedType: String? = nil,
    value: ValueExpression, description: String? = nil, deprecation: DeprecationSetting? = nil,
    extensions: SyntaxNode? = nil, root: RootGroup? = nil, location: SourceLocation,
    valueLocation: SourceLocation, hasInvalidValue: Bool = false
  ) {
    self.path = path
    self.declaredType = declaredType
    self.hasInvalidType = hasInvalidType
    self.hasInvalidValue = hasInvalidValue
    self.value = value
    self.location = location
    self.valueLocation = valueLocation
    if description == nil && deprecation == nil && extensions == nil && unsupportedType == nil && root == nil
    {
      details = nil
    } else {
      details = Details(
        description: description, deprecation: deprecation, extensions: extensions,
        unsupportedType: unsupportedType, root: root)
    }
  }

  /// Hands the path over to the token made from this definition, and leaves the path of no
  /// segment in its place: for a resolver that holds the only references to its definitions and
  /// makes each token once (`Resolver.resolve(_:limits:handingOverDefinitions:)`). The token then
  /// takes the path's name and segments without retaining them, which at 100,000 tokens were
  /// two cache misses each, most of the time spent making the tokens.
  package func takePath() -> TokenPath {
    var taken = TokenPath([])
    swap(&taken, &path)
    return taken
  }

  public var description: String? { details?.description }
  public var deprecation: DeprecationSetting? { details?.deprecation }
  public var extensions: SyntaxNode? { details?.extensions }
  /// The `$type` written on the token when ebtokens leaves such tokens out (a warning said so).
  public var unsupportedType: String? { details?.unsupportedType }
  /// What the root of the token's file declares, below its groups.
  public var root: RootGroup? { details?.root }

  /// Whether `other` is written exactly as this definition, down to its locations: resolved, the
  /// two give the same token. A file read again after an edit keeps most of its definitions so.
  package func isWritten(as other: TokenDefinition) -> Bool {
    self === other
      || (path == other.path && declaredType == other.declaredType && hasInvalidType == other.hasInvalidType
        && hasInvalidValue == other.hasInvalidValue && location == other.location
        && valueLocation == other.valueLocation && value == other.value && description == other.description
        && deprecation == other.deprecation && extensions == other.extensions
        && unsupportedType == other.unsupportedType && root == other.root)
  }
}

/// What a file's root declares, as a group does (the format module treats the root as a group):
/// it applies to the file's tokens only, after their own groups.
public struct RootGroup: Sendable, Equatable {
  public var type: TokenType?
  /// The root's `$type` when ebtokens leaves such tokens out (a warning said so).
  public var unsupportedType: String?
  /// Set when the root's `$type` was written but invalid (already reported).
  public var hasInvalidType = false
  public var deprecation: DeprecationSetting?
}

/// What a group says about the tokens below it, merged across files.
///
/// Most groups set a `$type` and nothing else, so what few of them set is kept aside in one
/// box: a group is a few words in the group table (a large design system has tens of thousands),
/// and the table grows and is copied that much faster.
public struct GroupDefinition: Sendable {
  package init(
    path: TokenPath, type: TokenType? = nil, typeLocation: SourceLocation? = nil,
    deprecation: DeprecationSetting? = nil, location: SourceLocation, description: String? = nil,
    extensions: SyntaxNode? = nil, extends: GroupReference? = nil
  ) {
    self.path = path
    self.type = type
    self.typeLocation = typeLocation
    self.location = location
    let details = Details(
      unsupportedType: nil, deprecation: deprecation, description: description, extensions: extensions,
      extends: extends)
    self.details = details.isEmpty ? nil : DetailsBox(details)
  }

  public let path: TokenPath
  public var type: TokenType?
  public var typeLocation: SourceLocation?
  /// Set when the group's `$type` was written but invalid (already reported).
  public var hasInvalidType = false
  public let location: SourceLocation
  /// What most groups do not set; `nil` when the group sets none of it.
  private var details: DetailsBox?

  private struct Details: Sendable {
    var unsupportedType: String?
    var deprecation: DeprecationSetting?
    var description: String?
    var extensions: SyntaxNode?
    var extends: GroupReference?

    var isEmpty: Bool {
      unsupportedType == nil && deprecation == nil && description == nil && extensions == nil
        && extends == nil
    }
  }

  /// Never changed once made: a group changed is given a new box, so copies of a group stay apart.
  private final class DetailsBox: Sendable {
    let details: Details

    init(_ details: Details) { self.details = details }
  }

  /// Sets one of the details: a box is made only for a value, and dropped when none is left.
  private mutating func update<Value>(_ field: WritableKeyPath<Details, Value?>, to value: Value?) {
    if value == nil && details == nil { return }
    var changed = details?.details ?? Details()
    changed[keyPath: field] = value
    details = changed.isEmpty ? nil : DetailsBox(changed)
  }

  /// The group's `$type` when ebtokens leaves such tokens out (a warning said so).
  public var unsupportedType: String? {
    get { details?.details.unsupportedType }
    set { update(\.unsupportedType, to: newValue) }
  }
  public var deprecation: DeprecationSetting? {
    get { details?.details.deprecation }
    set { update(\.deprecation, to: newValue) }
  }
  /// `$description`, kept so an export can write it back.
  public var description: String? {
    get { details?.details.description }
    set { update(\.description, to: newValue) }
  }
  /// `$extensions`, kept because DTCG requires tools to preserve what they do not understand.
  public var extensions: SyntaxNode? {
    get { details?.details.extensions }
    set { update(\.extensions, to: newValue) }
  }
  /// `$extends`: the group whose tokens this one inherits (see `GroupExtensions`).
  public var extends: GroupReference? {
    get { details?.details.extends }
    set { update(\.extends, to: newValue) }
  }
}

/// A group named by `$extends`, and where it is named.
public struct GroupReference: Sendable, Equatable {
  public let target: TokenPath
  public let location: SourceLocation
}

/// Every token and group of all files, with the errors found while reading them.
public struct TokenSource: Sendable {
  public package(set) var definitions: [TokenDefinition] = []
  public package(set) var groups = GroupTable()
  /// Name → index in `definitions`, to find duplicates across files.
  package var definitionIndex = NameIndex()
  /// By definition, as merging files records them: the place in `groups` of the group holding
  /// it, -1 at the top of its file. Only as long as `definitions` (what adds definitions
  /// otherwise, as `$extends` does, leaves it shorter): else each one's group is found by name.
  package var groupPositions: [Int32] = []
  /// Tokens whose error was already reported before resolution (a broken `$ref`, say): they
  /// fail without a second error, and so do the tokens that depend on them.
  package var brokenNames: Set<String> = []
  /// Set when a file read into this source held a DTCG `$ref` in a value (see
  /// ``ValueExpression/holdsJSONPointer``), and never unset: without one, no value is searched
  /// for pointers, which would mean reading every definition.
  package var mayHoldJSONPointers = false

  public init() {}
}

extension TokenSource {
  /// Lays `other` over this source, as the resolver module merges sources: a token `other` defines
  /// replaces the one of that name, a new one is added, and what a group declares in `other` wins.
  /// A token where the other has a group (or the reverse) is an error, and is left as it was.
  package mutating func overlay(_ other: TokenSource) -> [TokenFileError] {
    var errors: [TokenFileError] = []
    for group in other.groups.values.sorted(by: { $0.path.name < $1.path.name }) {
      let name = group.path.name
      if let index = definitionIndex[name] {
        errors.append(
          .tokenGroupConflict(
            name, token: definitions[index].location, group: group.location, at: group.location))
        continue
      }
      guard var existing = groups[name] else {
        groups.record(group)
        continue
      }
      if let type = group.type {
        existing.type = type
        existing.typeLocation = group.typeLocation
      }
      existing.hasInvalidType = existing.hasInvalidType || group.hasInvalidType
      if let deprecation = group.deprecation { existing.deprecation = deprecation }
      if let description = group.description { existing.description = description }
      if let extensions = group.extensions { existing.extensions = extensions }
      if let extends = group.extends { existing.extends = extends }
      groups.record(existing)
    }
    for definition in other.definitions {
      let name = definition.path.name
      if let group = groups[name] {
        errors.append(
          .tokenGroupConflict(
            name, token: definition.location, group: group.location, at: definition.location))
      } else if let index = definitionIndex[name] {
        definitions[index] = definition
        brokenNames.remove(name)
      } else {
        definitionIndex[name] = definitions.count
        definitions.append(definition)
      }
    }
    brokenNames.formUnion(other.brokenNames)
    mayHoldJSONPointers = mayHoldJSONPointers || other.mayHoldJSONPointers
    return errors
  }
}
