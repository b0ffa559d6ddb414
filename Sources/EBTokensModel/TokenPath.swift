import EBTokensSupport
import Foundation

/// A token's or group's dotted name: `main.alert.color.information.bg`.
///
/// Ordered segment by segment ("path order"), so `a.b` sorts before `a-b`
/// and before `a.b.c`, whatever characters the names hold; runs of digits
/// compare by value, so `space-2` comes before `space-12`.
public struct TokenPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// DTCG's reserved name for a group's root token: `color.accent.$root`.
  public static let rootTokenName = "$root"

  /// Its names, from the outermost group's to its own: read in place (see ``Segments``).
  public let segments: Segments
  /// The dotted form, computed once: it is the key of every index.
  public let name: String

  /// A path's segments: those before the last in an array that the paths of one group share (a
  /// file's walker makes one per group, not one per token: 100,000 tokens held 100,000 arrays),
  /// and the last on its own.
  public struct Segments: RandomAccessCollection, Hashable, Sendable {
    /// Every segment but the last.
    @usableFromInline let leading: [String]
    /// `nil` only for the path of no segment (then `leading` is empty too).
    @usableFromInline let trailing: String?

    fileprivate init(leading: [String], trailing: String?) {
      self.leading = leading
      self.trailing = trailing
    }

    /// Takes the last segment off `segments` in place: an array no one else holds is not copied.
    fileprivate init(_ segments: consuming [String]) {
      var leading = segments
      let last = leading.popLast()
      self.init(leading: leading, trailing: last)
    }

    // The accessors are inlinable: called across modules (the walker, every output, the audit),
    // each call copied the segments, retaining and releasing both fields, to read a count.
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { trailing == nil ? 0 : leading.count + 1 }

    @inlinable public subscript(position: Int) -> String {
      if position == leading.count, let trailing { return trailing }
      // Any other position is `leading`'s, and one out of bounds traps as an array read does.
      return leading[position]
    }

    @inlinable public var last: String? { trailing }

    /// Whether these segments and `other` are known, without reading a segment, to be those of
    /// paths in one group: all but the last are one array (see
    /// ``TokenPath/sharesParentSegments(with:)``). `false` says nothing.
    package func sharesLeading(with other: Segments) -> Bool {
      leading.sharesStorage(with: other.leading)
    }

    public static func == (lhs: Segments, rhs: Segments) -> Bool {
      lhs.trailing == rhs.trailing && lhs.leading == rhs.leading
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(leading)
      hasher.combine(trailing)
    }
  }

  public init(_ segments: [String]) {
    self.init(segments: segments, name: segments.joined(separator: "."))
  }

  public init(parent: TokenPath?, _ segment: String) {
    guard let parent else {
      self.init(segments: Segments(leading: [], trailing: segment), name: segment)
      return
    }
    self.init(parent: parent, segments: Array(parent.segments), segment)
  }

  /// The path of `segment` in the group `parent`, whose segments `parentSegments` holds: the
  /// members of a group are given the same array, so that they share it.
  ///
  /// `parent` is borrowed: an initializer's arguments are otherwise handed over, which had every
  /// caller retain the parent's name and segments for this to release them, a path at a time.
  package init(parent: borrowing TokenPath, segments parentSegments: [String], _ segment: String) {
    self.init(
      segments: Segments(leading: parentSegments, trailing: segment),
      name: String(parent.name, joinedBy: ".", segment))
  }

  /// A path whose dotted form is at hand already (the text of a reference between its braces):
  /// `name` must be `segments` joined with dots.
  package init(segments: consuming [String], name: String) {
    self.init(segments: Segments(segments), name: name)
  }

  private init(segments: Segments, name: String) {
    self.segments = segments
    self.name = name
  }

  public var description: String { name }

  /// Names first, then segments only when the names are equal: a segment made by `init(_:)` may
  /// hold a dot, so two different paths can have one name.
  public static func == (lhs: TokenPath, rhs: TokenPath) -> Bool {
    lhs.name == rhs.name && lhs.segments == rhs.segments
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }

  /// The dotted name of the group holding this path (`nil` at the top level): `name` up to its
  /// last segment, cut at that segment's length instead of searched backwards byte by byte.
  package var parentName: Substring? {
    guard segments.count > 1, let last = segments.last else { return nil }
    return name[..<name.utf8.index(name.utf8.endIndex, offsetBy: -(last.utf8.count + 1))]
  }

  /// Whether this path and `other` are known, without reading their names, to be in one group:
  /// their segments but the last are one array, as those of a group's members read from one file
  /// are (see ``init(parent:segments:_:)``). `false` says nothing.
  package func sharesParentSegments(with other: TokenPath) -> Bool {
    segments.sharesLeading(with: other.segments)
  }

  public var parent: TokenPath? {
    guard let parentName else { return nil }
    return TokenPath(segments: segments.leading, name: String(parentName))
  }

  public static func < (lhs: TokenPath, rhs: TokenPath) -> Bool {
    for (left, right) in zip(lhs.segments, rhs.segments) where left != right {
      return segmentPrecedes(left, right)
    }
    return lhs.segments.count < rhs.segments.count
  }

  /// Natural order: digit runs by numeric value, everything else by UTF-8 bytes;
  /// names that tie that way (`a02`, `a2`) fall back to bytes, so order is total.
  ///
  /// Sorting 100,000 tokens makes millions of these comparisons, so it reads the
  /// strings' UTF-8 storage in place rather than copying it into arrays.
  package static func segmentPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    var left = lhs
    var right = rhs
    return left.withUTF8 { a in right.withUTF8 { b in naturalPrecedes(a, b) } }
  }

  private static func naturalPrecedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      guard isDigit(a[i]) && isDigit(b[j]) else {
        if a[i] != b[j] { return a[i] < b[j] }
        i += 1
        j += 1
        continue
      }
      var endA = i
      var endB = j
      while endA < a.count && isDigit(a[endA]) { endA += 1 }
      while endB < b.count && isDigit(b[endB]) { endB += 1 }
      // Compare the digit runs as numbers of any length: skip leading zeros,
      // then the longer run is larger, then compare digit by digit.
      var startA = i
      var startB = j
      while startA < endA - 1 && a[startA] == 48 { startA += 1 }
      while startB < endB - 1 && b[startB] == 48 { startB += 1 }
      if endA - startA != endB - startB { return endA - startA < endB - startB }
      for offset in 0..<(endA - startA) where a[startA + offset] != b[startB + offset] {
        return a[startA + offset] < b[startB + offset]
      }
      i = endA
      j = endB
    }
    // One ran out first: the shorter sorts first. Both did: tie-break on bytes.
    if i == a.count && j < b.count { return true }
    if i < a.count && j == b.count { return false }
    return a.lexicographicallyPrecedes(b)
  }

  /// Bytes whose plain byte order is exactly the order of `<`, so large sets sort
  /// with `memcmp` instead of millions of segment-by-segment comparisons.
  ///
  /// Per segment: its natural form (each digit run as the marker `0`, its length
  /// without leading zeros in 4 bytes, then those digits; other bytes as they are),
  /// a 0 separator, the segment's raw bytes (the tie-break `<` uses when two
  /// segments are numerically equal, `a02` and `a2`), and another 0. Bytes 0 and 1
  /// in names are escaped as 1 1 and 1 2, so the separator sorts below all content
  /// and a shorter segment or path sorts first, as `<` has it.
  public var sortKey: [UInt8] {
    var key: [UInt8] = []
    appendSortKey(to: &key)
    return key
  }

  /// The most bytes ``sortKey`` can take: a digit becomes up to 6 (a run of one digit is the
  /// marker, 4 bytes of length and the digit), and every byte is written a second time, escaped
  /// (2 bytes at most), then each segment ends with 2 separators.
  private var sortKeyCapacity: Int { name.utf8.count * 8 + segments.count * 2 }

  /// About how many bytes ``sortKey`` takes: twice the name's bytes, half the name's more for digit
  /// runs (each takes 5 bytes more than its digits), and 2 per segment. The keys of a large set
  /// are written into room made for all of them at once from this (see ``SortKeys``): a buffer
  /// grown from a guess too small is copied, both copies held at once, when loading needs the most
  /// memory.
  package var estimatedSortKeyLength: Int { name.utf8.count * 5 / 2 + segments.count * 2 }

  /// Appends ``sortKey`` to `key`.
  func appendSortKey(to key: inout [UInt8]) {
    var scratch: [UInt8] = []
    appendSortKey(to: &key, scratch: &scratch)
  }

  /// Appends ``sortKey`` to `key`, written first into `scratch` (grown when too small): through a
  /// pointer into room made beforehand, as appending to an array a byte at a time costs several
  /// times more (a capacity check and a count update per byte), and every path of a large set is
  /// keyed.
  fileprivate func appendSortKey(to key: inout [UInt8], scratch: inout [UInt8]) {
    let capacity = sortKeyCapacity
    if scratch.count < capacity { scratch = Array(repeating: 0, count: capacity) }
    scratch.withUnsafeMutableBufferPointer { buffer in
      let written = writeSortKey(into: buffer)
      key.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[..<written]))
    }
  }

  /// Writes ``sortKey`` at the start of `key` (at least ``sortKeyCapacity`` bytes); returns its length.
  private func writeSortKey(into key: UnsafeMutableBufferPointer<UInt8>) -> Int {
    guard let start = key.baseAddress else { return 0 }
    var end = start
    // The shared array and the last segment read directly, not through the collection's indices.
    for segment in segments.leading { end = Self.writeSortKey(of: segment, at: end) }
    if let last = segments.trailing { end = Self.writeSortKey(of: last, at: end) }
    return end - start
  }

  /// Writes the part of ``sortKey`` that `segment` makes at `position`; returns where the next
  /// byte goes.
  private static func writeSortKey(of segment: String, at position: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var segment = segment
    return segment.withUTF8 { bytes in
      var end = position
      var index = 0
      while index < bytes.count {
        guard bytes[index] >= 48 && bytes[index] <= 57 else {
          end = Self.writeEscaped(bytes[index], at: end)
          index += 1
          continue
        }
        var runEnd = index
        while runEnd < bytes.count && bytes[runEnd] >= 48 && bytes[runEnd] <= 57 { runEnd += 1 }
        var runStart = index
        while runStart < runEnd - 1 && bytes[runStart] == 48 { runStart += 1 }
        let length = UInt32(clamping: runEnd - runStart)
        end[0] = 48
        end[1] = UInt8(length >> 24)
        end[2] = UInt8(length >> 16 & 0xFF)
        end[3] = UInt8(length >> 8 & 0xFF)
        end[4] = UInt8(length & 0xFF)
        end += 5
        for digit in runStart..<runEnd {
          end.pointee = bytes[digit]
          end += 1
        }
        index = runEnd
      }
      end.pointee = 0
      end += 1
      for byte in bytes { end = Self.writeEscaped(byte, at: end) }
      end.pointee = 0
      return end + 1
    }
  }

  /// Writes `byte` at `position`, escaped (see ``sortKey``); returns where the next byte goes.
  @inline(__always)
  private static func writeEscaped(_ byte: UInt8, at position: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    guard byte <= 1 else {
      position.pointee = byte
      return position + 1
    }
    position[0] = 1
    position[1] = byte + 1
    return position + 2
  }

  /// The sort keys of many paths in one buffer (one allocation, not one per path), to put
  /// them in path order.
  package struct SortKeys {
    private var bytes: [UInt8] = []
    /// Where each key ends in `bytes`; key `i` starts where key `i - 1` ends.
    private var ends: [Int] = []
    /// Room to write one key in (see ``TokenPath/appendSortKey(to:scratch:)``).
    private var scratch: [UInt8] = []

    /// - Parameters:
    ///   - capacity: How many keys will be appended.
    ///   - byteCapacity: Their bytes in all, as ``TokenPath/estimatedSortKeyLength`` puts them.
    package init(capacity: Int, byteCapacity: Int) {
      ends.reserveCapacity(capacity)
      bytes.reserveCapacity(byteCapacity)
    }

    package mutating func append(_ path: TokenPath) {
      path.appendSortKey(to: &bytes, scratch: &scratch)
      ends.append(bytes.count)
    }

    /// The positions of the appended paths in path order; equal paths keep their order.
    package func sortedIndices() -> [Int] {
      let ends = self.ends
      return bytes.withUnsafeBufferPointer { buffer -> [Int] in
        guard let base = buffer.baseAddress else { return Array(ends.indices) }
        func precedes(_ left: Int, _ right: Int) -> Bool {
          let leftStart = left == 0 ? 0 : ends[left - 1]
          let rightStart = right == 0 ? 0 : ends[right - 1]
          let leftCount = ends[left] - leftStart
          let rightCount = ends[right] - rightStart
          let order = memcmp(base + leftStart, base + rightStart, min(leftCount, rightCount))
          return order < 0 || (order == 0 && leftCount < rightCount)
        }
        // Token files are often written in order already: then one pass is enough.
        if ends.indices.dropFirst().allSatisfy({ !precedes($0, $0 - 1) }) { return Array(ends.indices) }
        return ends.indices.sorted(by: precedes)
      }
    }
  }

  /// Why `segment` cannot be part of a path, or `nil` when it can.
  ///
  /// Names may hold any character but `.`, `{` and `}` (the reference syntax)
  /// and may not start with `$` (reserved for `$type`, `$value`, ...), except DTCG's
  /// `$root`, the name of a group's root token (`{color.accent.$root}`).
  public static func problem(withSegment segment: String) -> String? {
    if segment.isEmpty { return "a name cannot be empty" }
    if segment.isReservedName && segment != rootTokenName { return "names starting with '$' are reserved" }
    // One pass over the bytes for all three (every name is checked); '.' is reported first, then
    // '{', then '}'.
    func scan(_ bytes: some Sequence<UInt8>) -> (dot: Bool, open: Bool, close: Bool) {
      var found: (dot: Bool, open: Bool, close: Bool) = (false, false, false)
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "."): found.dot = true
        case UInt8(ascii: "{"): found.open = true
        case UInt8(ascii: "}"): found.close = true
        default: continue
        }
      }
      return found
    }
    // The bytes are read in place where the string allows it, which is several times faster.
    let found = segment.utf8.withContiguousStorageIfAvailable(scan) ?? scan(segment.utf8)
    if found.dot { return "a name cannot contain '.'" }
    if found.open { return "a name cannot contain '{'" }
    if found.close { return "a name cannot contain '}'" }
    return nil
  }
}

extension String {
  /// Whether the text starts with `$`, which DTCG reserves for its own keys (`$value`, `$type`).
  /// Every key of every file is asked.
  @inlinable
  package var isReservedName: Bool { hasPrefix(ascii: UInt8(ascii: "$")) }

  /// `hasPrefix` of the one ASCII character `byte`, answered from the first two bytes: a text whose
  /// first byte is not `byte` cannot start with that character, and one whose first byte is, then
  /// an ASCII byte or nothing, does (only a non-ASCII byte can start a mark that joins a character
  /// to the one before, and CR LF, the one ASCII pair that makes a single character, is compared as
  /// characters). Every key and value of every file is asked.
  ///
  /// The bytes are read in place (a native string's always can be): through the UTF-8 view's
  /// indices, unspecialised across modules, the two reads took about 65 instructions.
  @inlinable
  package func hasPrefix(ascii byte: UInt8) -> Bool {
    // `nil` when the characters must be compared.
    let answer = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      guard bytes.first == byte else { return false }
      return bytes.count > 1 && (bytes[1] >= 0x80 || byte == UInt8(ascii: "\r")) ? nil : true
    }
    return (answer ?? nil) ?? hasPrefix(String(Unicode.Scalar(byte)))
  }
}
