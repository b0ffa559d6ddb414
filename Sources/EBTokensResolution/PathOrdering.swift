import EBTokensModel
import EBTokensParsing
import EBTokensSupport

/// The definitions in path order (indices into them), and each name's position in that order.
struct PathOrdering: Sendable {
  let order: [Int]
  let positionByName: NameIndex

  /// - Parameters:
  ///   - definitionIndex: Each definition's index by name.
  ///   - groups: The groups the definitions were read in.
  ///   - groupPositions: Each definition's group, as merging recorded it (see
  ///     `TokenSource.groupPositions`).
  init(
    _ definitions: [TokenDefinition], definitionIndex: NameIndex, groups: GroupTable, groupPositions: [Int32]
  ) {
    guard definitionIndex.count == definitions.count else {
      // An index that does not hold each definition once: the whole paths are sorted, equal
      // ones kept in their order.
      order = Self.sortedByKeys(definitions)
      positionByName = NameIndex(positionsOf: order.lazy.map { definitions[$0].path.name })
      return
    }
    order =
      Self.followingGroups(definitions, groups: groups, groupPositions: groupPositions)
      ?? Self.sortedByKeys(definitions)
    // The index holds every name once: its values are mapped in place, without hashing the
    // names again.
    var positionOfDefinition = [Int](repeating: 0, count: order.count)
    for (position, index) in order.enumerated() { positionOfDefinition[index] = position }
    positionByName = definitionIndex.mapValues { positionOfDefinition[$0] }
  }

  /// The order of a sort of every path's whole ``/EBTokensModel/TokenPath/sortKey``.
  private static func sortedByKeys(_ definitions: [TokenDefinition]) -> [Int] {
    var keys = TokenPath.SortKeys(
      capacity: definitions.count,
      byteCapacity: definitions.reduce(0) { $0 + $1.path.estimatedSortKeyLength })
    for definition in definitions { keys.append(definition.path) }
    return keys.sortedIndices()
  }

  /// The order read off the tree of groups the files were written as, when merging recorded
  /// where each definition and group is: each group's members (its tokens and its groups) put in
  /// order by their last segments alone, then the tree walked depth first. Paths that share all
  /// but their last segment compare as those last segments do, and a group's members all come
  /// between it and the group after it, so this is the order of the whole paths, found comparing
  /// a few short segments per group where a sort of the whole set writes a long key per path and
  /// compares them many times over (100,000 tokens of the bench tree: 27 ms of CPU against 103).
  ///
  /// `nil` when the places merging recorded cannot give it: something added definitions since
  /// (`groupPositions` is then shorter), or a group's place is not the one of a group one segment
  /// shorter.
  static func followingGroups(
    _ definitions: [TokenDefinition], groups: GroupTable, groupPositions: [Int32]
  ) -> [Int]? {
    guard groupPositions.count == definitions.count else { return nil }
    // Members are numbered groups first, then definitions; a member's parent is a group's place,
    // or `top` for the members at the top of the files.
    let groupCount = groups.count
    let top = groupCount
    var lastSegments: [String] = []
    lastSegments.reserveCapacity(groupCount + definitions.count)
    var parents: [Int32] = []
    parents.reserveCapacity(groupCount + definitions.count)
    // Each group read where it lies (enumerating them would copy every one).
    let groupValues = groups.values
    let groupDepths = groupValues.indices.map { groupValues[$0].path.segments.count }
    for position in groupValues.indices {
      let depth = groupDepths[position]
      var parent = top
      if depth > 1 {
        guard let found = groups.parentPosition(of: position), groupDepths[found] == depth - 1 else {
          return nil
        }
        parent = found
      }
      parents.append(Int32(parent))
      lastSegments.append(groupValues[position].path.segments.last ?? "")
    }
    for index in definitions.indices {
      let depth = definitions[index].path.segments.count
      let group = Int(groupPositions[index])
      if group < 0 {
        guard depth == 1 else { return nil }
        parents.append(Int32(top))
      } else {
        guard depth > 1, groupDepths[group] == depth - 1 else { return nil }
        parents.append(Int32(group))
      }
      lastSegments.append(definitions[index].path.segments.last ?? "")
    }
    // Each parent's members, side by side: those of parent `p` at `starts[p]..<starts[p + 1]`,
    // definitions before groups, so that a token goes before a group of the same segment (no
    // valid set has both: merging reports the conflict), as the shorter path does.
    var starts = [Int](repeating: 0, count: groupCount + 2)
    for parent in parents { starts[Int(parent) + 1] += 1 }
    for slot in 1..<starts.count { starts[slot] += starts[slot - 1] }
    var members = [Int32](repeating: 0, count: parents.count)
    var next = starts
    func place(_ member: Int) {
      let parent = Int(parents[member])
      members[next[parent]] = Int32(member)
      next[parent] += 1
    }
    for member in groupCount..<parents.count { place(member) }
    for member in 0..<groupCount { place(member) }
    for parent in 0...top where starts[parent + 1] - starts[parent] > 1 {
      members[starts[parent]..<starts[parent + 1]].sort {
        TokenPath.segmentPrecedes(lastSegments[Int($0)], lastSegments[Int($1)])
      }
    }
    // Depth first from the top. Every group is reached: its parent is a group one segment
    // shorter, down to one at the top; so is every definition.
    var order: [Int] = []
    order.reserveCapacity(definitions.count)
    var stack: [(parent: Int, next: Int)] = [(top, starts[top])]
    while let last = stack.last {
      guard last.next < starts[last.parent + 1] else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next += 1
      let member = Int(members[last.next])
      if member < groupCount {
        stack.append((member, starts[member]))
      } else {
        order.append(member - groupCount)
      }
    }
    return order
  }
}
