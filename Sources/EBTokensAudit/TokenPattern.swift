import EBTokensModel
import EBTokensSupport

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
    /// The token's path segments, and the positions of the pattern's stars among them: the
    /// captures are read from the path when needed, so a match allocates nothing.
    fileprivate let segments: TokenPath.Segments
    fileprivate let wildcards: [Int]

    /// The segments the pattern's stars stood for, in order.
    public var captures: [String] { wildcards.map { segments[$0] } }

    /// The `position`-th capture.
    fileprivate func capture(_ position: Int) -> String { segments[wildcards[position]] }
  }

  public let tokens: [Token]
  /// Posting lists: the tokens filed under one segment at one position of paths of one length,
  /// in path order.
  private var postings: [[Int]] = []
  /// `columns[count]`: the positions filed in paths of `count` segments.
  private var columns: [[Column]] = []
  /// `tokensOfLength[count]`: every token of `count` segments, in path order.
  private var tokensOfLength: [[Int]] = []

  /// The segments filed at one position of paths of one length. Filing a token costs one lookup
  /// of a segment per filed position: a key of the segment alone hashes one string, where a key
  /// of length, position and segment hashed three values.
  private struct Column {
    let position: Int
    /// Each segment seen at `position`, with the position of its posting list in `postings`.
    var slots: [String: Int] = [:]
    /// The segment filed last and its posting list's position (-1 before the first): tokens come
    /// in path order, so neighbours often share a segment, found again without hashing it.
    var lastSegment = ""
    var lastSlot = -1

    /// The position in `postings` of `segment`'s list; `nil` when it has none yet.
    mutating func slot(of segment: String) -> Int? {
      if lastSlot >= 0 && segment == lastSegment { return lastSlot }
      guard let slot = slots[segment] else { return nil }
      lastSegment = segment
      lastSlot = slot
      return slot
    }

    mutating func add(_ segment: String, slot: Int) {
      slots[segment] = slot
      lastSegment = segment
      lastSlot = slot
    }
  }

  public init(_ tokenSet: TokenSet) {
    self.init(tokenSet, filing: nil)
  }

  /// An index that can match `patterns` (and suggest fixes for them): tokens are filed only
  /// under the segment positions where one of the patterns has a literal, not under every
  /// segment, which is most of the cost of indexing 100,000 tokens.
  package init(_ tokenSet: TokenSet, for patterns: [TokenPattern]) {
    var positions: [[Int]] = []
    for pattern in patterns {
      let count = pattern.segments.count
      if positions.count <= count { positions += repeatElement([], count: count + 1 - positions.count) }
      for (position, segment) in pattern.segments.enumerated()
      where segment != .wildcard && !positions[count].contains(position) {
        positions[count].append(position)
      }
    }
    self.init(tokenSet, filing: positions)
  }

  /// Files each token under its segments at `positions` (`positions[count]` for paths of
  /// `count` segments), or at every position when `nil`.
  private init(_ tokenSet: TokenSet, filing positions: [[Int]]?) {
    tokens = tokenSet.tokens
    if let positions {
      columns = positions.map { $0.map { Column(position: $0) } }
    }
    for index in tokens.indices {
      let segments = tokens[index].path.segments
      let count = segments.count
      if tokensOfLength.count <= count {
        tokensOfLength += repeatElement([], count: count + 1 - tokensOfLength.count)
      }
      tokensOfLength[count].append(index)
      if positions == nil {
        if columns.count <= count { columns += repeatElement([], count: count + 1 - columns.count) }
        if columns[count].isEmpty { columns[count] = (0..<count).map { Column(position: $0) } }
      }
      guard count < columns.count else { continue }
      for column in columns[count].indices {
        let segment = segments[columns[count][column].position]
        if let slot = columns[count][column].slot(of: segment) {
          postings[slot].append(index)
        } else {
          columns[count][column].add(segment, slot: postings.count)
          postings.append([index])
        }
      }
    }
  }

  /// The segments filed at `position` in paths of `count` segments; `nil` when that position
  /// is not filed.
  private func column(count: Int, position: Int) -> Column? {
    count < columns.count ? columns[count].first { $0.position == position } : nil
  }

  /// The tokens filed under `segment` at `position` in paths of `count` segments; `nil` when
  /// none is.
  private func posting(count: Int, position: Int, segment: String) -> [Int]? {
    column(count: count, position: position)?.slots[segment].map { postings[$0] }
  }

  /// Every token `pattern` matches, in path order, with its captures.
  public func matches(_ pattern: TokenPattern) -> [Match] {
    let count = pattern.segments.count
    var lists: [[Int]] = []
    for (position, segment) in pattern.segments.enumerated() {
      guard case .literal(let name) = segment else { continue }
      guard let list = posting(count: count, position: position, segment: name) else { return [] }
      lists.append(list)
    }
    // The tokens on every literal's list: the lists are in token order, so merging them costs
    // their lengths. Each has the pattern's length and all its literals: every one matches.
    lists.sort { $0.count < $1.count }
    var candidates = lists.first ?? (count < tokensOfLength.count ? tokensOfLength[count] : [])
    for list in lists.dropFirst() { candidates = Self.intersection(candidates, list) }
    let wildcards = pattern.segments.indices.filter { pattern.segments[$0] == .wildcard }
    return candidates.map { Match(index: $0, segments: tokens[$0].path.segments, wildcards: wildcards) }
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
      guard case .literal(let name) = segment, posting(count: count, position: position, segment: name) == nil
      else { continue }
      // Only reached for a rule that failed, so a pass over the names is affordable.
      let candidates = Set(column(count: count, position: position)?.slots.keys ?? [:].keys)
      guard let closest = Suggestion.closest(to: name, in: candidates) else { return nil }
      var segments = pattern.segments
      segments[position] = .literal(closest)
      let fixed = TokenPattern(segments: segments)
      return matches(fixed).isEmpty ? nil : fixed
    }
    return nil
  }
}

