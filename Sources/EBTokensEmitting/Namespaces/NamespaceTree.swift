import EBTokensModel
import EBTokensSupport

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

  /// The tree of `tokens`, in one pass over them: each token closes the groups of the token
  /// before that are not its own, opens those that are new, and joins the innermost. A group whose
  /// members are not adjacent is then as many sibling groups of one name, one per run (the order
  /// the outputs declare them in). A token in the same group as the one before, known from their
  /// shared segments array without comparing a segment, costs one comparison.
  static func build(_ tokens: ModalTokenSet) -> Node {
    let list = tokens.firstTokens
    // The groups the last token is in, the root first.
    var open = [OpenGroup(segment: "", name: "", firstToken: list.isEmpty ? nil : 0)]
    // The segments alone: a copy of the whole path would retain its name too.
    var previous: TokenPath.Segments?
    for index in list.indices {
      let segments = list[index].path.segments
      defer { previous = segments }
      if let previous, segments.sharesLeading(with: previous) {
        open[open.count - 1].tokens.append(index)
        continue
      }
      let depth = segments.count - 1
      var kept = 0
      while kept < depth, kept + 1 < open.count, open[kept + 1].segment == segments[kept] { kept += 1 }
      while open.count > kept + 1 { closeInnermost(&open) }
      while open.count <= depth {
        let segment = segments[open.count - 1]
        let parent = open[open.count - 1].name
        open.append(
          OpenGroup(
            segment: segment, name: parent.isEmpty ? segment : String(parent, joinedBy: ".", segment),
            firstToken: index))
      }
      open[open.count - 1].tokens.append(index)
    }
    while open.count > 1 { closeInnermost(&open) }
    return open[0].node
  }

  /// A group whose members are still being found.
  private struct OpenGroup {
    let segment: String
    let name: String
    let firstToken: Int?
    var tokens: [Int] = []
    var children: [Node] = []

    var node: Node {
      Node(segment: segment, name: name, tokens: tokens, children: children, firstToken: firstToken)
    }
  }

  /// Makes the innermost open group a node of the group holding it.
  private static func closeInnermost(_ open: inout [OpenGroup]) {
    let closed = open.removeLast().node
    open[open.count - 1].children.append(closed)
  }
}
