import Testing

@testable import EBTokensBenchSupport
@testable import EBTokensModel
@testable import EBTokensParsing
@testable import EBTokensResolution
@testable import EBTokensSyntax

/// The resolver puts definitions in path order by walking the tree of groups the files were
/// written as (`PathOrdering.followingGroups`), where it can: that order must be the order of
/// the whole paths, as `<` compares them.
@Suite struct PathOrderingTests {
  /// Segments that sort in every way natural order can: digit runs by value (`2` before `10`),
  /// leading zeros (`a02` and `a2` tie, then compare by bytes), case, a non-ASCII letter, `-`
  /// and `_`, and DTCG's `$root`.
  private static let segments = [
    "a", "a2", "a10", "a02", "b", "B", "é", "x-1", "x_1", "10", "9", "item3", "item03", "item12",
  ]

  /// Files written from random paths: each file holds some of the paths, as nested groups, so
  /// that one group's members come from several files, in no order, and some groups hold a
  /// `$root` token.
  private static func files(seed: UInt64) -> [String] {
    var generator = SplitMix64(seed: seed)
    let trees = (0..<4).map { _ in Tree() }
    for _ in 0..<400 {
      let depth = generator.inRange(1...4)
      var path = (0..<depth).map { _ in segments[generator.below(segments.count)] }
      // A group's members are all groups or all tokens at a depth: no name is both.
      path = path.enumerated().map { $0.offset == depth - 1 ? "t\($0.element)" : "g\($0.element)" }
      if depth > 1, generator.below(10) == 0 { path[depth - 1] = "$root" }
      trees[generator.below(trees.count)].insert(path[...])
    }
    return trees.map { "$type: color\n" + $0.yaml(indent: 0) }
  }

  /// Nested groups, members in the order first inserted.
  private final class Tree {
    var members: [(name: String, tree: Tree?)] = []

    func insert(_ path: ArraySlice<String>) {
      guard let first = path.first else { return }
      if path.count == 1 {
        if !members.contains(where: { $0.name == first }) { members.append((first, nil)) }
        return
      }
      if let existing = members.first(where: { $0.name == first })?.tree {
        existing.insert(path.dropFirst())
        return
      }
      let tree = Tree()
      tree.insert(path.dropFirst())
      members.append((first, tree))
    }

    func yaml(indent: Int) -> String {
      let pad = String(repeating: "  ", count: indent)
      return members.map { name, tree in
        guard let tree else { return "\(pad)\"\(name)\": {$value: \"#102030\"}\n" }
        return "\(pad)\"\(name)\":\n" + tree.yaml(indent: indent + 1)
      }.joined()
    }
  }

  private static func source(_ files: [String]) throws -> TokenSource {
    try tokenSource(files.enumerated().map { (path: "f\($0.offset).yaml", contents: $0.element) })
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func theTreeOfGroupsGivesThePathOrder(seed: UInt64) throws {
    let source = try Self.source(Self.files(seed: seed))
    let definitions = source.definitions
    #expect(definitions.count > 200)
    #expect(definitions.contains { $0.path.segments.last == "$root" })
    let expected = definitions.map(\.path).sorted()
    let order = try #require(
      PathOrdering.followingGroups(definitions, groups: source.groups, groupPositions: source.groupPositions))
    #expect(order.map { definitions[$0].path } == expected)
    let ordering = PathOrdering(
      definitions, definitionIndex: source.definitionIndex, groups: source.groups,
      groupPositions: source.groupPositions)
    #expect(ordering.order == order)
    for (position, index) in order.enumerated() {
      #expect(ordering.positionByName[definitions[index].path.name] == position)
    }
  }

  /// A group recorded before the group holding it (as a patched load records them, from the token
  /// up) is placed by its parent's name.
  @Test func aGroupRecordedBeforeItsParentIsFoundByName() throws {
    var source = try Self.source(Self.files(seed: 5))
    var reversed = GroupTable()
    for group in source.groups.values.reversed() { reversed.record(group) }
    let positions = source.groups.values.map {
      reversed.position(of: $0.path.name[...]).map(Int32.init) ?? -1
    }
    source.groupPositions = source.groupPositions.map { $0 < 0 ? $0 : positions[Int($0)] }
    let order = try #require(
      PathOrdering.followingGroups(
        source.definitions, groups: reversed, groupPositions: source.groupPositions))
    #expect(order.map { source.definitions[$0].path } == source.definitions.map(\.path).sorted())
  }

  /// Without each definition's group (something added definitions since merging), or with a group
  /// that is not one segment above its definition, the whole paths are sorted instead.
  @Test func placesThatCannotGiveTheOrderAreNotUsed() throws {
    let source = try Self.source(Self.files(seed: 6))
    let definitions = source.definitions
    let expected = definitions.map(\.path).sorted()
    var shorter = source.groupPositions
    shorter.removeLast()
    #expect(PathOrdering.followingGroups(definitions, groups: source.groups, groupPositions: shorter) == nil)
    let ordering = PathOrdering(
      definitions, definitionIndex: source.definitionIndex, groups: source.groups, groupPositions: shorter)
    #expect(ordering.order.map { definitions[$0].path } == expected)
    // A definition two segments below its recorded group.
    let deep = try #require(definitions.indices.first { definitions[$0].path.segments.count >= 3 })
    var misplaced = source.groupPositions
    let grandparent = try #require(
      source.groups.position(of: definitions[deep].path.segments.dropLast(2).joined(separator: ".")[...]))
    misplaced[deep] = Int32(grandparent)
    #expect(
      PathOrdering.followingGroups(definitions, groups: source.groups, groupPositions: misplaced) == nil)
    // A definition below the top recorded at the top.
    misplaced = source.groupPositions
    misplaced[deep] = -1
    #expect(
      PathOrdering.followingGroups(definitions, groups: source.groups, groupPositions: misplaced) == nil)
  }
}