/// Pairs foreground matches with background matches whose captures agree.
///
/// The n-th capture of the foreground must equal the n-th capture of the background, for as many
/// captures as both patterns have. So `a.*.fg` on `a.*.bg` pairs like with like; `a.*.fg` on
/// `page.bg` (no star) pairs every foreground with the one background; `a.*.fg` on `a.*.*.bg`
/// pairs each foreground with every background of its own first capture. Backgrounds are grouped
/// by their compared captures, through a dictionary, so pairing is linear in the matches and the
/// pairs produced, never the product of the two match lists.
public enum PatternPairing {
  /// For each foreground match (by position in `foregrounds`), the background matches it pairs
  /// with, in path order: slices of one array of the backgrounds grouped by captures.
  public static func pair(
    foregrounds: [TokenIndex.Match], foregroundPattern: TokenPattern,
    backgrounds: [TokenIndex.Match], backgroundPattern: TokenPattern
  ) -> [ArraySlice<TokenIndex.Match>] {
    let compared = min(foregroundPattern.wildcardCount, backgroundPattern.wildcardCount)
    // Each group's number, in order of first appearance, and each background's group.
    var groups: [CapturesKey: Int] = [:]
    groups.reserveCapacity(backgrounds.count)
    var groupSizes: [Int] = []
    let backgroundGroups = backgrounds.map { background in
      let key = CapturesKey(match: background, compared: compared)
      if let group = groups[key] {
        groupSizes[group] += 1
        return group
      }
      groups[key] = groupSizes.count
      groupSizes.append(1)
      return groupSizes.count - 1
    }
    // The backgrounds by group, each group in path order (a counting sort).
    var groupStarts: [Int] = []
    groupStarts.reserveCapacity(groupSizes.count + 1)
    var start = 0
    for size in groupSizes {
      groupStarts.append(start)
      start += size
    }
    groupStarts.append(start)
    var nextSlot = groupStarts
    var order = [Int](repeating: 0, count: backgrounds.count)
    for (position, group) in backgroundGroups.enumerated() {
      order[nextSlot[group]] = position
      nextSlot[group] += 1
    }
    let grouped = order.map { backgrounds[$0] }
    return foregrounds.map { foreground in
      guard let group = groups[CapturesKey(match: foreground, compared: compared)] else { return [] }
      return grouped[groupStarts[group]..<groupStarts[group + 1]]
    }
  }

  /// A match's first `compared` captures, hashed and compared in place in its path.
  private struct CapturesKey: Hashable {
    let match: TokenIndex.Match
    let compared: Int

    static func == (lhs: CapturesKey, rhs: CapturesKey) -> Bool {
      (0..<lhs.compared).allSatisfy { lhs.match.capture($0) == rhs.match.capture($0) }
    }

    func hash(into hasher: inout Hasher) {
      for position in 0..<compared { hasher.combine(match.capture(position)) }
    }
  }
}
