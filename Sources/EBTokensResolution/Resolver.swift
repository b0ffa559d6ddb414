import EBTokensModel
import EBTokensParsing
import EBTokensSupport
import EBTokensSyntax

/// Turns every ``/EBTokensParsing/TokenDefinition`` into a ``/EBTokensModel/Token`` with a final value.
///
/// References are followed with an explicit stack, so a chain of any length
/// (up to ``/EBTokensSupport/Limits/maxReferenceChain``) cannot overflow the thread's stack, and
/// each token is resolved exactly once whatever number of tokens point at it.
/// A token that depends on a broken one fails silently: only the root cause is
/// reported, once.
public struct Resolver {
  private enum State: UInt8 {
    case unvisited
    case visiting
    case resolved
    case failed
    /// Left out: its type is one ebtokens does not support (a warning says so).
    case omitted
  }

  private var source: TokenSource
  private let limits: Limits
  private var states: [State]
  private var values: [TokenValue?]
  /// References between each resolved token and its literal value.
  private var chainLengths: [Int]
  /// What each group passes on to its tokens and subgroups, by its place in `source.groups`, then
  /// what the top of a file does (nothing: its root is read apart, see `TokenFactory`).
  private var parentGroups: [ParentGroup] = []
  /// What each definition inherits from the group it is in: an index into `parentGroups`.
  private var parentGroupOf: [Int32] = []
  /// The references inside composite values, by token, found once (see ``componentSites(of:_:)``).
  private var componentSitesByIndex: [Int: [ComponentReferenceSite]] = [:]
  private(set) var errors: [any DiagnosticConvertible] = []
  /// The stack of the walk in ``resolve(from:)``, kept for the next walk.
  private var walkStack: [Int] = []
  /// Where the target of each reference is, by definition: found ahead on two cores for a large
  /// set (see ``resolveAheadOnTwoCores(handingTheOtherShareTo:)``), -1 for none; empty for a small set, whose
  /// targets are looked up as the walk meets them.
  private var referenceTargets: [Int32] = []
  /// Where the value parser puts its warnings, taken after each value.
  private let valueWarnings = ValueWarnings()

  /// How many definitions ahead of the one at hand a loop over them in an order other than the
  /// files' asks for (see `prefetchObject(at:bytes:)`): each would otherwise wait for memory.
  private static let prefetchDistance = 8
  /// What of a definition object to ask for: its fields lie in its first three cache lines.
  private static let definitionBytes = 192

  public init(source: TokenSource, limits: Limits = .standard) {
    self.source = source
    self.limits = limits
    states = []
    values = []
    chainLengths = []
  }

  /// Makes the tables of what each definition resolves to: in ``run()``, once the other core has
  /// its work, as making them takes a few milliseconds at 100,000 tokens (most of it the kernel's
  /// first touch of their pages) that it would otherwise wait for.
  private mutating func makeTables() {
    let count = source.definitions.count
    states = Array(repeating: .unvisited, count: count)
    // Written in one pass over fresh memory: `Array(repeating:count:)` copied its `nil` into each
    // place through the optional's generic copy, a fifth of this table's making at 100,000 tokens
    // (the rest is the kernel's first touch of its pages).
    values = [TokenValue?](unsafeUninitializedCapacity: count) { buffer, initializedCount in
      // The buffer may be longer than asked for: only `count` places are written.
      UnsafeMutableBufferPointer(rebasing: buffer[..<count]).initialize(repeating: nil)
      initializedCount = count
    }
    chainLengths = Array(repeating: 0, count: count)
    for name in source.brokenNames {
      if let index = source.definitionIndex[name] { states[index] = .failed }
    }
  }

  /// What a token inherits from the group it is in.
  private struct ParentGroup {
    var type: TokenType?
    var deprecation: Deprecation?
    /// Whether a group above says `$deprecated` (`false` included), which the file root's does not
    /// override.
    var setsDeprecation = false
    /// Set for a group under an invalid `$type` (already reported) and none valid: its untyped
    /// tokens fail silently.
    var isUnderInvalidType = false
    /// The unsupported `$type` of a group under one and none valid: its untyped tokens are left out.
    var unsupportedType: String?
  }

