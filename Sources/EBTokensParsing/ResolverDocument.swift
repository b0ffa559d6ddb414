import EBTokensSupport
import EBTokensSyntax

/// A DTCG 2025.10 resolver document (the resolver module), as written: its sets, its modifiers with
/// their contexts, and the order they resolve in, with every `$ref` inside the document followed.
///
/// What is left for later are the token sources themselves: files (with an optional JSON pointer
/// into them) and token trees written inline, each with where it is written.
public struct ResolverDocument: Sendable {
  /// One token source: a file, or a token tree written in the resolver document itself.
  public enum Source: Sendable {
    /// `{"$ref": "path/to/file.json"}` or `{"$ref": "file.json#/group"}`: `path` relative to the
    /// resolver document, `pointer` the reference tokens after `#` (empty for the whole file).
    case file(path: String, pointer: [String], location: SourceLocation)
    /// Tokens written in the document (in a `sources` array, or where a same-document pointer leads).
    case inline(SyntaxNode)
  }

  public struct Set: Sendable {
    public let name: String
    public let description: String?
    /// In order: a later source overrides an earlier one, token by token.
    public let sources: [Source]
    public let location: SourceLocation
  }

  public struct Modifier: Sendable {
    public struct Context: Sendable {
      public let name: String
      public let sources: [Source]
      public let location: SourceLocation
    }

    public let name: String
    public let description: String?
    /// In the order written.
    public let contexts: [Context]
    /// The context used when none is chosen.
    public let defaultContext: String?
    public let location: SourceLocation
  }

  /// One step of `resolutionOrder`.
  public enum Step: Sendable {
    case set(Set)
    case modifier(Modifier)
  }

  /// The document as the user names it.
  public let path: String
  public let format: TokenFileFormat
  public let name: String?
  public let description: String?
  public let resolutionOrder: [Step]

  /// The modifiers of `resolutionOrder`, in its order: those that decide a resolution.
  public var modifiers: [Modifier] {
    resolutionOrder.compactMap {
      if case .modifier(let modifier) = $0 { return modifier }
      return nil
    }
  }

  /// The version of the resolver module this reader implements; `version` must say it.
  public static let version = "2025.10"

  /// Reads the document's tree; `nil` with the errors when it is not a valid resolver document.
  public static func parse(_ document: SyntaxDocument, format: TokenFileFormat) -> (
    ResolverDocument?, [ResolverError]
  ) {
    var parser = ResolverDocumentParser(path: document.path)
    guard let root = document.root else { return (nil, [.emptyDocument(path: document.path)]) }
    let result = parser.parse(root, format: format)
    return parser.errors.isEmpty ? (result, []) : (nil, parser.errors)
  }
}

/// Walks a resolver document's tree into a ``ResolverDocument``, collecting every error.
private struct ResolverDocumentParser {
  let path: String
  var errors: [ResolverError] = []
  /// The root mapping, for same-document pointers.
  private var root: SyntaxMapping?
  private var sets: [String: ResolverDocument.Set] = [:]
  /// Sets that are not valid, reported once however often they are referenced.
  private var invalidSets: Swift.Set<String> = []
  /// Sets whose sources are being read, to catch a set that includes itself.
  private var setsInProgress: [String] = []

  init(path: String) {
    self.path = path
  }

  static let rootKeys = [
    "name", "version", "description", "sets", "modifiers", "resolutionOrder", "$schema", "$defs",
    "$extensions",
  ]

