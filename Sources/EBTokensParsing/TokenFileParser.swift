import EBTokensModel
import EBTokensSupport
import EBTokensSyntax

/// Gives token meaning to YAML trees: which mappings are tokens and which are
/// groups, what each token's value expression is, and what groups declare.
///
/// Parsing every file into one ``TokenSource`` merges groups across files and
/// catches a token defined twice. Values are not interpreted here: that needs
/// the token's type, which may come from a group in another file or from the
/// token a reference points at (see `Resolver`).
public struct TokenFileParser {
  public private(set) var source = TokenSource()
  public private(set) var errors: [TokenFileError] = []
  /// Set once a token beyond ``/EBTokensSupport/Limits/maxTokens`` was refused: reading more files is wasted work.
  public private(set) var exceededTokenLimit = false
  /// Errors in the DTCG-specific structure (`$root`, `$extends`, `$ref`, JSON strictness).
  public private(set) var dtcgErrors: [DTCGError] = []
  let limits: Limits

  public init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// Adds one file's tree. A DTCG JSON file (`format: .json`) is held to the format module: a
  /// member of a group is an object (no shorthand), a string is a JSON string, and the YAML-only
  /// `@ NN%` modifier is refused; its top may hold `$schema`, which editors use to validate it.
  public mutating func add(_ document: SyntaxDocument, format: TokenFileFormat = .yaml) {
    add(FileMembers(document, format: format))
  }

  /// Makes room for `count` more tokens at once, rather than growing the tables many times
  /// (call it once for many files: each call may copy the tables); never for more than
  /// ``/EBTokensSupport/Limits/maxTokens`` in all.
  package mutating func reserveCapacity(forMoreTokens count: Int) {
    let total = min(source.definitions.count + count, limits.maxTokens)
    source.definitions.reserveCapacity(total)
    source.groupPositions.reserveCapacity(total)
    source.definitionIndex.reserveCapacity(total)
  }

  /// Adds one file's members, found beforehand (see ``FileMembers``): only merging them with the
  /// other files' depends on what came before, so files can be read side by side and merged in
  /// order, with every error reported as if they had been read one after the other.
  package mutating func add(_ members: FileMembers) {
    if members.holdJSONPointers { source.mayHoldJSONPointers = true }
    // The groups open at `position`, innermost last: each one's end and its place in the table.
    var openGroups: [(end: Int, position: Int)] = []
    var position = 0
    while position < members.items.count {
      prefetchSlots(of: members.items, at: position + Self.prefetchDistance)
      while let innermost = openGroups.last, innermost.end <= position { openGroups.removeLast() }
      switch members.items[position] {
      case .error(let error): errors.append(error)
      case .dtcgError(let error): dtcgErrors.append(error)
      case .broken(let name): source.brokenNames.insert(name)
      case .token(let token, let nameHash):
        define(token, nameHash: nameHash, groupPosition: openGroups.last?.position)
      case .group(let group, let nameHash, let end):
        // Children of a group that clashes with a token would only repeat that error.
        guard
          let groupPosition = mergeGroup(group, nameHash: nameHash, parentPosition: openGroups.last?.position)
        else {
          position = end
          continue
        }
        openGroups.append((end, groupPosition))
      }
      position += 1
    }
  }

  /// How many items ahead of the one being merged the merge asks for the slots of the next.
  private static let prefetchDistance = 8

  /// Starts loading the slots where the item at `position` (if any) will be looked up: the two
  /// tables of names are too large for the cache, and each lookup would otherwise wait for them.
  @inline(__always)
  private func prefetchSlots(of items: [FileMembers.Item], at position: Int) {
    guard position < items.count else { return }
    switch items[position] {
    case .token(_, let nameHash), .group(_, let nameHash, _):
      source.definitionIndex.prefetch(hash: nameHash)
      source.groups.prefetch(hash: nameHash)
    case .error, .dtcgError, .broken: break
    }
  }

