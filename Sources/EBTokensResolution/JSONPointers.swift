import EBTokensModel
import EBTokensParsing
import EBTokensSupport
import EBTokensSyntax

/// DTCG `$ref` (format module § 7.1.2 and § 7.3): JSON Pointers into the token set, as a token's
/// value (`{"$ref": "#/colors/blue/$value"}`, also written in the token's place) or as part of one
/// (`"components": [{"$ref": "#/base/blue/$value/components/0"}, …]`).
///
/// Pointers are settled before values are resolved, by rewriting the values that hold them:
///
/// - A pointer to a whole token (`#/a/b` or `#/a/b/$value`) is the curly reference `{a.b}`: an
///   alias, typed and resolved like any other, and kept as a reference in outputs.
/// - A pointer into a value is replaced by what it points at, as written there. On the way,
///   references are followed: a value that is `{other}` or another `$ref` is read through, so
///   `#/alias/$value/components/0` works when `alias` is `{base}`. What it lands on is then
///   rewritten the same way, so a pointed-at part that holds pointers is settled too.
/// - A cycle through pointers and references is an error naming every step; every token in it
///   fails, and so does every token that depends on them, without further errors.
///
/// A scalar put in place of a pointer is located at the pointer, so an error in it (a string where
/// a number belongs) is shown where the `$ref` is written.
enum JSONPointers {
  static func apply(to source: inout TokenSource, limits: Limits) -> [any DiagnosticConvertible] {
    guard source.mayHoldJSONPointers else { return [] }
    var run = PointerRun(source: source, limits: limits)
    for index in source.definitions.indices { run.rewrite(index) }
    source = run.source
    return run.errors
  }
}

private struct PointerRun {
  /// Why a pointer could not be followed.
  private enum Failure: Error {
    /// `token` is where the failing reference is written; `note`, where what it points at is.
    case problem(
      token: String, pointer: String, message: String, at: SourceLocation, note: SourceLocation? = nil)
    case cycle([ResolutionError.CycleStep])
    /// Reported elsewhere: an alias to a token that does not exist, which the resolver reports.
    case silent
  }

  /// A pointer being followed: where a path that leads nowhere is reported.
  private struct Origin {
    let token: String
    let pointer: String
    let location: SourceLocation

    func failure(_ message: String, note: SourceLocation) -> Failure {
      .problem(token: token, pointer: pointer, message: message, at: location, note: note)
    }
  }

  /// The references followed so far in one navigation, to catch cycles.
  private struct Trail {
    let limit: Int
    var steps: [ResolutionError.CycleStep] = []
    var seen: [SourceLocation: Int] = [:]

    mutating func follow(_ token: String, at location: SourceLocation, pointer: String) throws(Failure) {
      if let start = seen[location] { throw .cycle(Array(steps[start...])) }
      guard steps.count < limit else {
        throw .problem(
          token: token, pointer: pointer,
          message: "the chain of references is longer than the limit of \(limit)",
          at: location)
      }
      seen[location] = steps.count
      steps.append(ResolutionError.CycleStep(token: token, location: location))
    }
  }

  var source: TokenSource
  let limits: Limits
  private(set) var errors: [any DiagnosticConvertible] = []
  /// Failures already reported, by where they are written: a broken pointer that several tokens
  /// read through is reported once.
  private var reported: Set<[SourceLocation]> = []

  package init(source: TokenSource, limits: Limits) {
    self.source = source
    self.limits = limits
  }

  mutating func rewrite(_ index: Int) {
    let definition = source.definitions[index]
    guard definition.value.holdsJSONPointer, case .literal(let node, let alpha) = definition.value else {
      return
    }
    let owner = definition.path.name
    do {
      let value: ValueExpression
      if case .mapping(let mapping) = node, let text = try Self.pointerText(mapping, owner: owner) {
        value = try whole(text, owner: owner, at: mapping.location)
      } else {
        var trail = Trail(limit: limits.maxReferenceChain)
        value = .literal(try rewrite(node, owner: owner, trail: &trail, depth: 0), alpha: alpha)
      }
      source.definitions[index] = TokenDefinition(
        path: definition.path, declaredType: definition.declaredType,
        hasInvalidType: definition.hasInvalidType,
        value: value, description: definition.description, deprecation: definition.deprecation,
        extensions: definition.extensions, location: definition.location,
        valueLocation: definition.valueLocation)
    } catch {
      source.brokenNames.insert(owner)
      report(error)
    }
  }