  mutating func parse(_ node: SyntaxNode, format: TokenFileFormat) -> ResolverDocument? {
    guard case .mapping(let mapping) = node else {
      errors.append(
        .wrongType(
          key: "the resolver document", expected: "a mapping", found: node.kindDescription, at: node.location)
      )
      return nil
    }
    root = mapping
    checkKeys(mapping, allowed: Self.rootKeys, in: "the resolver document")
    if let version = mapping["version"] {
      if let text = string(version, key: "version"), text != ResolverDocument.version {
        errors.append(.unsupportedVersion(text, at: version.location))
      }
    } else {
      errors.append(.missingKey("version", section: "the resolver document", at: mapping.location))
    }
    let name = mapping["name"].flatMap { string($0, key: "name") }
    let description = mapping["description"].flatMap { string($0, key: "description") }
    if let schema = mapping["$schema"] { _ = string(schema, key: "$schema") }
    var modifiers: [String: ResolverDocument.Modifier] = [:]
    if let node = mapping["modifiers"], let entries = self.mapping(node, key: "modifiers") {
      for entry in entries.entries {
        if let modifier = modifier(entry.value, name: entry.key.value, at: entry.key.location) {
          modifiers[entry.key.value] = modifier
        }
      }
    }
    if let node = mapping["sets"], let entries = self.mapping(node, key: "sets") {
      for entry in entries.entries where sets[entry.key.value] == nil {
        _ = namedSet(entry.key.value, at: entry.key.location)
      }
    }
    guard let orderNode = mapping["resolutionOrder"] else {
      errors.append(.missingKey("resolutionOrder", section: "the resolver document", at: mapping.location))
      return nil
    }
    guard case .sequence(let order) = orderNode else {
      errors.append(
        .wrongType(
          key: "resolutionOrder", expected: "a list", found: orderNode.kindDescription, at: orderNode.location
        ))
      return nil
    }
    var steps: [ResolverDocument.Step] = []
    var names: [String: SourceLocation] = [:]
    for item in order.items {
      guard let (step, name, location) = orderStep(item, modifiers: modifiers) else { continue }
      if let first = names[name] {
        errors.append(.duplicateName(name, first: first, at: location))
        continue
      }
      names[name] = location
      steps.append(step)
    }
    return ResolverDocument(
      path: path, format: format, name: name, description: description, resolutionOrder: steps)
  }

  // MARK: Sets and modifiers

  /// The root-level set `name`, read once (sets may refer to each other, in any order).
  private mutating func namedSet(_ name: String, at location: SourceLocation) -> ResolverDocument.Set? {
    if let set = sets[name] { return set }
    if invalidSets.contains(name) { return nil }
    guard case .mapping(let sets)? = root?["sets"],
      let entry = sets.entries.first(where: { $0.key.value == name })
    else { return nil }
    if setsInProgress.contains(name) {
      errors.append(.circularReference("#/sets/\(name)", at: location))
      return nil
    }
    setsInProgress.append(name)
    defer { setsInProgress.removeLast() }
    let set = self.set(
      entry.value, name: name, at: entry.key.location, allowed: ["sources", "description", "$extensions"])
    if set == nil { invalidSets.insert(name) }
    self.sets[name] = set
    return set
  }

  private mutating func set(_ node: SyntaxNode, name: String, at location: SourceLocation, allowed: [String])
    -> ResolverDocument.Set?
  {
    guard let mapping = mapping(node, key: "set '\(name)'") else { return nil }
    checkKeys(mapping, allowed: allowed, in: "set '\(name)'")
    let description = mapping["description"].flatMap { string($0, key: "description") }
    guard let sourcesNode = mapping["sources"] else {
      errors.append(.missingKey("sources", section: "set '\(name)'", at: mapping.location))
      return nil
    }
    return ResolverDocument.Set(
      name: name, description: description, sources: sources(sourcesNode, key: "sources"), location: location)
  }

