/// A 1-based position in a user's file, taken from libyaml's marks.
///
/// `file` is the path as it is shown to the user (relative to the working
/// directory when the file lies below it), so a location can be printed as is.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let file: String
  public let line: Int
  public let column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  public var description: String { "\(file):\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.line != rhs.line { return lhs.line < rhs.line }
    return lhs.column < rhs.column
  }
}
