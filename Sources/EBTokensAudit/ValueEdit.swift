import EBTokensModel
import EBTokensSupport

/// A suggested fix as a change to the text of a token file: what `ebtokens audit --fix` writes and
/// what the SARIF report offers as a `fixes` entry. Only the characters that change are replaced
/// (the hex digits of a color, the number of an `@ NN%`, a color object's components), so the rest
/// of the file, its quotes, spacing and comments, stays byte for byte as written.
public struct ValueEdit: Sendable, Equatable {
  public enum Change: Sendable, Equatable {
    /// The literal color becomes this one (its alpha as written is kept).
    case color(Color)
    /// The alias's `@ NN%` becomes this percentage.
    case alpha(percent: Int)
  }

  /// One run of text replaced by another.
  public struct Replacement: Sendable, Equatable {
    /// The first character replaced.
    public let start: SourceLocation
    /// Just after the last character replaced (SARIF's `endLine`/`endColumn`).
    public let end: SourceLocation
    /// The same run as byte offsets into the file.
    public let bytes: Range<Int>
    public let deleted: String
    public let inserted: String

    package init(
      start: SourceLocation, end: SourceLocation, bytes: Range<Int>, deleted: String, inserted: String
    ) {
      self.start = start
      self.end = end
      self.bytes = bytes
      self.deleted = deleted
      self.inserted = inserted
    }
  }

  /// The token whose value changes.
  public let token: String
  public let change: Change
  /// Where the value starts: the file the replacements are in.
  public let location: SourceLocation
  /// In file order, never overlapping.
  public let replacements: [Replacement]

  package init(token: String, change: Change, location: SourceLocation, replacements: [Replacement]) {
    self.token = token
    self.change = change
    self.location = location
    self.replacements = replacements
  }

  /// `@ 80%` → `@ 87%`, or `#6C5009` → `#59420A`: the value's text before and after, for reports.
  public var summary: String {
    if case .alpha = change, let replacement = replacements.first {
      return "@ \(replacement.deleted)% → @ \(replacement.inserted)%"
    }
    return replacements.map { "\($0.deleted) → \($0.inserted)" }.joined(separator: ", ")
  }

  /// What the edit does, in a sentence: SARIF's fix description.
  public var description: String {
    switch change {
    case .alpha(let percent): return "Set the opacity of '\(token)' to \(percent)%"
    case .color(let color): return "Set '\(token)' to \(color.opaqueHex)"
    }
  }
}