  private mutating func modifier(
    _ node: SyntaxNode, name: String, at location: SourceLocation,
    allowed: [String] = ["contexts", "default", "description", "$extensions"]
  ) -> ResolverDocument.Modifier? {
    guard let mapping = mapping(node, key: "modifier '\(name)'") else { return nil }
    checkKeys(mapping, allowed: allowed, in: "modifier '\(name)'")
    let description = mapping["description"].flatMap { string($0, key: "description") }
    guard let contextsNode = mapping["contexts"] else {
      errors.append(.missingKey("contexts", section: "modifier '\(name)'", at: mapping.location))
      return nil
    }
    guard let contextMapping = self.mapping(contextsNode, key: "contexts") else { return nil }
    if contextMapping.entries.count < 2 {
      errors.append(
        .tooFewContexts(modifier: name, count: contextMapping.entries.count, at: contextMapping.location))
    }
    let contexts = contextMapping.entries.map { entry in
      ResolverDocument.Modifier.Context(
        name: entry.key.value, sources: sources(entry.value, key: entry.key.value),
        location: entry.key.location)
    }
    var defaultContext: String?
    if let node = mapping["default"], let value = string(node, key: "default") {
      if contexts.contains(where: { $0.name == value }) {
        defaultContext = value
      } else {
        errors.append(
          .unknownDefault(
            value, modifier: name, suggestion: Suggestion.closest(to: value, in: contexts.map(\.name)),
            at: node.location))
      }
    }
    return ResolverDocument.Modifier(
      name: name, description: description, contexts: contexts, defaultContext: defaultContext,
      location: location)
  }

  /// One entry of `resolutionOrder`: a `$ref` to a root-level set or modifier, or one written inline
  /// with `type` and `name`.
  private mutating func orderStep(_ node: SyntaxNode, modifiers: [String: ResolverDocument.Modifier]) -> (
    ResolverDocument.Step, name: String, SourceLocation
  )? {
    guard case .mapping(let mapping) = node else {
      errors.append(
        .wrongType(
          key: "an entry of resolutionOrder", expected: "a mapping ($ref, or an inline set or modifier)",
          found: node.kindDescription, at: node.location))
      return nil
    }
    if let reference = mapping["$ref"] {
      checkKeys(mapping, allowed: ["$ref"], in: "a reference")
      guard let target = string(reference, key: "$ref") else { return nil }
      let segments = Self.pointerSegments(target)
      switch (segments?.first, segments?.count) {
      case ("sets"?, 2?):
        guard let name = segments?.last, let set = namedSet(name, at: reference.location) else {
          // A set that exists but is wrong (or includes itself) is reported already.
          if !hasRootEntry("sets", named: segments?.last) {
            errors.append(.unresolvedReference(target, at: reference.location))
          }
          return nil
        }
        return (.set(set), name, reference.location)
      case ("modifiers"?, 2?):
        guard let name = segments?.last, let modifier = modifiers[name] else {
          if !hasRootEntry("modifiers", named: segments?.last) {
            errors.append(.unresolvedReference(target, at: reference.location))
          }
          return nil
        }
        return (.modifier(modifier), name, reference.location)
      default:
        errors.append(.invalidOrderReference(target, at: reference.location))
        return nil
      }
    }
    guard let typeNode = mapping["type"], let type = string(typeNode, key: "type") else {
      errors.append(.missingKey("type", section: "an inline set or modifier", at: mapping.location))
      return nil
    }
    guard let nameNode = mapping["name"], let name = string(nameNode, key: "name") else {
      errors.append(.missingKey("name", section: "an inline set or modifier", at: mapping.location))
      return nil
    }
    switch type {
    case "set":
      return set(
        node, name: name, at: nameNode.location,
        allowed: ["type", "name", "sources", "description", "$extensions"]
      ).map { (.set($0), name, nameNode.location) }
    case "modifier":
      return modifier(
        node, name: name, at: nameNode.location,
        allowed: ["type", "name", "contexts", "default", "description", "$extensions"]
      ).map { (.modifier($0), name, nameNode.location) }
    default:
      errors.append(.invalidStepType(type, at: typeNode.location))
      return nil
    }
  }

  // MARK: Sources

  /// A `sources` array (or a context's): references and inline token trees, in order.
  private mutating func sources(_ node: SyntaxNode, key: String) -> [ResolverDocument.Source] {
    guard case .sequence(let list) = node else {
      errors.append(
        .wrongType(key: key, expected: "a list of sources", found: node.kindDescription, at: node.location))
      return []
    }
    return list.items.flatMap { source($0) }
  }

