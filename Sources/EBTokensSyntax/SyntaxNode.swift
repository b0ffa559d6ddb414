import EBTokensSupport

/// A node of a YAML or JSON file with its 1-based source location: what both readers
/// produce, so the stages above read either format the same way. Only what token and config
/// files need: mappings (in source order), sequences and scalars.
public enum SyntaxNode: Sendable, Equatable {
  case scalar(SyntaxScalar)
  case mapping(SyntaxMapping)
  case sequence(SyntaxSequence)

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

public struct SyntaxScalar: Sendable, Equatable {
  public enum Style: Sendable {
    /// Unquoted: `4`, `true`, `#FFF`. Only plain scalars can be numbers or booleans.
    case plain
    /// Single- or double-quoted, or a block scalar: always a string.
    case quoted
  }

  public let value: String
  public let style: Style
  public let location: SourceLocation
  /// Where the scalar as written ends: the line and column just after its last character (after
  /// the closing quote of a quoted one), so `location..<end` is its whole extent in the file, what
  /// `ebtokens audit --fix` rewrites. `nil` for a scalar ebtokens made rather than read. (A JSON
  /// string with a `\u` surrogate pair, which the JSON reader hands libyaml as one character, ends
  /// that much earlier: `audit --fix` checks the text it replaces before writing.)
  public let end: SourceLocation?

  package init(value: String, style: Style, location: SourceLocation, end: SourceLocation? = nil) {
    self.value = value
    self.style = style
    self.location = location
    self.end = end
  }

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

public struct SyntaxMapping: Sendable, Equatable {
  public struct Entry: Sendable, Equatable {
    public let key: SyntaxScalar
    public let value: SyntaxNode

    package init(key: SyntaxScalar, value: SyntaxNode) {
      self.key = key
      self.value = value
    }
  }

  public let location: SourceLocation
  public let entries: [Entry]

  package init(location: SourceLocation, entries: [Entry]) {
    self.location = location
    self.entries = entries
  }

  public subscript(key: String) -> SyntaxNode? {
    entries.first { $0.key.value == key }?.value
  }
}

public struct SyntaxSequence: Sendable, Equatable {
  public let location: SourceLocation
  public let items: [SyntaxNode]

  package init(location: SourceLocation, items: [SyntaxNode]) {
    self.location = location
    self.items = items
  }
}

/// One file read into a node tree.
public struct SyntaxDocument: Sendable {
  public let path: String
  /// `nil` for a file with no content at all.
  public let root: SyntaxNode?

  package init(path: String, root: SyntaxNode? = nil) {
    self.path = path
    self.root = root
  }
}
