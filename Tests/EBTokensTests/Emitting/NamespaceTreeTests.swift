import Foundation
import TestSupport
import Testing

@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensSupport

/// `NamespaceTree` groups tokens by the segments of their paths in one pass: the tree must be the
/// one that grouping them level by level gives (below), for paths whose groups share a segments
/// array (as a file's walker makes them) and for paths that do not, in path order and in any
/// other, where a group's members are not adjacent.
@Suite struct NamespaceTreeTests {
  /// A node's fields, its children's in turn.
  private struct Shape: Equatable, CustomStringConvertible {
    let segment: String
    let name: String
    let tokens: [Int]
    let children: [Shape]
    let firstToken: Int?

    init(_ node: NamespaceTree.Node) {
      self.init(
        segment: node.segment, name: node.name, tokens: node.tokens, children: node.children.map(Shape.init),
        firstToken: node.firstToken)
    }

    init(segment: String, name: String, tokens: [Int], children: [Shape], firstToken: Int?) {
      self.segment = segment
      self.name = name
      self.tokens = tokens
      self.children = children
      self.firstToken = firstToken
    }

    var description: String {
      "\(name.isEmpty ? "<root>" : name) \(tokens) first \(firstToken.map(String.init) ?? "-") {"
        + children.map(\.description).joined(separator: ", ") + "}"
    }
  }

  /// The grouping level by level: at each depth, the tokens of a group's range that are one
  /// segment deeper are its own, and each run of adjacent deeper tokens with one next segment is
  /// a sub-group.
  private static func grouped(
    _ paths: [TokenPath], segment: String = "", depth: Int = 0, name: String = "", range: Range<Int>
  ) -> Shape {
    var direct: [Int] = []
    var children: [Shape] = []
    var index = range.lowerBound
    while index < range.upperBound {
      let segments = Array(paths[index].segments)
      guard segments.count > depth + 1 else {
        direct.append(index)
        index += 1
        continue
      }
      var end = index + 1
      while end < range.upperBound, paths[end].segments.count > depth + 1,
        Array(paths[end].segments)[depth] == segments[depth]
      {
        end += 1
      }
      let group = segments[depth]
      children.append(
        grouped(
          paths, segment: group, depth: depth + 1, name: name.isEmpty ? group : name + "." + group,
          range: index..<end))
      index = end
    }
    return Shape(
      segment: segment, name: name, tokens: direct, children: children,
      firstToken: range.isEmpty ? nil : range.lowerBound)
  }

  private static func token(_ path: TokenPath) -> Token {
    let location = EBTokensSupport.SourceLocation(file: "tokens.yaml", line: 1, column: 1)
    return Token(
      path: path, type: .number, value: .number(1), deprecation: nil, location: location,
      valueLocation: location)
  }

  /// Paths from a few segments, one to five deep; the members of a group share one segments
  /// array when `sharing`, as a walker's do, and each has its own otherwise.
  private static func randomPaths(count: Int, sharing: Bool, using random: inout SeededGenerator)
    -> [TokenPath]
  {
    let words = ["a", "b", "c", "bg", "label", "1", "10", "2"]
    var paths: [TokenPath] = []
    var groups: [[String]: (path: TokenPath, segments: [String])] = [:]
    while paths.count < count {
      let depth = Int.random(in: 1...5, using: &random)
      let segments = (0..<depth).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }
      guard sharing, depth > 1 else {
        paths.append(TokenPath(segments))
        continue
      }
      let parentSegments = Array(segments.dropLast())
      let parent = groups[parentSegments] ?? (TokenPath(parentSegments), parentSegments)
      groups[parentSegments] = parent
      // A few groups in a few bursts, so that a group's shared array comes round again.
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let last = words[Int.random(in: 0..<words.count, using: &random)]
        paths.append(TokenPath(parent: parent.path, segments: parent.segments, last))
      }
    }
    return paths
  }

  @Test(arguments: [true, false])
  func theTreeIsTheGroupingLevelByLevel(sharing: Bool) {
    var random = SeededGenerator()
    for round in 0..<40 {
      var paths = Self.randomPaths(
        count: Int.random(in: 0...60, using: &random), sharing: sharing, using: &random)
      // Half the rounds in path order, where a group's members are adjacent; half as drawn.
      if round % 2 == 0 { paths.sort() }
      let tokens = ModalTokenSet(single: TokenSet(sorted: paths.map(Self.token), groups: [:]))
      let tree = Shape(NamespaceTree.build(tokens))
      let expected = Self.grouped(paths, range: paths.indices)
      #expect(
        tree == expected,
        "seed \(random.seed), round \(round): \(paths.map(\.name))\n\(tree)\nexpected \(expected)")
    }
  }

  @Test func aGroupWhoseMembersAreApartIsASiblingPerRun() {
    let names = ["a.b.x", "a.y", "a.b.z", "q", "a.b.w"]
    let tokens = ModalTokenSet(
      single: TokenSet(
        sorted: names.map { Self.token(TokenPath($0.split(separator: ".").map(String.init))) }, groups: [:]))
    let root = NamespaceTree.build(tokens)
    #expect(root.tokens == [3])
    #expect(root.children.map(\.name) == ["a", "a"])
    #expect(root.children.map(\.firstToken) == [0, 4])
    #expect(root.children[0].tokens == [1])
    #expect(root.children[0].children.map(\.name) == ["a.b", "a.b"])
    #expect(root.children[0].children.map(\.tokens) == [[0], [2]])
    #expect(root.children[1].children.map(\.tokens) == [[4]])
  }
}
