/// A dotted token path in which `*` stands for exactly one segment: `main.alert.color.*.bg`.
///
/// Matching a token yields the segments the stars stood for, in order ("captures"): the pattern
/// above captures `["information"]` from `main.alert.color.information.bg`. The audit pairs a
/// foreground with a background when their captures agree (`PatternPairing`); an output's
/// ``TokenFilter`` keeps or drops the tokens a pattern names or holds.
public struct TokenPattern: Hashable, Sendable, CustomStringConvertible {
  public enum Segment: Hashable, Sendable {
    case literal(String)
    case wildcard
  }

  public let segments: [Segment]

  /// Splits `text` on dots; a segment that is exactly `*` is a wildcard, any other is literal.
  /// The config loader has already refused empty segments and `*` inside a name.
  public init(_ text: String) {
    segments = text.split(separator: ".", omittingEmptySubsequences: false).map {
      $0 == "*" ? .wildcard : .literal(String($0))
    }
  }

  /// Why `text` cannot be a pattern (an invalid segment, or `*` inside a name, which would silently
  /// match nothing: there is no glob inside a name), or `nil` when it can.
  public static func problem(in text: String) -> String? {
    for segment in text.split(separator: ".", omittingEmptySubsequences: false) where segment != "*" {
      if segment.contains("*") {
        return "'*' matches one whole segment; write it alone between dots, as in 'a.*.b'"
      }
      if let problem = TokenPath.problem(withSegment: String(segment)) { return problem }
    }
    return nil
  }

  public var description: String {
    segments.map { segment in
      switch segment {
      case .literal(let name): return name
      case .wildcard: return "*"
      }
    }.joined(separator: ".")
  }

  public var wildcardCount: Int { segments.count { $0 == .wildcard } }

  /// The captures when `path` matches, `nil` otherwise.
  public func captures(in path: TokenPath) -> [String]? {
    guard path.segments.count == segments.count else { return nil }
    // The literals first, so a path that does not match allocates nothing.
    for (segment, name) in zip(segments, path.segments) {
      if case .literal(let literal) = segment, literal != name { return nil }
    }
    var captures: [String] = []
    captures.reserveCapacity(wildcardCount)
    for (segment, name) in zip(segments, path.segments) where segment == .wildcard {
      captures.append(name)
    }
    return captures
  }

  /// Whether `path` is the token the pattern names, or a token inside a group it names:
  /// `palette` and `palette.*` both hold `palette.blue.500`.
  public func holds(_ path: TokenPath) -> Bool {
    guard path.segments.count >= segments.count else { return false }
    return zip(segments, path.segments).allSatisfy { segment, name in
      if case .literal(let literal) = segment { return literal == name }
      return true
    }
  }
}

extension TokenPattern {
  package init(segments: [Segment]) {
    self.segments = segments
  }
}