  /// - Parameters:
  ///   - nameHash: The ``/EBTokensSupport/NameIndex/hash(of:)`` of the token's name.
  ///   - groupPosition: The place in the groups' table of the group holding it.
  private mutating func define(_ token: TokenDefinition, nameHash: Int, groupPosition: Int?) {
    let name = token.path.name
    // One lookup finds a duplicate or makes the token's entry (taken back if the token is refused).
    let next = source.definitions.count
    let index = source.definitionIndex.value(for: name, hash: nameHash, insertingIfMissing: next)
    if index != next {
      errors.append(.duplicateToken(name, first: source.definitions[index].location, at: token.location))
      return
    }
    if let groupPosition = source.groups.position(of: name, hash: nameHash) {
      let group = source.groups.values[groupPosition]
      source.definitionIndex.removeValue(for: name, hash: nameHash)
      errors.append(
        .tokenGroupConflict(name, token: token.location, group: group.location, at: token.location))
      return
    }
    if next >= limits.maxTokens {
      source.definitionIndex.removeValue(for: name, hash: nameHash)
      if !exceededTokenLimit {
        errors.append(.tooManyTokens(limit: limits.maxTokens, at: token.location))
        exceededTokenLimit = true
      }
      return
    }
    source.definitions.append(token)
    source.groupPositions.append(Int32(groupPosition ?? -1))
  }

  /// Records the group, held by the group at `parentPosition`, merging it with the same group from
  /// other files; returns its place in the table, `nil` when the name is already a token.
  private mutating func mergeGroup(_ group: GroupDefinition, nameHash: Int, parentPosition: Int?) -> Int? {
    if let index = source.definitionIndex.value(for: group.path.name, hash: nameHash) {
      let token = source.definitions[index].location
      errors.append(
        .tokenGroupConflict(group.path.name, token: token, group: group.location, at: group.location))
      return nil
    }
    // One lookup finds the group or records it.
    let (position, isNew) = source.groups.record(group, hash: nameHash, parentPosition: parentPosition)
    if !isNew {
      Self.merge(group, into: &source.groups[position: position], errors: &errors, dtcgErrors: &dtcgErrors)
    }
    return position
  }

  /// Merges what `group` declares into `existing`, the same group from earlier files.
  private static func merge(
    _ group: GroupDefinition, into existing: inout GroupDefinition, errors: inout [TokenFileError],
    dtcgErrors: inout [DTCGError]
  ) {
    if let type = group.type, let typeLocation = group.typeLocation {
      if let first = existing.type, let firstAt = existing.typeLocation, first != type {
        errors.append(
          .conflictingGroupType(
            group: group.path.name, first: first, firstAt: firstAt, second: type, at: typeLocation))
      } else if existing.type == nil {
        existing.type = type
        existing.typeLocation = typeLocation
      }
    }
    existing.hasInvalidType = existing.hasInvalidType || group.hasInvalidType
    // Each detail set only where missing: setting one makes the group a new box of details.
    if existing.unsupportedType == nil, let unsupportedType = group.unsupportedType {
      existing.unsupportedType = unsupportedType
    }
    if existing.deprecation == nil, let deprecation = group.deprecation { existing.deprecation = deprecation }
    if existing.description == nil, let description = group.description { existing.description = description }
    if existing.extensions == nil, let extensions = group.extensions { existing.extensions = extensions }
    if let extends = group.extends {
      if let first = existing.extends, first.target != extends.target {
        dtcgErrors.append(
          .conflictingExtends(
            group: group.path.name, first: first, second: extends.target, at: extends.location))
      } else if existing.extends == nil {
        existing.extends = extends
      }
    }
  }
}

/// What one file holds, in the order written: its groups, tokens and errors, before they are
/// merged with other files'. Finding them depends on nothing but the file, so files are read and
/// walked side by side (see `TokenLoader`); the YAML tree is dropped once they are found, but
/// for the value nodes that definitions keep.
package struct FileMembers: Sendable {
  /// One thing the file holds. The large payloads (errors, groups) are boxed (`indirect`), so that an item is a few words
  /// rather than the size of a group definition: every token is one item.
  enum Item: Sendable {
    indirect case error(TokenFileError)
    indirect case dtcgError(DTCGError)
    /// A token whose error is already reported (see ``TokenSource/brokenNames``).
    case broken(String)
    /// Each token and group comes with the hash of its name (see ``/EBTokensSupport/NameIndex``),
    /// computed while the file is walked, so that merging files does not hash names.
    case token(TokenDefinition, nameHash: Int)
    /// A group, followed by its members up to `end` (an index into `items`): skipped when the
    /// group cannot be merged.
    indirect case group(GroupDefinition, nameHash: Int, end: Int)
  }

  private(set) var items: [Item] = []
  /// Whether a token's value holds a `$ref` (see ``TokenSource/mayHoldJSONPointers``).
  private(set) var holdJSONPointers = false

  package init(_ document: SyntaxDocument, format: TokenFileFormat) {
    var walker = FileWalker(format: format)
    walker.add(document)
    items = walker.items
    holdJSONPointers = walker.holdJSONPointers
  }

  /// The reserved keys a token, a group and a file's root may hold; any other `$` key is an error.
  package static let tokenKeys = ["$value", "$ref", "$type", "$description", "$deprecated", "$extensions"]
  package static let groupKeys = ["$type", "$description", "$deprecated", "$extensions", "$extends", "$root"]
  /// A file's root is a group (format module, "Groups"), less what only a named group can be
  /// (extended, or given a root token), plus `$schema`, which editors validate files with.
  package static let rootKeys = ["$schema", "$type", "$description", "$deprecated", "$extensions"]
}

