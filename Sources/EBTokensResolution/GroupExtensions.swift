import EBTokensModel
import EBTokensParsing
import EBTokensSupport

/// The DTCG structure that must be settled before values are resolved: group inheritance
/// (`$extends`), then JSON Pointer references (`$ref`).
enum DTCGStructure {
  /// Rewrites `source` in place; returns the errors found (their tokens are in `brokenNames`).
  static func apply(to source: inout TokenSource, limits: Limits) -> [any DiagnosticConvertible] {
    GroupExtensions.apply(to: &source, limits: limits) + JSONPointers.apply(to: &source, limits: limits)
  }
}

/// DTCG `$extends` (format module § 6.4): a group inherits every token and subgroup of another
/// group, and its own members override inherited ones at the same path, a whole token at a time.
///
/// Inherited members are copied into the extending group, so everything downstream (types,
/// references, outputs) sees ordinary tokens:
///
/// - A copy keeps its value as written, references included: `{base.a}` still names `base.a`,
///   as JSON Schema's `$ref`, which `$extends` is defined as, copies content verbatim.
/// - A copy keeps the type it has where it is written (its own, or its group's there), so it
///   means in the extending group what it means in the group it comes from.
/// - The extending group takes the target group's own `$type`, `$description`, `$deprecated`
///   and `$extensions` unless it sets them itself.
/// - A group extends after the groups it depends on: its target, and any extending group inside
///   the target or inside itself, so inheritance chains and nested extensions come out whole.
///   A cycle is an error naming every group in it.
///
/// Copies point at the source text of the token they copy, so an error in an inherited value is
/// shown where the value is written.
enum GroupExtensions {
  static func apply(to source: inout TokenSource, limits: Limits) -> [any DiagnosticConvertible] {
    // Each group is asked where it lies: filtering the groups copied every one of them, a few
    // references retained and released each, on the main thread after the last file.
    let groups = source.groups.values
    let extending = groups.indices.filter { groups[$0].extends != nil }.map { groups[$0].path.name }
    guard !extending.isEmpty else { return [] }
    var run = ExtensionRun(source: source, limits: limits, extending: extending)
    run.extendAll()
    source = run.source
    return run.errors
  }
}

private struct ExtensionRun {
  private enum State {
    case visiting
    case done
    /// Part of a cycle, or with an invalid target: extends nothing.
    case failed
  }

  var source: TokenSource
  let limits: Limits
  /// The names of extending groups, sorted by their UTF-8 bytes, so the ones below a group are a
  /// contiguous range (see ``extendingGroups(below:)``).
  private let extending: [[UInt8]]
  private(set) var errors: [any DiagnosticConvertible] = []
  private var states: [String: State] = [:]
  /// Group name ("" for the top) → the full names of its direct members, tokens and groups.
  private var members: [String: [String]] = [:]
  private var reportedTokenLimit = false

  package init(source: TokenSource, limits: Limits, extending: [String]) {
    self.source = source
    self.limits = limits
    self.extending = extending.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    for definition in source.definitions {
      members[Self.parentName(definition.path.name), default: []].append(definition.path.name)
    }
    for name in source.groups.names.sorted() {
      members[Self.parentName(name), default: []].append(name)
    }
  }

  mutating func extendAll() {
    for name in extending.map({ String(decoding: $0, as: UTF8.self) }) where states[name] == nil {
      visit(name)
    }
  }

  /// Extends `start` after everything it depends on, depth first with an explicit stack.
  private mutating func visit(_ start: String) {
    guard let startDependencies = dependencies(of: start) else { return }
    var stack: [(group: String, dependencies: [String], next: Int)] = [(start, startDependencies, 0)]
    states[start] = .visiting
    while let top = stack.last {
      guard top.next < top.dependencies.count else {
        stack.removeLast()
        if states[top.group] == .visiting {
          copyTarget(into: top.group)
          states[top.group] = .done
        }
        continue
      }
      let dependency = top.dependencies[top.next]
      stack[stack.count - 1].next += 1
      switch states[dependency] {
      case nil:
        guard let next = dependencies(of: dependency) else { continue }
        states[dependency] = .visiting
        stack.append((dependency, next, 0))
      case .visiting?:
        guard let start = stack.firstIndex(where: { $0.group == dependency }) else { continue }
        reportCycle(stack[start...].map(\.group))
      case .done?, .failed?:
        continue
      }
    }
  }

  /// What `group` must wait for, or `nil` (with an error) when its target is not a group it can
  /// extend.
  private mutating func dependencies(of group: String) -> [String]? {
    guard let definition = source.groups[group], let reference = definition.extends else { return [] }
    let target = reference.target.name
    if source.groups[target] == nil {
      if source.definitionIndex[target] != nil {
        errors.append(DTCGError.extendsToken(group: group, target: target, at: reference.location))
      } else {
        let suggestion = Suggestion.closest(to: target, in: source.groups.names.sorted())
        errors.append(
          DTCGError.unknownExtendsTarget(
            group: group, target: target, suggestion: suggestion, at: reference.location))
      }
      states[group] = .failed
      return nil
    }
    if group == target || group.hasPrefix(target + ".") {
      errors.append(DTCGError.extendsItsOwnGroup(group: group, target: target, at: reference.location))
      states[group] = .failed
      return nil
    }
    let below = extendingGroups(below: target) + extendingGroups(below: group)
    return [target] + below.filter { $0 != target && $0 != group }
  }

