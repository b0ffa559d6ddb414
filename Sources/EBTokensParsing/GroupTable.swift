import EBTokensSupport

/// The groups of a ``TokenSource``, each found by its dotted name, in the order they were first
/// recorded, each knowing where the group holding it is.
///
/// What a `[String: GroupDefinition]` would be, made for the tens of thousands of groups of a
/// large design system. A group read from a file is recorded with the hash of its name, computed
/// on the thread that read the file (see `NameIndex`), and with the place of the group holding
/// it, read before it: so merging files hashes no group's name, and finding what each group
/// inherits (see `Resolver`) looks up no name either.
public struct GroupTable: Sendable {
  /// The groups, in the order first recorded.
  public private(set) var values: [GroupDefinition] = []
  /// Each group's place in `values`, by its name.
  private var positions = NameIndex()
  /// By place: the place of the group holding it, or -1 for a group at the top and one recorded
  /// before the group holding it (then found by name, see ``parentPosition(of:)``).
  private var parentPositions: [Int32] = []

  package init() {}

  public var count: Int { values.count }
  public var isEmpty: Bool { values.isEmpty }
  /// The groups' names, in the order first recorded.
  public var names: [String] { values.map(\.path.name) }

  public subscript(name: String) -> GroupDefinition? {
    positions[name].map { values[$0] }
  }

  /// The place in ``values`` of the group `name`.
  package func position(of name: Substring) -> Int? { positions[name] }

  /// The place in ``values`` of the group `name`, whose `NameIndex.hash(of:)` is `hash`.
  package func position(of name: String, hash: Int) -> Int? { positions.value(for: name, hash: hash) }

  /// The place of the group holding the group at `position`, `nil` for a group at the top (or one
  /// whose parent is not in the table): as recorded with it, else, for a group recorded before the
  /// group holding it (a patched load's subset records them from the token up), found by name.
  package func parentPosition(of position: Int) -> Int? {
    let parent = parentPositions[position]
    if parent >= 0 { return Int(parent) }
    return values[position].path.parentName.flatMap { positions[$0] }
  }

  /// Starts loading where the group whose name's `NameIndex.hash(of:)` is `hash` is looked up.
  package func prefetch(hash: Int) { positions.prefetch(hash: hash) }

  /// Records `group`, in place of the group of that name if there is one.
  package mutating func record(_ group: GroupDefinition) {
    let parent = group.path.parentName.flatMap { positions[$0] }
    let (position, isNew) = record(group, hash: NameIndex.hash(of: group.path.name), parentPosition: parent)
    if !isNew { values[position] = group }
  }

  /// Records `group`, whose name's `NameIndex.hash(of:)` is `hash`, held by the
  /// group at `parentPosition`, unless a group of that name is recorded already: returns the
  /// group's place, and whether `group` was recorded there.
  package mutating func record(_ group: GroupDefinition, hash: Int, parentPosition: Int?) -> (
    position: Int, isNew: Bool
  ) {
    let position = positions.value(for: group.path.name, hash: hash, insertingIfMissing: values.count)
    guard position == values.count else { return (position, false) }
    values.append(group)
    parentPositions.append(Int32(parentPosition ?? -1))
    return (position, true)
  }

  /// The group at `position` in ``values``.
  package subscript(position position: Int) -> GroupDefinition {
    get { values[position] }
    set { values[position] = newValue }
  }
}