/// Walks one file's tree into ``FileMembers/Item``s.
private struct FileWalker {
  let format: TokenFileFormat
  var items: [FileMembers.Item] = []
  /// Whether a token's value holds a `$ref`, found here, on the thread that reads the file.
  var holdJSONPointers = false
  /// How many `.error` items there are: a value is invalid when reading it added one.
  private var errorCount = 0

  /// What the file's root declares for every token in the file.
  private var root: RootGroup?

  package init(format: TokenFileFormat) {
    self.format = format
  }

  private mutating func report(_ error: TokenFileError) {
    items.append(.error(error))
    errorCount += 1
  }

  private mutating func reportDTCG(_ error: DTCGError) {
    items.append(.dtcgError(error))
  }

  private mutating func define(_ token: TokenDefinition) {
    if !holdJSONPointers { holdJSONPointers = token.value.holdsJSONPointer }
    items.append(.token(token, nameHash: NameIndex.hash(of: token.path.name)))
  }

  mutating func add(_ document: SyntaxDocument) {
    guard let root = document.root else {
      report(.emptyFile(path: document.path))
      return
    }
    guard case .mapping(let mapping) = root else {
      report(.rootNotMapping(found: root.kindDescription, at: root.location))
      return
    }
    var rootGroup = RootGroup()
    for entry in mapping.entries where entry.key.value.isReservedName {
      switch entry.key.value {
      case "$schema": _ = string(entry, key: "$schema")
      case "$type":
        (rootGroup.type, rootGroup.unsupportedType) = type(entry.value, owner: .root)
        rootGroup.hasInvalidType = rootGroup.type == nil && rootGroup.unsupportedType == nil
      // Kept nowhere: no output has a place for a file's own description or extensions (Figma's
      // `com.figma.modeName`, say), and DTCG export writes one file for all.
      case "$description": _ = string(entry, key: "$description")
      case "$extensions": _ = extensions(entry.value)
      case "$deprecated": rootGroup.deprecation = deprecation(entry.value)
      default:
        report(.reservedKeyAtRoot(entry.key.value, allowed: FileMembers.rootKeys, at: entry.key.location))
      }
    }
    if rootGroup != RootGroup() { self.root = rootGroup }
    for entry in mapping.entries where !entry.key.value.isReservedName {
      addMember(entry, parent: nil, parentSegments: [])
    }
  }

  /// - Parameter parentSegments: The segments of `parent`, one array for all its members to share.
  private mutating func addMember(_ entry: SyntaxMapping.Entry, parent: TokenPath?, parentSegments: [String])
  {
    if let problem = TokenPath.problem(withSegment: entry.key.value) {
      report(.invalidName(entry.key.value, problem: problem, at: entry.key.location))
      return
    }
    let path =
      parent.map { TokenPath(parent: $0, segments: parentSegments, entry.key.value) }
      ?? TokenPath(parent: nil, entry.key.value)
    switch entry.value {
    case .mapping(let mapping) where mapping.isToken:
      addToken(path, keyLocation: entry.key.location, mapping: mapping)
    case .mapping where entry.key.value == TokenPath.rootTokenName:
      reportDTCG(.rootTokenWithoutValue(group: parent?.name ?? "", at: entry.key.location))
    case .mapping(let mapping):
      addGroup(path, keyLocation: entry.key.location, mapping: mapping)
    case .scalar where format == .json, .sequence where format == .json:
      reportDTCG(
        .memberNotAnObject(path.name, found: entry.value.kindDescription, at: entry.value.location))
    case .scalar, .sequence:
      // Shorthand: `bg: "#E5F1FF"` is a token whose $value is the scalar.
      let errorsBefore = errorCount
      let value = expression(entry.value, token: path)
      define(
        TokenDefinition(
          path: path, declaredType: nil, hasInvalidType: false, value: value,
          description: nil,
          deprecation: nil, extensions: nil, root: root, location: entry.key.location,
          valueLocation: entry.value.location,
          hasInvalidValue: errorCount > errorsBefore
        ))
    }
  }