  /// The resolved set, or every error found.
  ///
  /// - Parameters:
  ///   - source: The definitions, as read and merged.
  ///   - limits: The limits of the load (the longest chain of references, among others).
  ///   - handingOverDefinitions: Whether `source` holds the only references to its definitions
  ///     (none is kept elsewhere, nor twice in it), so that each token takes its definition's path
  ///     instead of copying it (see `TokenDefinition.takePath()`): the definitions are then left
  ///     without their paths, for no one to read.
  public static func resolve(
    _ source: consuming TokenSource, limits: Limits = .standard, handingOverDefinitions: Bool = false
  ) -> (TokenSet, [any DiagnosticConvertible]) {
    let isLarge = source.definitions.count >= minimumCountForBackgroundWork
    var resolver = Resolver(source: consume source, limits: limits)
    let result = resolver.run(handingOverDefinitions: handingOverDefinitions)
    release(resolver, inBackground: isLarge)
    return result
  }

  private mutating func run(handingOverDefinitions: Bool) -> (TokenSet, [any DiagnosticConvertible]) {
    // Path order depends on nothing the passes below find: for a large set it is worked out on
    // another core meanwhile, and that core then does its share of resolving ahead, which
    // `resolveAheadOnTwoCores` hands it below, always for a large set (on the same thread: a thread
    // of its own took an allocator arena of its own, a few megabytes more at the full build's peak).
    let isLarge = source.definitions.count >= minimumCountForBackgroundWork
    let otherShare = Handoff<@Sendable () -> Void>()
    let pathOrdering = BackgroundValue(inBackground: isLarge) {
      [
        definitions = source.definitions, definitionIndex = source.definitionIndex, groups = source.groups,
        groupPositions = source.groupPositions
      ] in
      let ordering = PathOrdering(
        definitions, definitionIndex: definitionIndex, groups: groups, groupPositions: groupPositions)
      if isLarge { otherShare.take()() }
      return ordering
    }
    makeTables()
    computeGroupInheritance()
    computeParentGroups()
    reportCompositesWrittenAsGroups()
    if isLarge { resolveAheadOnTwoCores(handingTheOtherShareTo: otherShare) }
    // What the passes ahead left (references, composites, and all of a small set), in the same
    // order, each definition asked for a few ahead: this thread has not read most of them yet.
    let pending = source.definitions.indices.filter { states[$0] == .unvisited }
    for (position, index) in pending.enumerated() {
      if position + Self.prefetchDistance < pending.count {
        let ahead = pending[position + Self.prefetchDistance]
        source.definitions.prefetchObject(at: ahead, bytes: Self.definitionBytes)
        if !referenceTargets.isEmpty, referenceTargets[ahead] >= 0 {
          values.prefetchElement(at: Int(referenceTargets[ahead]))
          chainLengths.prefetchElement(at: Int(referenceTargets[ahead]))
        }
      }
      if states[index] == .unvisited { resolve(from: index) }
    }
    // What the token set keeps of the groups. The groups themselves go with the resolver (see
    // ``resolve(_:limits:handingOverDefinitions:)``): freeing them here (12 ms at 100,000 tokens)
    // would hold up making the tokens, or, on another core, the half of them made there.
    var groups: [String: GroupMetadata] = [:]
    let groupValues = source.groups.values
    for position in groupValues.indices {
      // Read in place, as in `computeGroupInheritance`: most groups keep nothing.
      let description = groupValues[position].description
      let extensions = groupValues[position].extensions
      if description != nil || extensions != nil {
        groups[groupValues[position].path.name] = GroupMetadata(
          description: description, extensions: extensions)
      }
    }
    // The resolved definitions are put in path order first, so each token is made once, in
    // its place.
    let ordering = pathOrdering.take()
    let order = ordering.order
    let factory = TokenFactory(
      definitions: source.definitions, values: values, componentSitesByIndex: componentSitesByIndex,
      parentGroupOf: parentGroupOf, parentGroups: parentGroups, takesPaths: handingOverDefinitions)
    let tokens =
      order.count >= minimumCountForBackgroundWork
      ? factory.tokensOnTwoCores(order) : factory.tokens(order[...])
    // Unless a definition failed, the tokens are the definitions in path order.
    if tokens.count == order.count {
      return (TokenSet(sorted: tokens, groups: groups, indexByName: ordering.positionByName), errors)
    }
    return (TokenSet(sorted: tokens, groups: groups), errors)
  }

