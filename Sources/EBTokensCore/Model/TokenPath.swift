/// A token's or group's dotted name: `main.alert.color.information.bg`.
///
/// Ordered segment by segment ("path order"), so `a.b` sorts before `a-b`
/// and before `a.b.c`, whatever characters the names hold; runs of digits
/// compare by value, so `space-2` comes before `space-12`.
public struct TokenPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let segments: [String]
  /// The dotted form, computed once: it is the key of every index.
  public let name: String

  public init(_ segments: [String]) {
    self.init(segments: segments, name: segments.joined(separator: "."))
  }

  public init(parent: TokenPath?, _ segment: String) {
    guard let parent else {
      self.init(segments: [segment], name: segment)
      return
    }
    self.init(segments: parent.segments + [segment], name: parent.name + "." + segment)
  }

  private init(segments: [String], name: String) {
    self.segments = segments
    self.name = name
  }

  public var description: String { name }

  public var parent: TokenPath? {
    segments.count > 1 ? TokenPath(Array(segments.dropLast())) : nil
  }

  public static func < (lhs: TokenPath, rhs: TokenPath) -> Bool {
    lhs.segments.lexicographicallyPrecedes(rhs.segments, by: TokenPath.segmentPrecedes)
  }

  /// Natural order: digit runs by numeric value, everything else by UTF-8 bytes;
  /// names that tie that way (`a02`, `a2`) fall back to bytes, so order is total.
  static func segmentPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    let a = Array(lhs.utf8)
    let b = Array(rhs.utf8)
    var i = 0
    var j = 0
    func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    while i < a.count && j < b.count {
      if isDigit(a[i]) && isDigit(b[j]) {
        var endA = i
        var endB = j
        while endA < a.count && isDigit(a[endA]) { endA += 1 }
        while endB < b.count && isDigit(b[endB]) { endB += 1 }
        // Compare the digit runs as numbers of any length: strip leading zeros,
        // then the longer run is larger, then compare digit by digit.
        let runA = a[i..<endA].drop { $0 == 48 }
        let runB = b[j..<endB].drop { $0 == 48 }
        if runA.count != runB.count { return runA.count < runB.count }
        if !runA.elementsEqual(runB) { return runA.lexicographicallyPrecedes(runB) }
        i = endA
        j = endB
      } else {
        if a[i] != b[j] { return a[i] < b[j] }
        i += 1
        j += 1
      }
    }
    // One ran out first: the shorter sorts first. Both did: tie-break on bytes.
    if i == a.count && j < b.count { return true }
    if i < a.count && j == b.count { return false }
    return a.lexicographicallyPrecedes(b)
  }

  /// Why `segment` cannot be part of a path, or `nil` when it can.
  ///
  /// Names may hold any character but `.`, `{` and `}` (the reference syntax)
  /// and may not start with `$` (reserved for `$type`, `$value`, ...).
  public static func problem(withSegment segment: String) -> String? {
    if segment.isEmpty { return "a name cannot be empty" }
    if segment.hasPrefix("$") { return "names starting with '$' are reserved" }
    for character in [".", "{", "}"] where segment.contains(character) {
      return "a name cannot contain '\(character)'"
    }
    return nil
  }
}
