import EBTokensModel
import EBTokensParsing
import EBTokensSupport
import EBTokensSyntax

/// Loading again after an edit that only changed token definitions: the last load's merged source
/// is patched with the definitions the changed files now write otherwise (``/EBTokensParsing/TokenDefinition/isWritten(as:)``),
/// and only those tokens and the tokens that depend on them (through references, found with a
/// reverse index) are resolved again; every other token is the very token of the last load.
///
/// It applies only when the result is provably what a full load gives, and the full load runs
/// otherwise: the last load found no error or warning; the same files are read in the same order;
/// each changed file declares the same tokens in the same order and the same groups, exactly
/// (``/EBTokensParsing/FileMembers/hasSameStructure(as:)``: no token added, removed or renamed,
/// no group's type, deprecation, description or location changed, no `$extends` or group
/// `$extensions`), and neither version holds an error; no file uses `$extends` or `$ref`, which
/// copy tokens where the reverse index cannot see them; and resolving the affected tokens, with the
/// tokens they reference and the groups above them, finds nothing wrong either. A token's own
/// type, value, description, deprecation and extensions may all change: it is resolved again, and
/// so is everything that references it, transitively.
enum IncrementalLoad {
  /// A load that found nothing wrong.
  struct Last: @unchecked Sendable {
    /// The files read, in order.
    let paths: [String]
    var source: TokenSource
    let tokens: TokenSet
    /// The definitions (indices) whose values reference each name, found on the first patch and
    /// kept up to date; an entry may be stale, which only costs a token resolved again.
    var dependents: [String: [Int]]?
  }

  /// The last load worth keeping: `nil` when it found something wrong or uses what a patch cannot
  /// follow.
  static func last(
    _ inputs: [TokenInput], source: TokenSource, tokens: TokenSet, findings: [any DiagnosticConvertible]
  ) -> Last? {
    guard findings.isEmpty, source.brokenNames.isEmpty,
      !source.groups.values.contains(where: { $0.extends != nil }),
      !(source.mayHoldJSONPointers && source.definitions.contains(where: { $0.value.holdsJSONPointer }))
    else { return nil }
    var paths: [String] = []
    for input in inputs {
      guard case .file(let file) = input else { return nil }
      paths.append(file.path)
    }
    return Last(paths: paths, source: source, tokens: tokens)
  }

  /// The tokens of `inputs`, patched from the last load; `nil` when a full load must run, which
  /// records its own last load. `read` reads an input through the cache, recording its digest, as
  /// a full load would.
  static func patch(
    _ inputs: [TokenInput], cache: FileMemberCache, limits: Limits,
    read: (TokenInput) -> ([any DiagnosticConvertible], FileMembers?)
  ) -> TokenSet? {
    // Taken from the cache, so that the patch changes the only copy of its definitions in place.
    guard var last = cache.takeLastLoad(), last.paths.count == inputs.count else { return nil }
    for (path, input) in zip(last.paths, inputs) {
      guard case .file(let file) = input, file.path == path else { return nil }
    }
    let replaced = cache.takeReplaced()
    // Only the definitions written otherwise than the last load's: an edit of one value leaves
    // the file's other definitions, and every token depending on them alone, as they were.
    var changed: [(index: Int, definition: TokenDefinition)] = []
    for input in inputs {
      let (errors, members) = read(input)
      guard let old = replaced[input.file.path] else { continue }
      guard errors.isEmpty, old.errors.isEmpty, let members, let oldMembers = old.members,
        members.hasSameStructure(as: oldMembers)
      else { return nil }
      for definition in members.definitions {
        guard let index = last.source.definitionIndex[definition.path.name] else { return nil }
        if !definition.isWritten(as: last.source.definitions[index]) { changed.append((index, definition)) }
      }
    }
    guard !changed.isEmpty else {
      cache.keepLastLoad(last)
      return last.tokens
    }
    guard !changed.contains(where: { $0.definition.value.holdsJSONPointer }) else { return nil }

    var source = last.source
    last.source = TokenSource()
    var dependents = last.dependents ?? reverseReferences(source.definitions)
    last.dependents = nil
    for (index, definition) in changed {
      source.definitions[index] = definition
      for target in references(in: definition.value) { dependents[target, default: []].append(index) }
    }
    guard let affected = affected(from: changed.map(\.index), in: source, dependents: dependents),
      let resolved = resolve(affected, in: source, limits: limits)
    else { return nil }

    var tokens = last.tokens.tokens
    for index in affected {
      let name = source.definitions[index].path.name
      guard let position = last.tokens.indexByName[name], let token = resolved[name] else { return nil }
      tokens[position] = token
    }
    let set = TokenSet(sorted: tokens, groups: last.tokens.groups, indexByName: last.tokens.indexByName)
    last = Last(paths: last.paths, source: source, tokens: set, dependents: dependents)
    cache.keepLastLoad(last)
    cache.countPatch(resolvingAgain: affected.count)
    return set
  }