  /// - Parameter keyLocation: Where the group's name is written: its key's location alone, as a copy of
  ///   the key (its text) would cost a retain and a release per group.
  private mutating func addGroup(_ path: TokenPath, keyLocation: SourceLocation, mapping: SyntaxMapping) {
    var group = GroupDefinition(path: path, location: keyLocation)
    // The entries are read where they lie, through their buffer: a loop over the array, or reading
    // an element's key through the array, copied the entry or its key (a few references retained
    // and released) before asking whether it was wanted.
    mapping.entries.withUnsafeBufferPointer { entries in
      readOwnKeys(of: &group, in: entries)
    }
    // The group's item goes before its members, and is made once its end is known: until then
    // its place holds an item that costs nothing to make. Making the group's item twice (its box,
    // and the group copied into it) took a fifth of this function's time.
    let item = items.count
    let nameHash = NameIndex.hash(of: path.name)
    items.append(.broken(""))
    // The members, in the order written, walked in a second pass over the entries rather than
    // collected into an array of their own.
    let memberSegments = Array(path.segments)
    mapping.entries.withUnsafeBufferPointer { entries in
      for index in entries.indices
      where entries[index].key.value == TokenPath.rootTokenName || !entries[index].key.value.isReservedName {
        addMember(entries[index], parent: path, parentSegments: memberSegments)
      }
    }
    items[item] = .group(consume group, nameHash: nameHash, end: items.count)
  }

  /// Reads the group's own keys (`$type`, `$description`, …) among `entries` into `group`; its
  /// members, the other entries, are walked apart.
  private mutating func readOwnKeys(
    of group: inout GroupDefinition, in entries: UnsafeBufferPointer<SyntaxMapping.Entry>
  ) {
    let path = group.path
    for index in entries.indices where entries[index].key.value.isReservedName {
      let entry = entries[index]
      switch entry.key.value {
      case "$type":
        (group.type, group.unsupportedType) = type(entry.value, owner: .group(path.name))
        group.typeLocation = entry.value.location
        group.hasInvalidType = group.type == nil && group.unsupportedType == nil
      case "$description":
        group.description = string(entry, key: "$description")
      case "$deprecated":
        group.deprecation = deprecation(entry.value)
      case "$extensions":
        group.extensions = extensions(entry.value)
      case "$extends":
        group.extends = groupReference(entry)
      case TokenPath.rootTokenName:
        continue
      default:
        report(unknownKey(entry.key.value, allowed: FileMembers.groupKeys, at: entry.key.location))
      }
    }
  }

  /// - Parameter keyLocation: Where the token's name is written (see `addGroup`).
  private mutating func addToken(_ path: TokenPath, keyLocation: SourceLocation, mapping: SyntaxMapping) {
    var declaredType: TokenType?
    var unsupportedType: String?
    var hasInvalidType = false
    var description: String?
    var deprecation: DeprecationSetting?
    var extensions: SyntaxNode?
    for entry in mapping.entries {
      switch entry.key.value {
      case "$value", "$ref": continue
      case "$type":
        (declaredType, unsupportedType) = type(entry.value, owner: .token(path.name))
        hasInvalidType = declaredType == nil
      case "$description": description = string(entry, key: "$description")
      case "$deprecated": deprecation = self.deprecation(entry.value)
      case "$extensions": extensions = self.extensions(entry.value)
      case let other where other.isReservedName:
        report(unknownKey(other, allowed: FileMembers.tokenKeys, at: entry.key.location))
      default:
        report(.tokenHasChildren(token: path.name, child: entry.key.value, at: entry.key.location))
      }
    }
    let value: SyntaxNode
    switch (mapping["$value"], mapping.entries.first { $0.key.value == "$ref" }) {
    case (let node?, nil):
      value = node
    case (_?, let pointer?):
      reportDTCG(.valueAndRef(token: path.name, at: pointer.key.location))
      return
    case (nil, let pointer?):
      // `{"$ref": "#/base/$value"}` in a token's place: its value is what the pointer names,
      // resolved with the pointers inside values (see ``JSONPointers``).
      value = .mapping(SyntaxMapping(location: pointer.key.location, entries: [pointer]))
    case (nil, nil):
      return
    }
    let errorsBefore = errorCount
    let expression = expression(value, token: path)
    define(
      TokenDefinition(
        path: path, declaredType: declaredType, hasInvalidType: hasInvalidType,
        unsupportedType: unsupportedType, value: expression,
        description: description,
        deprecation: deprecation, extensions: extensions, root: root, location: keyLocation,
        valueLocation: value.location, hasInvalidValue: errorCount > errorsBefore))
  }

