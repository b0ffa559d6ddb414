/// One token as written in a file.
struct TokenEntry {
  /// The YAML text of the value, ready to write: `"#005CE5"`, `16px`, `["Inter", "sans-serif"]`.
  var value: String
  /// The token's own `$type`; most tokens inherit their group's.
  var type: String? = nil
  var description: String? = nil
}

/// The groups and tokens of one token file, kept in insertion order and written as block YAML.
///
/// Groups come into existence with their first token, taking the `$type` and `$description`
/// declared for them beforehand, so a file cut short by the token budget never holds an empty
/// group.
final class YAMLFileBuilder {
  private final class Group {
    let type: String?
    let description: String?
    var children: [(key: String, node: Node)] = []
    var positions: [String: Int] = [:]

    init(type: String?, description: String?) {
      self.type = type
      self.description = description
    }
  }

  private enum Node {
    case group(Group)
    case token(TokenEntry)
  }

  private struct GroupAttributes {
    var type: String?
    var description: String?
  }

  let path: String
  private let header: String
  private let root = Group(type: nil, description: nil)
  private var declared: [String: GroupAttributes] = [:]
  private(set) var tokenCount = 0

  /// - Parameters:
  ///   - path: The file's path relative to the output folder: `tokens/brand3/button.yaml`.
  ///   - header: A comment line (without `#`) written at the top.
  init(path: String, header: String) {
    self.path = path
    self.header = header
  }

  /// Sets the `$type` (and `$description`) the group at `path` gets when its first token arrives.
  func declareGroup(_ path: [String], type: String?, description: String? = nil) {
    declared[path.joined(separator: ".")] = GroupAttributes(type: type, description: description)
  }

  /// Adds a token. Returns `false`, adding nothing, when the path is empty or already taken (the
  /// catalog never repeats one).
  func add(_ path: [String], _ entry: TokenEntry) -> Bool {
    guard let name = path.last else { return false }
    var group = root
    var prefix = ""
    for segment in path.dropLast() {
      prefix = prefix.isEmpty ? segment : prefix + "." + segment
      if let position = group.positions[segment] {
        guard case .group(let child) = group.children[position].node else { return false }
        group = child
      } else {
        let attributes = declared[prefix]
        let child = Group(type: attributes?.type, description: attributes?.description)
        group.positions[segment] = group.children.count
        group.children.append((segment, .group(child)))
        group = child
      }
    }
    guard group.positions[name] == nil else { return false }
    group.positions[name] = group.children.count
    group.children.append((name, .token(entry)))
    tokenCount += 1
    return true
  }

  /// The file's text: two-space block YAML, keys in insertion order.
  func render() -> String {
    var text = "# " + header + "\n"
    write(root, indent: "", into: &text)
    return text
  }

  private func write(_ group: Group, indent: String, into text: inout String) {
    if let type = group.type { text += indent + "$type: " + type + "\n" }
    if let description = group.description {
      text += indent + "$description: " + Self.quoted(description) + "\n"
    }
    let inner = indent + "  "
    for (key, node) in group.children {
      switch node {
      case .group(let child):
        text += indent + key + ":\n"
        write(child, indent: inner, into: &text)
      case .token(let token) where token.type == nil && token.description == nil:
        text += indent + key + ": " + token.value + "\n"
      case .token(let token):
        text += indent + key + ":\n"
        if let type = token.type { text += inner + "$type: " + type + "\n" }
        text += inner + "$value: " + token.value + "\n"
        if let description = token.description {
          text += inner + "$description: " + Self.quoted(description) + "\n"
        }
      }
    }
  }

  /// A double-quoted YAML scalar.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
