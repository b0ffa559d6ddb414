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
    /// Tokens directly in this group, in path order.
    var tokens: [ModalToken] = []
    /// Sub-groups, in path order.
    var children: [Node] = []
    /// A token set keeps no locations for groups, so a group's diagnostics point
    /// at its first token.
    var firstTokenLocation: SourceLocation?
  }

  static func build(_ tokens: ModalTokenSet) -> Node {
    node(segment: "", path: [], name: "", tokens: tokens.tokens[...])
  }

  /// The tokens below `path`; in path order, each sub-group's tokens are adjacent.
  private static func node(segment: String, path: [String], name: String, tokens: ArraySlice<ModalToken>)
    -> Node
  {
    let depth = path.count
    var node = Node(
      segment: segment, path: path, name: name, firstTokenLocation: tokens.first?.first.location)
    var index = tokens.startIndex
    while index < tokens.endIndex {
      let token = tokens[index]
      guard token.path.segments.count > depth + 1 else {
        node.tokens.append(token)
        index += 1
        continue
      }
      let group = token.path.segments[depth]
      var end = index + 1
      while end < tokens.endIndex, tokens[end].path.segments.count > depth + 1,
        tokens[end].path.segments[depth] == group
      {
        end += 1
      }
      node.children.append(
        self.node(
          segment: group, path: path + [group], name: name.isEmpty ? group : name + "." + group,
          tokens: tokens[index..<end]))
      index = end
    }
    return node
  }
}
