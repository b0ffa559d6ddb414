/// Tokens arranged by group: the shape of the nested namespaces in the Swift and
/// Kotlin outputs (`main.alert.color.information.bg` is `bg` in namespace
/// `Information`, in `Color`, in `Alert`, in `Main`).
struct NamespaceTree {
  struct Node: Sendable {
    /// The group's own name; empty for the root.
    let segment: String
    let path: [String]
    /// The dotted path, `main.alert.color.information`; empty for the root.
    let name: String
    /// The positions, in the token set's list, of the tokens directly in this group, in path
    /// order: positions rather than copies, which would cost every token a copy per output.
    var tokens: [Int] = []
    /// Sub-groups, in path order.
    var children: [Node] = []
    /// A token set keeps no locations for groups, so a group's diagnostics point
    /// at its first token.
    var firstTokenLocation: SourceLocation?
  }

  static func build(_ tokens: ModalTokenSet) -> Node {
    node(segment: "", path: [], name: "", tokens: tokens.tokens, range: tokens.tokens.indices)
  }

  /// The tokens below `path`; in path order, each sub-group's tokens are adjacent.
  private static func node(
    segment: String, path: [String], name: String, tokens: [ModalToken], range: Range<Int>
  ) -> Node {
    let depth = path.count
    var node = Node(
      segment: segment, path: path, name: name,
      firstTokenLocation: range.isEmpty ? nil : tokens[range.lowerBound].first.location)
    var index = range.lowerBound
    // Each token is visited at every level above it, so it is read in place, not copied.
    while index < range.upperBound {
      guard tokens[index].path.segments.count > depth + 1 else {
        node.tokens.append(index)
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
      node.children.append(
        self.node(
          segment: group, path: path + [group], name: name.isEmpty ? group : name + "." + group,
          tokens: tokens, range: index..<end))
      index = end
    }
    return node
  }
}
