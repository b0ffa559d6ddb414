import EBTokensModel

/// Tokens arranged by group: the shape of the nested namespaces in the Swift and
/// Kotlin outputs (`main.alert.color.information.bg` is `bg` in namespace
/// `Information`, in `Color`, in `Alert`, in `Main`).
struct NamespaceTree {
  /// A group. A class, so that a tree is freed by releasing its nodes, not by walking it through
  /// a recursive value type's generic destroy; it keeps no locations nor path segments, which its
  /// first token has.
  final class Node: Sendable {
    /// The group's own name; empty for the root.
    let segment: String
    /// The dotted path, `main.alert.color.information`; empty for the root.
    let name: String
    /// The positions, in the token set's list, of the tokens directly in this group, in path
    /// order: positions rather than copies, which would cost every token a copy per output.
    let tokens: [Int]
    /// Sub-groups, in path order.
    let children: [Node]
    /// The position of the first token below the group; `nil` only for the root of an empty
    /// token set. A token set keeps no locations for groups, so a group's diagnostics point at
    /// this token, and the group's path is the first segments of its path.
    let firstToken: Int?

    package init(segment: String, name: String, tokens: [Int], children: [Node], firstToken: Int?) {
      self.segment = segment
      self.name = name
      self.tokens = tokens
      self.children = children
      self.firstToken = firstToken
    }
  }

  static func build(_ tokens: ModalTokenSet) -> Node {
    node(segment: "", depth: 0, name: "", tokens: tokens.tokens, range: tokens.tokens.indices)
  }

  /// The tokens below the group `name`, `depth` segments deep; in path order, each sub-group's
  /// tokens are adjacent.
  private static func node(
    segment: String, depth: Int, name: String, tokens: ModalTokens, range: Range<Int>
  ) -> Node {
    var direct: [Int] = []
    var children: [Node] = []
    var index = range.lowerBound
    // Each token is visited at every level above it, so it is read in place, not copied.
    while index < range.upperBound {
      guard tokens[index].path.segments.count > depth + 1 else {
        direct.append(index)
        index += 1
        continue
      }
      let group = tokens[index].path.segments[depth]
      var end = index + 1
      while end < range.upperBound, tokens[end].path.segments.count > depth + 1,
        tokens[end].path.segments[depth] == group
      {
        end += 1
      }
      children.append(
        self.node(
          segment: group, depth: depth + 1, name: name.isEmpty ? group : name + "." + group,
          tokens: tokens, range: index..<end))
      index = end
    }
    return Node(
      segment: segment, name: name, tokens: direct, children: children,
      firstToken: range.isEmpty ? nil : range.lowerBound)
  }
}