  /// A token whose whole value is a pointer: an alias of a token, or what a pointer into a value
  /// lands on.
  private mutating func whole(_ text: String, owner: String, at location: SourceLocation) throws(Failure)
    -> ValueExpression
  {
    var trail = Trail(limit: limits.maxReferenceChain)
    try trail.follow(owner, at: location, pointer: text)
    let (token, valuePath) = try target(of: text, owner: owner, at: location)
    guard let valuePath, !valuePath.isEmpty else { return .reference(token, alpha: nil, at: location) }
    let origin = Origin(token: owner, pointer: text, location: location)
    let (found, foundOwner) = try navigate(from: token, valuePath, origin: origin, trail: &trail)
    if case .scalar(let scalar) = found, let path = CurlyReference.path(in: scalar.value) {
      return .reference(path, alpha: nil, at: location)
    }
    return .literal(
      Self.relocated(try rewrite(found, owner: foundOwner, trail: &trail, depth: 1), to: location), alpha: nil
    )
  }

  /// `node` with every pointer in it replaced (see ``JSONPointers``).
  private mutating func rewrite(_ node: SyntaxNode, owner: String, trail: inout Trail, depth: Int)
    throws(Failure)
    -> SyntaxNode
  {
    switch node {
    case .scalar:
      return node
    case .sequence(let sequence):
      var items: [SyntaxNode] = []
      for item in sequence.items {
        items.append(try rewrite(item, owner: owner, trail: &trail, depth: depth))
      }
      return .sequence(SyntaxSequence(location: sequence.location, items: items))
    case .mapping(let mapping):
      guard let text = try Self.pointerText(mapping, owner: owner) else {
        var entries: [SyntaxMapping.Entry] = []
        for entry in mapping.entries {
          entries.append(
            SyntaxMapping.Entry(
              key: entry.key, value: try rewrite(entry.value, owner: owner, trail: &trail, depth: depth)))
        }
        return .mapping(SyntaxMapping(location: mapping.location, entries: entries))
      }
      guard depth < limits.maxDepth else {
        throw .problem(
          token: owner, pointer: text, message: "pointers nest more than \(limits.maxDepth) levels deep",
          at: mapping.location)
      }
      var branch = trail
      try branch.follow(owner, at: mapping.location, pointer: text)
      let (token, valuePath) = try target(of: text, owner: owner, at: mapping.location)
      guard let valuePath, !valuePath.isEmpty else {
        return .scalar(SyntaxScalar(value: "{\(token.name)}", style: .quoted, location: mapping.location))
      }
      let origin = Origin(token: owner, pointer: text, location: mapping.location)
      let (found, foundOwner) = try navigate(from: token, valuePath, origin: origin, trail: &branch)
      return Self.relocated(
        try rewrite(found, owner: foundOwner, trail: &branch, depth: depth + 1), to: mapping.location)
    }
  }

  /// Walks `valuePath` into the value of `token`, reading through references, and returns what
  /// it lands on with the token whose value holds it. A whole-token reference it lands on is
  /// returned as `{token}`, so the result stays an alias. A path that leads nowhere is reported at
  /// the pointer it comes from (`origin`, or a pointer met on the way), with a note at the value.
  private func navigate(
    from token: TokenPath, _ valuePath: [String], origin: Origin, trail: inout Trail
  ) throws(Failure) -> (SyntaxNode, String) {
    var (node, owner) = try value(of: token.name, origin: origin, trail: &trail)
    var pending: [(segments: [String], walked: String, origin: Origin)] = [
      (valuePath, "#/" + token.segments.joined(separator: "/") + "/$value", origin)
    ]
    while true {
      if case .mapping(let mapping) = node, let text = try Self.pointerText(mapping, owner: owner) {
        let inner = Origin(token: owner, pointer: text, location: mapping.location)
        try trail.follow(owner, at: mapping.location, pointer: text)
        let (next, nextPath) = try target(of: text, owner: owner, at: mapping.location)
        if (nextPath ?? []).isEmpty && pending.allSatisfy(\.segments.isEmpty) {
          return (
            .scalar(SyntaxScalar(value: "{\(next.name)}", style: .quoted, location: mapping.location)), owner
          )
        }
        (node, owner) = try value(of: next.name, origin: inner, trail: &trail)
        pending.append((nextPath ?? [], "#/" + next.segments.joined(separator: "/") + "/$value", inner))
        continue
      }
      guard let current = pending.last, let segment = current.segments.first else {
        pending.removeLast()
        if pending.isEmpty { return (node, owner) }
        continue
      }
      if case .scalar(let scalar) = node, let path = CurlyReference.path(in: scalar.value) {
        guard source.definitionIndex[path.name] != nil else {
          throw current.origin.failure(
            "'\(current.walked)' is '{\(path.name)}', which does not exist", note: scalar.location)
        }
        try trail.follow(owner, at: scalar.location, pointer: current.origin.pointer)
        (node, owner) = try value(of: path.name, origin: current.origin, trail: &trail)
        continue
      }
      pending[pending.count - 1].segments.removeFirst()
      pending[pending.count - 1].walked += "/" + segment
      let here = current.walked
      switch node {
      case .mapping(let mapping):
        guard let child = mapping[segment] else {
          let keys = mapping.entries.map { "'\($0.key.value)'" }.joined(separator: ", ")
          throw current.origin.failure(
            "'\(here)' has no '\(segment)' (it has \(keys.isEmpty ? "nothing" : keys))",
            note: mapping.location)
        }
        node = child
      case .sequence(let sequence):
        guard let position = Self.arrayIndex(segment), position < sequence.items.count else {
          throw current.origin.failure(
            "'\(here)' is a list of \(sequence.items.count); '\(segment)' is not one of its indexes",
            note: sequence.location)
        }
        node = sequence.items[position]
      case .scalar(let scalar):
        throw current.origin.failure(
          "'\(here)' is '\(scalar.value)', which has no '\(segment)'", note: scalar.location)
      }
    }
  }

