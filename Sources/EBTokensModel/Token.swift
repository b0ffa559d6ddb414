import EBTokensSupport
import EBTokensSyntax

/// `$deprecated`: `true`, or a message saying what to use instead.
public enum Deprecation: Hashable, Sendable {
  case deprecated
  case message(String)

  public var message: String? {
    if case .message(let text) = self { return text }
    return nil
  }
}

/// What a token's value was written as, when it was not a literal: the token
/// it points at and the alpha modifier applied on the way (`{a} @ 80%`).
public struct TokenReference: Hashable, Sendable {
  public let target: TokenPath
  /// The `@ NN%` factor, 0...1; `nil` when the reference had no modifier.
  public let alphaFactor: Double?

  public init(target: TokenPath, alphaFactor: Double?) {
    self.target = target
    self.alphaFactor = alphaFactor
  }
}

/// A fully resolved token: a final value plus everything needed to point back
/// at where it was written.
///
/// A class: every token set, mode and output context holds the same token, so passing one
/// around retains one object instead of copying a dozen fields (and retaining each).
public final class Token: Sendable {
  public let path: TokenPath
  public let type: TokenType
  public let value: TokenValue
  /// Where the token's name is written.
  public let location: SourceLocation
  /// Where its value is written.
  public let valueLocation: SourceLocation
  /// The direct reference, when the value came from another token: boxed, as most tokens have
  /// none and it is as large as a path and a factor.
  @usableFromInline let referenceBox: ReferenceBox?
  /// What most tokens do not have, kept aside so that they do not carry room for it.
  @usableFromInline let details: Details?

  @usableFromInline final class ReferenceBox: Sendable {
    @usableFromInline let reference: TokenReference

    package init(_ reference: TokenReference) {
      self.reference = reference
    }
  }

  @usableFromInline final class Details: Sendable {
    @usableFromInline let description: String?
    @usableFromInline let deprecation: Deprecation?
    @usableFromInline let extensions: SyntaxNode?
    @usableFromInline let componentReferences: [ComponentReference]

    package init(
      description: String?, deprecation: Deprecation?, extensions: SyntaxNode?,
      componentReferences: [ComponentReference]
    ) {
      self.description = description
      self.deprecation = deprecation
      self.extensions = extensions
      self.componentReferences = componentReferences
    }
  }

  package init(
    path: TokenPath, type: TokenType, value: TokenValue, description: String? = nil,
    deprecation: Deprecation?,
    extensions: SyntaxNode? = nil, location: SourceLocation, valueLocation: SourceLocation,
    reference: TokenReference? = nil, componentReferences: [ComponentReference] = []
  ) {
    self.path = path
    self.type = type
    self.value = value
    self.location = location
    self.valueLocation = valueLocation
    self.referenceBox = reference.map(ReferenceBox.init)
    if description == nil && deprecation == nil && extensions == nil && componentReferences.isEmpty {
      details = nil
    } else {
      details = Details(
        description: description, deprecation: deprecation, extensions: extensions,
        componentReferences: componentReferences)
    }
  }

  // The accessors below are inlinable: every output and the audit read them across modules, for
  // each token.

  /// The direct reference, when the value came from another token.
  @inlinable public var reference: TokenReference? { referenceBox?.reference }
  @inlinable public var description: String? { details?.description }
  @inlinable public var deprecation: Deprecation? { details?.deprecation }
  /// `$extensions`, kept as written and not interpreted.
  @inlinable public var extensions: SyntaxNode? { details?.extensions }
  /// The parts of a composite value that were written as references, in the order written.
  @inlinable public var componentReferences: [ComponentReference] { details?.componentReferences ?? [] }

  @inlinable public var name: String { path.name }
}

/// What a group says about itself: kept so `DTCGExport` can write it back, as DTCG requires of
/// `$extensions` in particular.
public struct GroupMetadata: Sendable {
  public let description: String?
  /// `$extensions`, kept as written and not interpreted.
  public let extensions: SyntaxNode?

  public init(description: String?, extensions: SyntaxNode?) {
    self.description = description
    self.extensions = extensions
  }
}

/// All tokens of a design system, resolved, in path order.
public struct TokenSet: Sendable {
  public let tokens: [Token]
  /// The groups that have a `$description` or `$extensions`, by dotted name.
  public let groups: [String: GroupMetadata]
  package let indexByName: NameIndex

  public init(tokens: [Token], groups: [String: GroupMetadata] = [:]) {
    var keys = TokenPath.SortKeys(
      capacity: tokens.count, byteCapacity: tokens.reduce(0) { $0 + $1.path.estimatedSortKeyLength })
    for token in tokens { keys.append(token.path) }
    self.init(sorted: keys.sortedIndices().map { tokens[$0] }, groups: groups)
  }

  /// `tokens` already in path order.
  package init(sorted tokens: [Token], groups: [String: GroupMetadata]) {
    self.init(sorted: tokens, groups: groups, indexByName: NameIndex(positionsOf: tokens.lazy.map(\.name)))
  }

  /// `tokens` already in path order, and the index of their names' positions (built elsewhere,
  /// meanwhile).
  package init(sorted tokens: [Token], groups: [String: GroupMetadata], indexByName: NameIndex) {
    self.groups = groups
    self.tokens = tokens
    self.indexByName = indexByName
  }

  /// Each name's position among `names`.
  package static func index(names: some Collection<String>) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(names.count)
    for (position, name) in names.enumerated() { index[name] = position }
    return index
  }

  public subscript(name: String) -> Token? {
    indexByName[name].map { tokens[$0] }
  }
}