  private mutating func source(_ node: SyntaxNode) -> [ResolverDocument.Source] {
    guard case .mapping(let mapping) = node else {
      errors.append(
        .wrongType(
          key: "a source", expected: "a mapping ({$ref: …} or tokens)", found: node.kindDescription,
          at: node.location))
      return []
    }
    guard let reference = mapping["$ref"] else { return [.inline(node)] }
    if mapping.entries.count > 1, let other = mapping.entries.first(where: { $0.key.value != "$ref" }) {
      errors.append(.keyBesideReference(other.key.value, at: other.key.location))
      return []
    }
    guard let target = string(reference, key: "$ref") else { return [] }
    if target.contains("://") {
      errors.append(.remoteReference(target, at: reference.location))
      return []
    }
    let hash = target.firstIndex(of: "#")
    let file = String(target[..<(hash ?? target.endIndex)])
    let pointer = hash.map { String(target[$0...]) } ?? ""
    guard let segments = Self.pointerSegments(pointer) else {
      errors.append(.invalidPointer(target, at: reference.location))
      return []
    }
    if !file.isEmpty {
      return [.file(path: file, pointer: segments, location: reference.location)]
    }
    switch segments.first {
    case "sets" where segments.count == 2:
      guard let set = namedSet(segments[1], at: reference.location) else {
        if !hasRootEntry("sets", named: segments[1]) {
          errors.append(.unresolvedReference(target, at: reference.location))
        }
        return []
      }
      return set.sources
    case "modifiers":
      errors.append(.modifierInSource(target, at: reference.location))
      return []
    case "resolutionOrder":
      errors.append(.pointerIntoResolutionOrder(target, at: reference.location))
      return []
    default:
      guard let root, let target = Self.node(at: segments, in: .mapping(root)) else {
        errors.append(.unresolvedReference(target, at: reference.location))
        return []
      }
      return source(target)
    }
  }

  /// The reference tokens of a JSON pointer written after `#` (RFC 6901: `~1` is `/`, `~0` is `~`);
  /// `nil` when it is not one. `#` and the empty pointer name the whole document.
  static func pointerSegments(_ pointer: String) -> [String]? {
    var text = Substring(pointer)
    if text.hasPrefix("#") { text = text.dropFirst() }
    if text.isEmpty { return [] }
    guard text.hasPrefix("/") else { return nil }
    return text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
      $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
  }

  /// The node a pointer leads to from `node`, or `nil`.
  static func node(at segments: [String], in node: SyntaxNode) -> SyntaxNode? {
    var current = node
    for segment in segments {
      switch current {
      case .mapping(let mapping):
        guard let next = mapping[segment] else { return nil }
        current = next
      case .sequence(let sequence):
        guard let index = Int(segment), sequence.items.indices.contains(index) else { return nil }
        current = sequence.items[index]
      case .scalar:
        return nil
      }
    }
    return current
  }

  // MARK: Helpers

  /// Whether the root's `sets` or `modifiers` has an entry `name`.
  private func hasRootEntry(_ section: String, named name: String?) -> Bool {
    guard let name, case .mapping(let entries)? = root?[section] else { return false }
    return entries[name] != nil
  }

  private mutating func checkKeys(_ mapping: SyntaxMapping, allowed: [String], in section: String) {
    _ = mapping.entries(allowed: allowed, section: section, errors: &errors)
  }

  private mutating func mapping(_ node: SyntaxNode, key: String) -> SyntaxMapping? {
    node.mapping(key: key, errors: &errors)
  }

  private mutating func string(_ node: SyntaxNode, key: String) -> String? {
    guard case .scalar(let scalar) = node else {
      errors.append(
        .wrongType(key: key, expected: "a string", found: node.kindDescription, at: node.location))
      return nil
    }
    return scalar.value
  }
}

extension ResolverDocument {
  /// The node a JSON pointer (its reference tokens, unescaped) leads to from `node`.
  public static func node(at pointer: [String], in node: SyntaxNode) -> SyntaxNode? {
    ResolverDocumentParser.node(at: pointer, in: node)
  }

  /// A pointer's reference tokens as written after `#`, for messages.
  public static func pointerText(_ pointer: [String]) -> String {
    "#/"
      + pointer.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
      .joined(separator: "/")
  }
}
