/// "Did you mean ...?" for misspelled names, keys and types.
public enum Suggestion {
  /// The candidate closest to `name` by edit distance, when it is close enough to
  /// be a plausible typo (at most a third of the name's length, and at least 1).
  public static func closest<S: Sequence>(to name: String, in candidates: S) -> String?
  where S.Element == String {
    let target = Array(name.utf8)
    // The edit distance is quadratic in the lengths; no one mistypes a 200-character name.
    guard target.count <= maxNameLength else { return nil }
    let threshold = max(1, target.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let bytes = Array(candidate.utf8)
      // Lengths alone rule most candidates out without the quadratic work.
      if abs(bytes.count - target.count) > min(threshold, best?.distance ?? threshold) { continue }
      let distance = editDistance(target, bytes, limit: best.map { $0.distance - 1 } ?? threshold)
      guard let distance else { continue }
      // Ties go to the name that sorts first, so the suggestion never depends on input order.
      if let current = best,
        distance > current.distance || (distance == current.distance && candidate >= current.name)
      {
        continue
      }
      best = (candidate, distance)
    }
    return best?.name
  }

  /// Longest name, in UTF-8 bytes, that gets a suggestion.
  static let maxNameLength = 200

  /// Levenshtein distance, or `nil` when it is over `limit`.
  static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
    if limit < 0 { return nil }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
    }
    let distance = a.isEmpty ? b.count : previous[b.count]
    return distance <= limit ? distance : nil
  }
}