  /// What making the tokens of resolved definitions reads, once every value is resolved: so that
  /// tokens can be made on two cores at once.
  private struct TokenFactory: Sendable {
    let definitions: [TokenDefinition]
    let values: [TokenValue?]
    let componentSitesByIndex: [Int: [ComponentReferenceSite]]
    let parentGroupOf: [Int32]
    let parentGroups: [ParentGroup]
    /// Whether each token takes its definition's path (see
    /// ``resolve(_:limits:handingOverDefinitions:)``).
    let takesPaths: Bool

    /// The tokens of the definitions at `indices` that resolved, in that order.
    func tokens(_ indices: ArraySlice<Int>) -> [Token] {
      [Token](unsafeUninitializedCapacity: indices.count) { buffer, initializedCount in
        initializedCount = initialize(TokenStorage(buffer), from: 0, withTokensOf: indices)
      }
    }

    /// ``tokens(_:)`` of all of `order`, the second half made on another core meanwhile, into the
    /// same array: each half is written in its own part of it, and the second moved down over the
    /// room the first half's failed definitions left. Two arrays joined copied the second half's
    /// tokens (a retain each, of objects the other core had just made) and freed its array (a
    /// release each) on this thread, after both halves were done.
    func tokensOnTwoCores(_ order: [Int]) -> [Token] {
      let half = order.count / 2
      return [Token](unsafeUninitializedCapacity: order.count) { buffer, initializedCount in
        let storage = TokenStorage(buffer)
        let secondHalf = BackgroundValue { initialize(storage, from: half, withTokensOf: order[half...]) }
        let firstCount = initialize(storage, from: 0, withTokensOf: order[..<half])
        // Every token of the second half is written once its count is taken.
        let secondCount = secondHalf.take()
        storage.moveDown(secondCount, from: half, to: firstCount)
        initializedCount = firstCount + secondCount
      }
    }

    /// Writes the tokens of the definitions at `indices` that resolved into `storage` from
    /// `start` on; how many.
    private func initialize(_ storage: TokenStorage, from start: Int, withTokensOf indices: ArraySlice<Int>)
      -> Int
    {
      var count = 0
      var ahead = indices.startIndex + Resolver.prefetchDistance
      for index in indices {
        // The definitions lie in the files' order, and are read here in path order.
        if ahead < indices.endIndex {
          definitions.prefetchObject(at: indices[ahead], bytes: Resolver.definitionBytes)
          values.prefetchElement(at: indices[ahead])
          ahead += 1
        }
        guard let value = values[index] else { continue }
        storage.initialize(start + count, to: token(index, value: value))
        count += 1
      }
      return count
    }

    /// The resolved token of definition `index`.
    private func token(_ index: Int, value: TokenValue) -> Token {
      let definition = definitions[index]
      var reference: TokenReference?
      if case .reference(let target, let alpha, _) = definition.value {
        reference = TokenReference(target: target, alphaFactor: alpha?.factor)
      }
      var componentReferences: [ComponentReference] = []
      if case .literal = definition.value, value.type.isComposite {
        componentReferences = (componentSitesByIndex[index] ?? []).map {
          ComponentReference(
            path: $0.path, reference: TokenReference(target: $0.target, alphaFactor: $0.alphaFactor))
        }
      }
      return Token(
        path: takesPaths ? definition.takePath() : definition.path, type: value.type, value: value,
        description: definition.description, deprecation: deprecation(index),
        extensions: definition.extensions,
        location: definition.location, valueLocation: definition.valueLocation, reference: reference,
        componentReferences: componentReferences)
    }

    /// The token's own `$deprecated` (where `false` wins over any group), else its group's, else
    /// its file root's.
    private func deprecation(_ index: Int) -> Deprecation? {
      if let setting = definitions[index].deprecation { return setting.deprecation }
      let parent = parentGroups[Int(parentGroupOf[index])]
      return parent.setsDeprecation ? parent.deprecation : definitions[index].root?.deprecation?.deprecation
    }
  }

  /// The uninitialized storage of a token array the factory makes; ``TokenFactory/tokensOnTwoCores(_:)``'s
  /// two halves write it at once, each in its own positions.
  private struct TokenStorage: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Token>