  /// `prefix` itself when it extends, and every extending group below it.
  private func extendingGroups(below prefix: String) -> [String] {
    let lower = Array((prefix + ".").utf8)
    let upper = Array((prefix + "/").utf8)  // "/" is the byte after "."
    var low = 0
    var high = extending.count
    while low < high {
      let middle = (low + high) / 2
      if extending[middle].lexicographicallyPrecedes(lower) { low = middle + 1 } else { high = middle }
    }
    var names: [String] = []
    var index = low
    while index < extending.count && extending[index].lexicographicallyPrecedes(upper) {
      names.append(String(decoding: extending[index], as: UTF8.self))
      index += 1
    }
    if extending.contains(Array(prefix.utf8)) { names.append(prefix) }
    return names
  }

  private mutating func reportCycle(_ groups: [String]) {
    let steps = groups.compactMap { group -> DTCGError.GroupStep? in
      guard let reference = source.groups[group]?.extends else { return nil }
      return DTCGError.GroupStep(group: group, target: reference.target.name, location: reference.location)
    }
    // Start from the member written first, so the report does not depend on visiting order.
    let first = steps.indices.min { steps[$0].location < steps[$1].location } ?? 0
    errors.append(DTCGError.extendsCycle(Array(steps[first...] + steps[..<first])))
    for group in groups { states[group] = .failed }
  }

  // MARK: Copying

  private mutating func copyTarget(into groupName: String) {
    guard var group = source.groups[groupName], let reference = group.extends,
      let target = source.groups[reference.target.name]
    else { return }
    group.inherit(target)
    source.groups.record(group)
    var pending: [(from: String, into: TokenPath)] = [(target.path.name, group.path)]
    while let (from, into) = pending.popLast() {
      for member in members[from] ?? [] {
        let path = TokenPath(parent: into, String(member.dropFirst(from.count + 1)))
        if let index = source.definitionIndex[member] {
          guard source.definitionIndex[path.name] == nil, source.groups[path.name] == nil else { continue }
          guard copyToken(source.definitions[index], to: path, at: reference.location) else { return }
        } else if let memberGroup = source.groups[member] {
          guard source.definitionIndex[path.name] == nil else { continue }
          copyGroup(memberGroup, to: path)
          pending.append((member, path))
        }
      }
    }
  }

  /// Adds a copy of `token` at `path`; `false` when the token limit is reached.
  private mutating func copyToken(_ token: TokenDefinition, to path: TokenPath, at location: SourceLocation)
    -> Bool
  {
    guard source.definitions.count < limits.maxTokens else {
      if !reportedTokenLimit {
        errors.append(TokenFileError.tooManyTokens(limit: limits.maxTokens, at: location))
        reportedTokenLimit = true
      }
      return false
    }
    let (type, typeIsInvalid) = effectiveType(of: token)
    source.definitionIndex[path.name] = source.definitions.count
    source.definitions.append(
      TokenDefinition(
        path: path, declaredType: type, hasInvalidType: typeIsInvalid, value: token.value,
        description: token.description, deprecation: token.deprecation, extensions: token.extensions,
        location: token.location, valueLocation: token.valueLocation))
    members[Self.parentName(path.name), default: []].append(path.name)
    return true
  }

  /// Adds the group at `path`, or merges `group`'s properties into the one already there (whose
  /// own properties win).
  private mutating func copyGroup(_ group: GroupDefinition, to path: TokenPath) {
    let existing = source.groups[path.name]
    if existing == nil { members[Self.parentName(path.name), default: []].append(path.name) }
    var copy = existing ?? GroupDefinition(path: path, location: group.location)
    copy.inherit(group)
    source.groups.record(copy)
  }

  /// The token's type where it is written: its own, else its nearest group's; and whether an
  /// invalid `$type` (already reported) stands in the way.
  private func effectiveType(of token: TokenDefinition) -> (TokenType?, Bool) {
    if token.declaredType != nil || token.hasInvalidType { return (token.declaredType, token.hasInvalidType) }
    var name = Self.parentName(token.path.name)
    while !name.isEmpty {
      if let group = source.groups[name] {
        if let type = group.type { return (type, false) }
        if group.hasInvalidType { return (nil, true) }
      }
      name = Self.parentName(name)
    }
    return (nil, false)
  }

  private static func parentName(_ name: String) -> String {
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return "" }
    return String(name[..<dot])
  }
}

extension GroupDefinition {
  /// Takes `other`'s `$type`, `$deprecated`, `$description` and `$extensions` where this group
  /// sets none of its own: how an extending group inherits its target's, and a group copied into
  /// it the copied group's. A `$type` written but invalid counts as set.
  fileprivate mutating func inherit(_ other: GroupDefinition) {
    if type == nil && !hasInvalidType {
      type = other.type
      typeLocation = other.typeLocation
      hasInvalidType = other.hasInvalidType
    }
    deprecation = deprecation ?? other.deprecation
    description = description ?? other.description
    extensions = extensions ?? other.extensions
  }
}