  // MARK: - Reserved keys

  /// The `$type` written, or when it names a type that is not DTCG's, which ebtokens leaves out (a
  /// warning says so), that type's name; neither when it is an error.
  private mutating func type(_ node: SyntaxNode, owner: TypeOwner) -> (TokenType?, unsupported: String?) {
    guard case .scalar(let scalar) = node else {
      report(.expectedString(key: "$type", found: node.kindDescription, at: node.location))
      return (nil, nil)
    }
    if let type = TokenType(rawValue: scalar.value) { return (type, nil) }
    // A near miss of a DTCG type's name is a typo, so an error; any other name is a type some tool
    // defines for itself (Figma's `string`, Style Dictionary's `fontSize`, Tokens Studio's
    // `spacing`), left out with a warning so that it never stops the tokens ebtokens can build.
    if !TokenType.nonStandard.contains(scalar.value),
      let suggestion = Suggestion.closest(to: scalar.value, in: TokenType.allCases.map(\.rawValue))
    {
      report(.unknownType(scalar.value, suggestion: suggestion, at: scalar.location))
      return (nil, nil)
    }
    items.append(.error(.unsupportedType(scalar.value, owner: owner, at: scalar.location)))
    return (nil, scalar.value)
  }

  /// A string; in JSON, only a JSON string (not `null`, a number or a boolean).
  private mutating func string(_ entry: SyntaxMapping.Entry, key: String) -> String? {
    guard case .scalar(let scalar) = entry.value, format == .yaml || scalar.isQuoted else {
      report(.expectedString(key: key, found: entry.value.kindDescription, at: entry.value.location))
      return nil
    }
    return scalar.value
  }

  private mutating func deprecation(_ node: SyntaxNode) -> DeprecationSetting? {
    guard case .scalar(let scalar) = node, !scalar.isAmbiguousBoolean,
      format == .yaml || scalar.isQuoted || scalar.boolValue != nil
    else {
      report(.invalidDeprecated(found: node.kindDescription, at: node.location))
      return nil
    }
    if let flag = scalar.boolValue { return flag ? .deprecated(.deprecated) : .notDeprecated }
    return .deprecated(.message(scalar.value))
  }

  private mutating func extensions(_ node: SyntaxNode) -> SyntaxNode? {
    guard case .mapping = node else {
      report(.invalidExtensions(found: node.kindDescription, at: node.location))
      return nil
    }
    return node
  }

  /// `$extends`: `"{group.path}"`, or the JSON Pointer `"#/group/path"` (the spec accepts both).
  private mutating func groupReference(_ entry: SyntaxMapping.Entry) -> GroupReference? {
    guard let text = string(entry, key: "$extends") else { return nil }
    let location = entry.value.location
    if let path = CurlyReference.path(in: text) {
      return GroupReference(target: path, location: location)
    }
    switch JSONPointer.parse(text) {
    case .success(let pointer)
    where !pointer.segments.isEmpty && !pointer.segments.contains(where: { $0.hasPrefix("$") }):
      return GroupReference(target: TokenPath(pointer.segments), location: location)
    default:
      reportDTCG(.malformedExtends(text, at: location))
      return nil
    }
  }

  private func unknownKey(_ key: String, allowed: [String], at location: SourceLocation) -> TokenFileError {
    let candidates = allowed + (allowed.contains("$value") ? [] : ["$value"])
    return .unknownReservedKey(
      key, suggestion: Suggestion.closest(to: key, in: candidates), allowed: allowed, at: location)
  }

  // MARK: - Value expressions