  /// The changed definitions and every definition that references one of them, transitively;
  /// `nil` when so many are affected that a full load costs no more.
  private static func affected(from changed: [Int], in source: TokenSource, dependents: [String: [Int]])
    -> [Int]?
  {
    let limit = max(1_000, source.definitions.count / 4)
    var seen = Set(changed)
    var queue = changed
    while let index = queue.popLast() {
      let name = source.definitions[index].path.name
      var names = [name]
      // `{group}` names the group's `$root` token.
      if name.hasSuffix("." + TokenPath.rootTokenName) {
        names.append(String(name.dropLast(TokenPath.rootTokenName.count + 1)))
      }
      for dependent in names.flatMap({ dependents[$0] ?? [] }) where seen.insert(dependent).inserted {
        queue.append(dependent)
      }
      if seen.count > limit { return nil }
    }
    return seen.sorted()
  }

  /// Resolves the `affected` definitions with everything they reference and the groups above
  /// them; `nil` when that finds anything wrong.
  private static func resolve(_ affected: [Int], in source: TokenSource, limits: Limits) -> TokenSet? {
    var needed = Set(affected)
    var queue = affected
    while let index = queue.popLast() {
      for target in references(in: source.definitions[index].value) {
        for name in [target, target + "." + TokenPath.rootTokenName] {
          if let found = source.definitionIndex[name], needed.insert(found).inserted { queue.append(found) }
        }
      }
    }
    var subset = TokenSource()
    for index in needed.sorted() {
      let definition = source.definitions[index]
      subset.definitionIndex[definition.path.name] = subset.definitions.count
      subset.definitions.append(definition)
      var name = Substring(definition.path.name)
      while let dot = name.lastIndex(of: ".") {
        name = name[..<dot]
        if subset.groups[String(name)] != nil { break }
        if let group = source.groups[String(name)] { subset.groups.record(group) }
      }
    }
    let (tokens, findings) = Resolver.resolve(subset, limits: limits)
    guard findings.isEmpty, tokens.tokens.count == subset.definitions.count else { return nil }
    return tokens
  }

  /// The definitions (indices) whose values name each token or group.
  private static func reverseReferences(_ definitions: [TokenDefinition]) -> [String: [Int]] {
    var dependents: [String: [Int]] = [:]
    for (index, definition) in definitions.enumerated() {
      for target in references(in: definition.value) { dependents[target, default: []].append(index) }
    }
    return dependents
  }

  /// The names a value references: the whole value's, and every `{…}` inside a composite value
  /// (a name as written, which may be a group's, meaning its `$root` token).
  private static func references(in value: ValueExpression) -> [String] {
    switch value {
    case .reference(let path, _, _): return [path.name]
    case .literal(.scalar, _): return []
    case .literal(let node, _):
      var names: [String] = []
      collectReferences(in: node, into: &names)
      return names
    }
  }

  private static func collectReferences(in node: SyntaxNode, into names: inout [String]) {
    switch node {
    case .scalar(let scalar):
      let text = scalar.value
      guard text.hasPrefix("{"), let close = text.firstIndex(of: "}") else { return }
      names.append(String(text[text.index(after: text.startIndex)..<close]))
    case .mapping(let mapping):
      for entry in mapping.entries { collectReferences(in: entry.value, into: &names) }
    case .sequence(let sequence):
      for item in sequence.items { collectReferences(in: item, into: &names) }
    }
  }
}