    init(_ buffer: UnsafeMutableBufferPointer<Token>) {
      self.buffer = buffer
    }

    func initialize(_ position: Int, to token: Token) {
      buffer.initializeElement(at: position, to: token)
    }

    /// Moves the `count` tokens from `source` on to `destination` on (at or before `source`, the
    /// positions between them uninitialized), without retaining or releasing them; the two ranges
    /// may overlap.
    func moveDown(_ count: Int, from source: Int, to destination: Int) {
      guard source != destination, count > 0, let base = buffer.baseAddress else { return }
      (base + destination).moveInitialize(from: base + source, count: count)
    }
  }

  /// Every group's effective `$type` and `$deprecated`: its own, or its nearest ancestor's.
  /// Groups are visited shallowest first, so a parent is always done before its children; each
  /// finds its parent by its place, which the table holds (by name only for a group recorded
  /// before its parent).
  private mutating func computeGroupInheritance() {
    let groups = source.groups
    // The depths are read from the groups where they lie: enumerating them would copy every
    // group, which cost more than the rest of this pass.
    let groupValues = groups.values
    var groupsByDepth: [[Int]] = []
    for position in groupValues.indices {
      let depth = groupValues[position].path.segments.count
      while groupsByDepth.count < depth { groupsByDepth.append([]) }
      groupsByDepth[depth - 1].append(position)
    }
    parentGroups = Array(repeating: ParentGroup(), count: groups.count + 1)
    for position in groupsByDepth.joined() {
      // Each field is read where the group lies: a copy of the group (its path, its locations, its
      // details) retained and released four references per group, most of this pass's time.
      let parent = groups.parentPosition(of: position).map { parentGroups[$0] } ?? ParentGroup()
      var inheritance = ParentGroup()
      if let type = groupValues[position].type ?? parent.type {
        inheritance.type = type
      } else {
        inheritance.isUnderInvalidType = groupValues[position].hasInvalidType || parent.isUnderInvalidType
        inheritance.unsupportedType = groupValues[position].unsupportedType ?? parent.unsupportedType
      }
      if let setting = groupValues[position].deprecation {
        inheritance.deprecation = setting.deprecation
        inheritance.setsDeprecation = true
      } else {
        inheritance.deprecation = parent.deprecation
        inheritance.setsDeprecation = parent.setsDeprecation
      }
      parentGroups[position] = inheritance
    }
  }

  /// The group each definition is in, found once: as merging recorded it, else by name.
  ///
  /// By name, tokens of one group are mostly defined one after the other, so a definition in the
  /// same group as the one before costs no lookup at all: mostly found by the array of segments
  /// they share, which reads neither name, else by their names' prefixes compared in place.
  private mutating func computeParentGroups() {
    let top = Int32(source.groups.count)
    if source.groupPositions.count == source.definitions.count {
      parentGroupOf = source.groupPositions.map { $0 < 0 ? top : $0 }
      return
    }
    parentGroupOf.reserveCapacity(source.definitions.count)
    var previousPath: TokenPath?
    var previousParent: Substring?
    var previousGroup = top
    for definition in source.definitions {
      let path = definition.path
      if let previousPath, path.sharesParentSegments(with: previousPath) {
        parentGroupOf.append(previousGroup)
        continue
      }
      previousPath = path
      let parent = path.parentName
      if parent != previousParent {
        previousGroup = parent.flatMap(source.groups.position).map(Int32.init) ?? top
        previousParent = parent
      }
      parentGroupOf.append(previousGroup)
    }
  }

  private func parentGroup(_ index: Int) -> ParentGroup { parentGroups[Int(parentGroupOf[index])] }

  /// A composite value written without `$value` (`low: {color: …, offsetX: …}` under `$type:
  /// shadow`) reads as a group of tokens named like its fields, each of them invalid. One error
  /// says so instead, and the group's tokens fail without more: a group under a composite type
  /// whose two or more tokens, none with a `$type` of its own, are all named like its fields.
  private mutating func reportCompositesWrittenAsGroups() {
    var composite: [Substring: TokenType] = [:]
    for (position, inheritance) in parentGroups.dropLast().enumerated() {
      guard let type = inheritance.type, CompositeValueParser.fields(of: type) != nil else { continue }
      composite[source.groups.values[position].path.name[...]] = type
    }
    guard !composite.isEmpty else { return }
    var members: [String: [Int]] = [:]
    for (index, definition) in source.definitions.enumerated() {
      guard let parent = definition.path.parentName, composite[parent] != nil else { continue }
      members[String(parent), default: []].append(index)
    }
    for (group, indices) in members where indices.count >= 2 {
      guard let type = composite[group[...]], let fields = CompositeValueParser.fields(of: type),
        let location = source.groups[group]?.location,
        indices.allSatisfy({
          source.definitions[$0].declaredType == nil
            && fields.contains(source.definitions[$0].path.segments.last ?? "")
        })
      else { continue }
      errors.append(DTCGError.compositeWrittenAsGroup(group: group, type: type, fields: fields, at: location))
      for (index, definition) in source.definitions.enumerated()
      where definition.path.name.hasPrefix(group + ".") {
        states[index] = .failed
      }
    }
  }

  /// The token's own `$type`, else its nearest group's, else its file root's.
  private func declaredType(_ index: Int) -> TokenType? {
    Self.declaredType(of: source.definitions[index], in: parentGroup(index))
  }

  /// The `$type` of `definition`, in the group `parent` says what it passes on.
  private static func declaredType(of definition: TokenDefinition, in parent: ParentGroup) -> TokenType? {
    // An invalid `$type` of its own (already reported) is not replaced by its group's.
    if definition.hasInvalidType { return nil }
    if let type = definition.declaredType { return type }
    if let type = parent.type { return type }
    if parent.isUnderInvalidType || parent.unsupportedType != nil { return nil }
    return definition.root?.type
  }

  /// Whether a literal `node` of `type` holds an `@`, which only a color's alpha modifier may (or
  /// a font family's name): an error.
  private static func holdsAlphaModifier(_ node: SyntaxNode, as type: TokenType) -> Bool {
    guard type != .color, type != .fontFamily, case .scalar(let scalar) = node else { return false }
    return scalar.value.containsByte(UInt8(ascii: "@"))
  }

  /// Before the walk in ``resolve(from:)``, on two cores: parses the values of the literals that
  /// need nothing else first (no composite, no alpha modifier) and parse without a problem or a
  /// warning, most of a large set's definitions, and finds the target of every reference. The walk
  /// meets those literals resolved, and resolves what this pass leaves (a reference, a value with
  /// a problem) as before, in the same order: the values, errors and warnings are those of the
  /// walk alone.
  ///
  /// Parsing the literals and finding the targets by name was about two thirds of resolving a large
  /// set, on one core after the last file was read, while the other core put the paths in order and
  /// then waited. The other core's share (`otherShare`, after the path order) is a quarter, as
  /// ordering the paths takes about as long as half of the rest.
  private mutating func resolveAheadOnTwoCores(
    handingTheOtherShareTo otherShare: Handoff<@Sendable () -> Void>
  ) {
    let pass = AheadPass(
      definitions: source.definitions, definitionIndex: source.definitionIndex, parentGroupOf: parentGroupOf,
      parentGroups: parentGroups)
    let count = source.definitions.count
    let split = count * 3 / 4
    referenceTargets = Array(repeating: -1, count: count)
    states.withUnsafeMutableBufferPointer { states in
      values.withUnsafeMutableBufferPointer { values in
        referenceTargets.withUnsafeMutableBufferPointer { referenceTargets in
          let table = ResolvedTable(states: states, values: values, referenceTargets: referenceTargets)
          let otherShareDone = Handoff<Void>()
          otherShare.hand {
            pass.parse(split..<count, into: table)
            otherShareDone.hand(())
          }
          pass.parse(0..<split, into: table)
          otherShareDone.take()
        }
      }
    }
  }

  /// Where definition `index`'s reference to `target` points, if anywhere.
  private func index(ofTargetOf index: Int, _ target: TokenPath) -> Int? {
    guard !referenceTargets.isEmpty else { return source.definitionIndex[target.name] }
    let found = referenceTargets[index]
    return found < 0 ? nil : Int(found)
  }

  /// What ``resolveAheadOnTwoCores(handingTheOtherShareTo:)`` reads, on either core.
  private struct AheadPass: Sendable {
    let definitions: [TokenDefinition]
    let definitionIndex: NameIndex
    let parentGroupOf: [Int32]
    let parentGroups: [ParentGroup]

    /// Resolves the definitions of `range` whose value is such a literal, and finds the target of
    /// every reference among them.
    func parse(_ range: Range<Int>, into table: ResolvedTable) {
      let warnings = ValueWarnings()
      for index in range {
        let definition = definitions[index]
        if case .reference(let target, _, _) = definition.value {
          table.referenceTargets[index] = definitionIndex[target.name].map(Int32.init) ?? -1
          continue
        }
        // As `resolve(from:)` and `resolveLiteral` would take it, up to the value's parsing.
        guard table.states[index] == .unvisited, definition.unsupportedType == nil,
          !definition.hasInvalidValue,
          case .literal(let node, alpha: nil) = definition.value,
          let type = Resolver.declaredType(
            of: definition, in: parentGroups[Int(parentGroupOf[index])]),
          !type.isComposite, !Resolver.holdsAlphaModifier(node, as: type)
        else { continue }
        let parsed = ValueParser.parse(node, as: type, warnings: warnings)
        guard warnings.take().isEmpty, case .success(let value) = parsed else { continue }
        table.values[index] = value
        table.states[index] = .resolved
      }
    }
  }

  /// The resolver's states, values and reference targets, written by both cores at once, each at
  /// its own indices.
  private struct ResolvedTable: @unchecked Sendable {
    let states: UnsafeMutableBufferPointer<State>
    let values: UnsafeMutableBufferPointer<TokenValue?>
    let referenceTargets: UnsafeMutableBufferPointer<Int32>
  }

  /// The unsupported type a token without a supported one takes, if any: it is left out.
  private func unsupportedType(_ index: Int) -> String? {
    let definition = source.definitions[index]
    if let type = definition.unsupportedType { return type }
    let parent = parentGroup(index)
    if definition.hasInvalidType || parent.isUnderInvalidType { return nil }
    return parent.unsupportedType ?? definition.root?.unsupportedType
  }

  private mutating func resolve(from start: Int) {
    // The walk's stack is the one kept in `walkStack`, emptied: most walks are one token long, and
    // an array made for each would cost an allocation per token.
    var stack: [Int] = []
    swap(&stack, &walkStack)
    defer { swap(&stack, &walkStack) }
    stack.removeAll(keepingCapacity: true)
    stack.append(start)
    states[start] = .visiting
    while let top = stack.last {
      if states[top] == .resolved || states[top] == .failed || states[top] == .omitted {
        stack.removeLast()
        continue
      }
      let definition = source.definitions[top]
      if definition.unsupportedType != nil {
        states[top] = .omitted
        stack.removeLast()
        continue
      }
      if definition.hasInvalidValue {
        states[top] = .failed
        stack.removeLast()
        continue
      }
      switch definition.value {
      case .literal(let node, let alpha):
        // A composite value's references are resolved first, as an alias's target is.
        switch pendingComponent(of: top, node) {
        case .unvisited(let target)?:
          push(target, onto: &stack)
        case .visiting(let target)?:
          reportCycle(stack: stack, closingAt: target)
        case .failed?:
          stack.removeLast()
        case .omitted(let target)?:
          omit(top, referencing: target, at: definition.valueLocation)
          stack.removeLast()
        case nil:
          resolveLiteral(top, node: node, alpha: alpha)
          stack.removeLast()
        }
      case .reference(let target, let alpha, let location):
        guard let targetIndex = index(ofTargetOf: top, target) else {
          fail(top, with: missingTarget(of: definition, target: target, at: location))
          stack.removeLast()
          continue
        }
        switch states[targetIndex] {
        case .unvisited:
          push(targetIndex, onto: &stack)
        case .visiting:
          reportCycle(stack: stack, closingAt: targetIndex)
        case .resolved:
          resolveReference(top, target: targetIndex, alpha: alpha, at: location)
          stack.removeLast()
        case .failed:
          states[top] = .failed
          stack.removeLast()
        case .omitted:
          omit(top, referencing: targetIndex, at: location)
          stack.removeLast()
        }
      }
    }
  }

  /// Leaves out a token that references one left out, with a warning.
  private mutating func omit(_ index: Int, referencing target: Int, at location: SourceLocation) {
    errors.append(
      ResolutionError.referencesOmittedToken(
        token: source.definitions[index].path.name, target: source.definitions[target].path.name,
        at: location))
    states[index] = .omitted
  }

  /// Follows `target` next. Chains are bounded where a reference resolves (see
  /// `chainLengths`), so the stack never outgrows the longest chain allowed.
  private mutating func push(_ target: Int, onto stack: inout [Int]) {
    states[target] = .visiting
    stack.append(target)
  }

  private enum PendingComponent {
    case unvisited(Int)
    case visiting(Int)
    /// A reference to nothing (reported) or to a token that failed (reported before).
    case failed
    /// A reference to a token left out.
    case omitted(Int)
  }

  /// The first token a composite value references that is not resolved yet; `nil` when all are (or
  /// the value is not a composite).
  private mutating func pendingComponent(of index: Int, _ node: SyntaxNode) -> PendingComponent? {
    guard let type = declaredType(index), type.isComposite else { return nil }
    let sites = componentSites(of: index, node)
    let missing = sites.filter { source.definitionIndex[$0.target.name] == nil }
    guard missing.isEmpty else {
      for site in missing {
        fail(
          index, with: missingTarget(of: source.definitions[index], target: site.target, at: site.location))
      }
      return .failed
    }
    for site in sites {
      guard let target = source.definitionIndex[site.target.name] else { continue }
      switch states[target] {
      case .unvisited: return .unvisited(target)
      case .visiting: return .visiting(target)
      case .failed:
        states[index] = .failed
        return .failed
      case .omitted: return .omitted(target)
      case .resolved: continue
      }
    }
    return nil
  }

  private mutating func componentSites(of index: Int, _ node: SyntaxNode) -> [ComponentReferenceSite] {
    if let sites = componentSitesByIndex[index] { return sites }
    let sites = CompositeValueParser.references(in: node)
    componentSitesByIndex[index] = sites
    return sites
  }

  private mutating func resolveLiteral(_ index: Int, node: SyntaxNode, alpha: AlphaModifier?) {
    let definition = source.definitions[index]
    guard let type = declaredType(index) else {
      if unsupportedType(index) != nil {
        states[index] = .omitted
      } else if definition.hasInvalidType || parentGroup(index).isUnderInvalidType
        || definition.root?.hasInvalidType == true
      {
        states[index] = .failed
      } else {
        fail(index, with: TokenFileError.missingType(token: definition.path.name, at: definition.location))
      }
      return
    }
    if alpha != nil && type != .color {
      fail(
        index,
        with: ResolutionError.alphaOnNonColor(
          token: definition.path.name, type: type, at: definition.valueLocation))
      return
    }
    if Self.holdsAlphaModifier(node, as: type) {
      fail(
        index,
        with: ResolutionError.alphaOnNonColor(token: definition.path.name, type: type, at: node.location))
      return
    }
    // Only the values composite references need, so no large array is copied per token; and no
    // lookup is made (a closure's context, an allocation) for a value that references nothing.
    var lookup = ReferenceLookup.none
    if let sites = componentSitesByIndex[index], !sites.isEmpty {
      var referenced: [String: TokenValue] = [:]
      for site in sites {
        referenced[site.target.name] = source.definitionIndex[site.target.name].flatMap { values[$0] }
      }
      lookup = ReferenceLookup { [referenced] in referenced[$0.name] }
    }
    let parsed = ValueParser.parse(node, as: type, lookup: lookup, warnings: valueWarnings)
    for problem in valueWarnings.take() {
      errors.append(
        TokenFileError.dubiousValue(
          token: definition.path.name, type: type, problem: problem.message,
          at: problem.location ?? definition.valueLocation))
    }
    switch parsed {
    case .failure(let problem):
      fail(
        index,
        with: TokenFileError.invalidValue(
          token: definition.path.name, type: type, problem: problem.message,
          at: problem.location ?? definition.valueLocation))
    case .success(let value):
      values[index] = applying(alpha, to: value)
      states[index] = .resolved
    }
  }

  private mutating func resolveReference(
    _ index: Int, target: Int, alpha: AlphaModifier?, at location: SourceLocation
  ) {
    let definition = source.definitions[index]
    guard let targetValue = values[target] else {
      states[index] = .failed
      return
    }
    // Measured from the literal, so the same chain is refused whatever order its tokens are
    // written in; the tokens above the one reported depend on it and fail silently.
    let chainLength = chainLengths[target] + 1
    guard chainLength <= limits.maxReferenceChain else {
      fail(
        index,
        with: ResolutionError.chainTooLong(
          token: definition.path.name, limit: limits.maxReferenceChain, at: location))
      return
    }
    chainLengths[index] = chainLength
    // A token without a `$type` of its own takes its target's, before its group's (format
    // module, "Type").
    if let expected = definition.declaredType, expected != targetValue.type {
      fail(
        index,
        with: ResolutionError.typeMismatch(
          token: definition.path.name, expected: expected, target: source.definitions[target].path.name,
          found: targetValue.type, at: location))
      return
    }
    if alpha != nil && targetValue.type != .color {
      fail(
        index,
        with: ResolutionError.alphaOnNonColor(
          token: definition.path.name, type: targetValue.type, at: location))
      return
    }
    values[index] = applying(alpha, to: targetValue)
    states[index] = .resolved
  }

  private func applying(_ alpha: AlphaModifier?, to value: TokenValue) -> TokenValue {
    guard let alpha, case .color(let color) = value else { return value }
    return .color(color.withAlpha(color.alpha * alpha.factor))
  }

  private mutating func missingTarget(
    of definition: TokenDefinition, target: TokenPath, at location: SourceLocation
  ) -> ResolutionError {
    if source.groups[target.name] != nil {
      return .referenceToGroup(token: definition.path.name, target: target.name, at: location)
    }
    return .unknownReference(
      token: definition.path.name, target: target.name, suggestion: suggestion(for: target), at: location)
  }

  /// The closest existing token, looked for under the deepest group of the
  /// reference that exists (`main.alert.colr.bg` looks under `main.alert`), so a
  /// typo costs a look at a few siblings rather than at every token.
  ///
  /// Each look passes over every token, so a file of many broken references would cost their
  /// number times the number of tokens: past ``suggestionWorkLimit`` tokens looked at in one
  /// run, references are still reported, without a did-you-mean.
  private mutating func suggestion(for target: TokenPath) -> String? {
    guard suggestionWork < Self.suggestionWorkLimit else { return nil }
    var prefixLength = target.segments.count - 1
    while prefixLength > 0 {
      let prefix = target.segments.prefix(prefixLength).joined(separator: ".")
      if source.groups[prefix] != nil {
        suggestionWork += source.definitions.count
        let candidates = source.definitions.lazy.map(\.path.name).filter { $0.hasPrefix(prefix + ".") }
        if let match = Suggestion.closest(to: target.name, in: candidates) { return match }
        break
      }
      prefixLength -= 1
    }
    suggestionWork += source.definitions.count
    return Suggestion.closest(to: target.name, in: source.definitions.lazy.map(\.path.name))
  }

  /// Tokens looked at for did-you-mean suggestions, in this run.
  private var suggestionWork = 0
  /// Enough for 25 to 50 broken references in a 20,000-token design system; at most a few
  /// seconds in a debug build, a fraction of one in a release build.
  static let suggestionWorkLimit = 1_000_000

  /// Reports the cycle that `stack` closes by pointing back at `target`, once,
  /// starting from its member written first in the files.
  private mutating func reportCycle(stack: [Int], closingAt target: Int) {
    guard let start = stack.lastIndex(of: target) else { return }
    var members = Array(stack[start...])
    if let first = members.indices.min(by: {
      source.definitions[members[$0]].location < source.definitions[members[$1]].location
    }) {
      members = Array(members[first...] + members[..<first])
    }
    let steps = members.enumerated().map { position, index -> ResolutionError.CycleStep in
      let definition = source.definitions[index]
      var location = definition.valueLocation
      switch definition.value {
      case .reference(_, _, let at):
        location = at
      case .literal:
        // A composite value: where it references the next member.
        let next = members[(position + 1) % members.count]
        let site = componentSitesByIndex[index]?.first { source.definitionIndex[$0.target.name] == next }
        location = site?.location ?? location
      }
      return ResolutionError.CycleStep(token: definition.path.name, location: location)
    }
    errors.append(ResolutionError.cycle(steps))
    for index in members { states[index] = .failed }
  }

  private mutating func fail(_ index: Int, with error: any DiagnosticConvertible) {
    errors.append(error)
    states[index] = .failed
  }
}