  /// Splits a value into literal or reference, plus an optional `@ NN%`.
  ///
  /// The alpha modifier is looked for only after a reference or a `#` hex color,
  /// so a font family or description containing `@` is never misread.
  private mutating func expression(_ node: SyntaxNode, token: TokenPath) -> ValueExpression {
    if format == .json, let modified = DTCGError.firstAlphaModifier(in: node) {
      reportDTCG(.alphaModifierInJSON(modified.value, at: modified.location))
      items.append(.broken(token.name))
      return .literal(node, alpha: nil)
    }
    guard case .scalar(let scalar) = node else { return .literal(node, alpha: nil) }
    let text = scalar.value
    if text.hasPrefix(ascii: UInt8(ascii: "{")) {
      return referenceExpression(scalar) ?? .literal(node, alpha: nil)
    }
    if text.hasPrefix(ascii: UInt8(ascii: "#")), let at = text.firstIndex(ofASCII: UInt8(ascii: "@")) {
      let alpha = alphaModifier(text[text.index(after: at)...], in: scalar)
      let hex = String(text[..<at]).trimmingTrailingSpaces
      let literal = SyntaxScalar(value: hex, style: scalar.style, location: scalar.location)
      return .literal(.scalar(literal), alpha: alpha)
    }
    if text.containsByte(UInt8(ascii: "{")) && text.containsByte(UInt8(ascii: "}")) {
      report(
        .malformedReference(
          text, problem: "a reference must be the whole value, as in \"{group.token}\"", at: scalar.location))
    }
    return .literal(node, alpha: nil)
  }

  private mutating func referenceExpression(_ scalar: SyntaxScalar) -> ValueExpression? {
    let text = scalar.value
    guard let close = text.firstIndex(ofASCII: UInt8(ascii: "}")) else {
      report(.malformedReference(text, problem: "missing '}'", at: scalar.location))
      return nil
    }
    let inner = text[text.index(after: text.startIndex)..<close]
    let segments = inner.splitKeepingEmpty(atASCII: UInt8(ascii: "."))
    if let problem = segments.lazy.compactMap({ TokenPath.problem(withSegment: $0) }).first {
      report(.malformedReference(text, problem: problem, at: scalar.location))
      return nil
    }
    // The text between the braces is the dotted name already: it is not joined again.
    let target = TokenPath(segments: segments, name: String(inner))
    let rest = text[text.index(after: close)...].drop { $0 == " " }
    var alpha: AlphaModifier?
    if rest.first == "@" {
      alpha = alphaModifier(rest.dropFirst(), in: scalar)
    } else if !rest.isEmpty {
      report(
        .malformedReference(
          text, problem: "a reference must be the whole value, as in \"{group.token}\"", at: scalar.location))
      return nil
    }
    return .reference(target, alpha: alpha, at: scalar.location)
  }

  /// The percentage of a well-formed modifier (` 80%`, `12.5%`: spaces, digits with at most one
  /// `.` between them, `%`, spaces; from 0 to 100), read from its bytes in one pass; `nil` for any
  /// other text, which ``alphaModifier(_:in:)`` then reads the long way, with its errors. Most
  /// references with a modifier take this path.
  private static func wellFormedPercentage(_ text: Substring) -> Double? {
    let bytes = text.utf8
    var index = bytes.startIndex
    func skipSpaces() {
      while index < bytes.endIndex && bytes[index] == UInt8(ascii: " ") { bytes.formIndex(after: &index) }
    }
    func skipDigits() -> Int {
      var count = 0
      while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        bytes.formIndex(after: &index)
        count += 1
      }
      return count
    }
    skipSpaces()
    let start = index
    let integerDigits = skipDigits()
    guard integerDigits > 0, index < bytes.endIndex else { return nil }
    var isWhole = true
    if bytes[index] == UInt8(ascii: ".") {
      bytes.formIndex(after: &index)
      guard skipDigits() > 0 else { return nil }
      isWhole = false
    }
    let end = index
    guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "%") else { return nil }
    bytes.formIndex(after: &index)
    skipSpaces()
    guard index == bytes.endIndex else { return nil }
    let percent: Double?
    if isWhole && integerDigits <= 3 {
      // A whole number of at most three digits is exact as a Double, as `Double(text)` reads it.
      percent = Double(bytes[start..<end].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
    } else {
      percent = Double(text[start..<end])
    }
    guard let percent, percent >= 0 && percent <= 100 else { return nil }
    return percent
  }

  /// Parses the text after `@`: a percentage from 0 to 100, decimals allowed.
  private mutating func alphaModifier(_ text: Substring, in scalar: SyntaxScalar) -> AlphaModifier? {
    if let percent = Self.wellFormedPercentage(text) {
      return AlphaModifier(factor: percent / 100, location: scalar.location)
    }
    let trimmed = text.trimmingCharacters(in: " ")
    func fail(_ problem: String) -> AlphaModifier? {
      report(.malformedAlpha(scalar.value, problem: problem, at: scalar.location))
      return nil
    }
    if trimmed.containsByte(UInt8(ascii: "@")) { return fail("only one '@ NN%' modifier is allowed") }
    guard trimmed.hasSuffix("%") else {
      return fail("the percentage needs a '%' sign, as in '@ 80%'")
    }
    let digits = trimmed.dropLast()
    guard !digits.isEmpty else { return fail("the percentage is missing, as in '@ 80%'") }
    if digits.hasPrefix("-"), NumberSyntax.isDecimal(digits.dropFirst()) {
      return fail("\(digits)% is out of range; use 0% to 100%")
    }
    guard NumberSyntax.isDecimal(digits), let percent = Double(digits) else {
      return fail("'\(digits)' is not a number")
    }
    guard percent >= 0 && percent <= 100 else {
      return fail("\(digits)% is out of range; use 0% to 100%")
    }
    return AlphaModifier(factor: percent / 100, location: scalar.location)
  }
}

