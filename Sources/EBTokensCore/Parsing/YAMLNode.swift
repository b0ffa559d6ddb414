/// A YAML node with its 1-based source location. Only what token and config
/// files need: mappings (in source order), sequences and scalars.
public enum YAMLNode: Sendable {
  case scalar(YAMLScalar)
  case mapping(YAMLMapping)
  case sequence(YAMLSequence)

  public var location: SourceLocation {
    switch self {
    case .scalar(let scalar): return scalar.location
    case .mapping(let mapping): return mapping.location
    case .sequence(let sequence): return sequence.location
    }
  }

  /// How the node is named in error messages ("expected a string, found a mapping").
  public var kindDescription: String {
    switch self {
    case .scalar(let scalar): return scalar.isQuoted ? "a string" : "'\(scalar.value)'"
    case .mapping: return "a mapping"
    case .sequence: return "a sequence"
    }
  }
}

public struct YAMLScalar: Sendable {
  public enum Style: Sendable {
    /// Unquoted: `4`, `true`, `#FFF`. Only plain scalars can be numbers or booleans.
    case plain
    /// Single- or double-quoted, or a block scalar: always a string.
    case quoted
  }

  public let value: String
  public let style: Style
  public let location: SourceLocation

  public var isQuoted: Bool { style == .quoted }

  /// `true`, `false` as YAML 1.2 spells them; `nil` for anything else.
  public var boolValue: Bool? {
    guard style == .plain else { return nil }
    switch value {
    case "true": return true
    case "false": return false
    default: return nil
    }
  }

  /// `yes`, `no`, `on`, `off`: booleans to YAML 1.1 readers, strings to YAML 1.2 ones.
  /// Token files refuse them rather than guess.
  public var isAmbiguousBoolean: Bool {
    guard style == .plain else { return false }
    return ["yes", "no", "on", "off", "y", "n"].contains(value.lowercased())
  }
}

public struct YAMLMapping: Sendable {
  public struct Entry: Sendable {
    public let key: YAMLScalar
    public let value: YAMLNode
  }

  public let location: SourceLocation
  public let entries: [Entry]

  public subscript(key: String) -> YAMLNode? {
    entries.first { $0.key.value == key }?.value
  }
}

public struct YAMLSequence: Sendable {
  public let location: SourceLocation
  public let items: [YAMLNode]
}

/// One file read into a node tree.
public struct YAMLDocument: Sendable {
  public let path: String
  /// `nil` for a file with no content at all.
  public let root: YAMLNode?
}
