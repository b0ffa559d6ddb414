/// A dotted token path in which `*` stands for exactly one segment: `main.alert.color.*.bg`.
///
/// Matching a token yields the segments the stars stood for, in order ("captures"): the pattern
/// above captures `["information"]` from `main.alert.color.information.bg`. The audit pairs a
/// foreground with a background when their captures agree (see ``PatternPairing``).
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
}

/// An inverted index of token paths, so matching a pattern costs the size of its literal
/// segments' posting lists rather than a scan of every token.
///
/// Each token is filed under (segment count, position, segment) for every segment it has. A
/// pattern looks up each of its literal segments and merges their lists, so it reads only the
/// tokens that have all of them. `main.alert.color.*.description` over 100,000 tokens reads the
/// few tokens of five segments whose first is `main`, second `alert`, third `color` and fifth
/// `description`. A pattern of stars alone reads every token of its length.
/// Building the index is linear in the total number of segments.
public struct TokenIndex: Sendable {
  public struct Match: Sendable {
    /// Position in `tokens`.
    public let index: Int
    public let captures: [String]
  }

  private struct Key: Hashable {
    let count: Int
    let position: Int
    let segment: String
  }

  public let tokens: [Token]
  private var postings: [Key: [Int]] = [:]
  private var byCount: [Int: [Int]] = [:]

  public init(_ tokenSet: TokenSet) {
    self.init(tokenSet, filing: nil)
  }

  /// An index that can match `patterns` (and suggest fixes for them): tokens are filed only
  /// under the segment positions where one of the patterns has a literal, not under every
  /// segment, which is most of the cost of indexing 100,000 tokens.
  init(_ tokenSet: TokenSet, for patterns: [TokenPattern]) {
    var positions: Set<Position> = []
    for pattern in patterns {
      for (position, segment) in pattern.segments.enumerated() where segment != .wildcard {
        positions.insert(Position(count: pattern.segments.count, position: position))
      }
    }
    self.init(tokenSet, filing: positions)
  }

  /// A segment position in paths of one length.
  private struct Position: Hashable {
    let count: Int
    let position: Int
  }

  /// Files each token under its segments at `positions`, or at every position when `nil`.
  private init(_ tokenSet: TokenSet, filing positions: Set<Position>?) {
    tokens = tokenSet.tokens
    for index in tokens.indices {
      let segments = tokens[index].path.segments
      let count = segments.count
      byCount[count, default: []].append(index)
      for (position, segment) in segments.enumerated()
      where positions?.contains(Position(count: count, position: position)) ?? true {
        postings[Key(count: count, position: position, segment: segment), default: []].append(index)
      }
    }
  }

  /// Every token `pattern` matches, in path order, with its captures.
  public func matches(_ pattern: TokenPattern) -> [Match] {
    let count = pattern.segments.count
    var lists: [[Int]] = []
    for (position, segment) in pattern.segments.enumerated() {
      guard case .literal(let name) = segment else { continue }
      guard let list = postings[Key(count: count, position: position, segment: name)] else { return [] }
      lists.append(list)
    }
    // The tokens on every literal's list: the lists are in token order, so merging them costs
    // their lengths, and only real matches are left to read.
    lists.sort { $0.count < $1.count }
    var candidates = lists.first ?? byCount[count] ?? []
    for list in lists.dropFirst() { candidates = Self.intersection(candidates, list) }
    return candidates.compactMap { index in
      pattern.captures(in: tokens[index].path).map { Match(index: index, captures: $0) }
    }
  }

  /// The positions on both ascending lists.
  private static func intersection(_ left: [Int], _ right: [Int]) -> [Int] {
    var both: [Int] = []
    var leftIndex = 0
    var rightIndex = 0
    while leftIndex < left.count && rightIndex < right.count {
      if left[leftIndex] < right[rightIndex] {
        leftIndex += 1
      } else if left[leftIndex] > right[rightIndex] {
        rightIndex += 1
      } else {
        both.append(left[leftIndex])
        leftIndex += 1
        rightIndex += 1
      }
    }
    return both
  }

  /// A corrected pattern when `pattern` matches nothing because of a misspelled literal segment:
  /// the first literal that no token of the same length has at that position is replaced by the
  /// closest name that some token does have there. `nil` when no single fix is evident.
  public func suggestion(for pattern: TokenPattern) -> TokenPattern? {
    let count = pattern.segments.count
    for (position, segment) in pattern.segments.enumerated() {
      guard case .literal(let name) = segment,
        postings[Key(count: count, position: position, segment: name)] == nil
      else { continue }
      // Only reached for a rule that failed, so a pass over the keys is affordable.
      let candidates = Set(
        postings.keys.lazy.filter { $0.count == count && $0.position == position }.map(\.segment))
      guard let closest = Suggestion.closest(to: name, in: candidates) else { return nil }
      var segments = pattern.segments
      segments[position] = .literal(closest)
      let fixed = TokenPattern(segments: segments)
      return matches(fixed).isEmpty ? nil : fixed
    }
    return nil
  }
}

extension TokenPattern {
  init(segments: [Segment]) {
    self.segments = segments
  }
}

/// Pairs foreground matches with background matches whose captures agree.
///
/// The n-th capture of the foreground must equal the n-th capture of the background, for as many
/// captures as both patterns have. So `a.*.fg` on `a.*.bg` pairs like with like; `a.*.fg` on
/// `page.bg` (no star) pairs every foreground with the one background; `a.*.fg` on `a.*.*.bg`
/// pairs each foreground with every background of its own first capture. Backgrounds are bucketed
/// in a dictionary keyed by their compared captures, so pairing is linear in the matches and
/// the pairs produced, never the product of the two match lists.
public enum PatternPairing {
  /// For each foreground match (by position in `foregrounds`), the background matches it pairs
  /// with, in path order.
  public static func pair(
    foregrounds: [TokenIndex.Match], foregroundPattern: TokenPattern,
    backgrounds: [TokenIndex.Match], backgroundPattern: TokenPattern
  ) -> [[TokenIndex.Match]] {
    let compared = min(foregroundPattern.wildcardCount, backgroundPattern.wildcardCount)
    // The captures compared; all of them (no copy) when the pattern has no more stars.
    func key(_ captures: [String]) -> [String] {
      captures.count == compared ? captures : Array(captures.prefix(compared))
    }
    var buckets: [[String]: [TokenIndex.Match]] = [:]
    for background in backgrounds {
      buckets[key(background.captures), default: []].append(background)
    }
    return foregrounds.map { buckets[key($0.captures)] ?? [] }
  }
}