/// Character searches and splits on values, done on their UTF-8 bytes when a value is all ASCII:
/// then every byte is a character of its own (but CR LF, which is none of those looked for), so
/// the result is the same, many times faster than stepping through characters. Every value of
/// every file is searched, so the bytes are read in place, as an array's would be, rather than
/// through the generic views (about thirty instructions a byte).
extension StringProtocol {
  /// `body` over the text's UTF-8 bytes when they are all ASCII and stored contiguously (as a
  /// native string's and its substrings' are); `nil` otherwise.
  private func withASCIIBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    let result = utf8.withContiguousStorageIfAvailable { bytes -> Result? in
      bytes.allSatisfy { $0 < 0x80 } ? body(bytes) : nil
    }
    return result ?? nil
  }

  /// `firstIndex(of:)` of the ASCII character `byte`. (A byte, not a `Character`: a character's
  /// `asciiValue` is itself about 80 instructions, for every value searched.)
  fileprivate func firstIndex(ofASCII byte: UInt8) -> Index? {
    guard let offset = withASCIIBytes({ $0.firstIndex(of: byte) }) else {
      return firstIndex(of: Character(Unicode.Scalar(byte)))
    }
    return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
  }

  /// `split(separator:omittingEmptySubsequences: false)` at the ASCII character `byte`.
  fileprivate func splitKeepingEmpty(atASCII byte: UInt8) -> [String] {
    // One pass over the bytes in place, each segment copied out as it ends, into an array made
    // as long as needed at once: the generic `split` of the bytes costs several times more.
    let segments = withASCIIBytes { bytes -> [String] in
      var segments: [String] = []
      segments.reserveCapacity(bytes.reduce(1) { $1 == byte ? $0 + 1 : $0 })
      var start = 0
      for offset in bytes.indices where bytes[offset] == byte {
        segments.append(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
        start = offset + 1
      }
      segments.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
      return segments
    }
    return segments
      ?? Substring(self).split(separator: Character(Unicode.Scalar(byte)), omittingEmptySubsequences: false)
      .map(String.init)
  }

  fileprivate func trimmingCharacters(in character: Character) -> String {
    var trimmed = self[...]
    while trimmed.first == character { trimmed.removeFirst() }
    while trimmed.last == character { trimmed.removeLast() }
    return String(trimmed)
  }

  fileprivate var trimmingTrailingSpaces: String {
    var trimmed = self[...]
    while trimmed.last == " " { trimmed.removeLast() }
    return String(trimmed)
  }
}

extension SyntaxMapping {
  /// Whether this is a token's mapping: it holds `$value`, or DTCG's `$ref` in a token's place.
  /// One pass over the keys, for every mapping of a file: only those whose first byte is `$` are
  /// compared. (The first byte is enough before comparing whole keys; `isReservedName`, a call
  /// into another module for every key, made the walk of 100,000 tokens 5% longer.)
  fileprivate var isToken: Bool {
    entries.contains {
      $0.key.value.utf8.first == UInt8(ascii: "$") && ($0.key.value == "$value" || $0.key.value == "$ref")
    }
  }
}