  /// The value of `name` (an existing token) as written, reading through aliases to the token
  /// that writes it.
  private func value(of name: String, origin: Origin, trail: inout Trail) throws(Failure) -> (
    SyntaxNode, String
  ) {
    var current = name
    while true {
      guard let index = source.definitionIndex[current] else {
        throw .silent
      }
      let definition = source.definitions[index]
      switch definition.value {
      case .literal(let node, _):
        return (node, current)
      case .reference(let target, let alpha, let location):
        if alpha != nil {
          throw origin.failure(
            "'\(current)' is '{\(target.name)}' with an '@ NN%' modifier; a pointer cannot go into it",
            note: location)
        }
        try trail.follow(current, at: location, pointer: origin.pointer)
        current = target.name
      }
    }
  }

  /// The token a pointer names and the path into its value, checking the token exists.
  private func target(of text: String, owner: String, at location: SourceLocation) throws(Failure) -> (
    TokenPath, [String]?
  ) {
    let pointer: JSONPointer
    switch JSONPointer.parse(text) {
    case .success(let parsed): pointer = parsed
    case .failure(let problem):
      throw .problem(token: owner, pointer: text, message: problem.message, at: location)
    }
    let token: TokenPath
    let valuePath: [String]?
    switch pointer.target() {
    case .success(let target): (token, valuePath) = target
    case .failure(let problem):
      throw .problem(token: owner, pointer: text, message: problem.message, at: location)
    }
    guard source.definitionIndex[token.name] != nil else {
      if source.groups[token.name] != nil {
        throw .problem(
          token: owner, pointer: text,
          message:
            "'\(token.name)' is a group; a $ref names a token or a place in its value (a group inherits another with $extends)",
          at: location)
      }
      let suggestion = Suggestion.closest(to: token.name, in: source.definitions.lazy.map(\.path.name))
      throw .problem(
        token: owner, pointer: text,
        message: "'\(token.name)' does not exist" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
        at: location)
    }
    return (token, valuePath)
  }

  private mutating func report(_ error: any Error) {
    guard let failure = error as? Failure else { return }
    switch failure {
    case .problem(let token, let pointer, let message, let location, let note):
      guard reported.insert([location]).inserted else { return }
      errors.append(
        DTCGError.pointer(token: token, pointer: pointer, problem: message, at: location, note: note))
    case .silent:
      return
    case .cycle(let steps):
      // Start from the step written first, so each cycle reads the same however it was entered.
      let first = steps.indices.min { steps[$0].location < steps[$1].location } ?? 0
      let ordered = Array(steps[first...] + steps[..<first])
      for step in ordered { source.brokenNames.insert(step.token) }
      guard reported.insert(ordered.map(\.location).sorted()).inserted else { return }
      errors.append(ResolutionError.cycle(ordered))
    }
  }

  // MARK: Nodes

  /// The text of `{"$ref": "…"}`, `nil` for a mapping without `$ref`.
  private static func pointerText(_ mapping: SyntaxMapping, owner: String) throws(Failure) -> String? {
    guard let entry = mapping.entries.first(where: { $0.key.value == "$ref" }) else { return nil }
    guard mapping.entries.count == 1 else {
      throw .problem(
        token: owner, pointer: "", message: "a $ref object holds nothing but \"$ref\"", at: mapping.location)
    }
    guard case .scalar(let scalar) = entry.value, scalar.isQuoted else {
      throw .problem(
        token: owner, pointer: "", message: "\"$ref\" must be a string, found \(entry.value.kindDescription)",
        at: entry.value.location)
    }
    return scalar.value
  }

  private static func relocated(_ node: SyntaxNode, to location: SourceLocation) -> SyntaxNode {
    guard case .scalar(let scalar) = node else { return node }
    return .scalar(SyntaxScalar(value: scalar.value, style: scalar.style, location: location))
  }

  /// RFC 6901 array indexes: digits, no leading zero.
  private static func arrayIndex(_ segment: String) -> Int? {
    guard !segment.isEmpty, segment.allUTF8Bytes({ $0 >= 48 && $0 <= 57 }),
      segment == "0" || !segment.hasPrefix("0")
    else { return nil }
    return Int(segment)
  }
}
