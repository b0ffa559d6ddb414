import Foundation

/// A 1-based position in a user's file, taken from libyaml's marks.
///
/// `file` is the path as it is shown to the user (relative to the working
/// directory when the file lies below it), so a location can be printed as is.
///
/// Every node of every token file holds a location, so it is kept small: the path is a number
/// in `SourceFiles` (each path is stored once, however many locations name it), and line and
/// column are 32-bit (token files are at most 16 MiB). A location is 12 bytes and copying it
/// retains nothing.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The number of ``file`` in ``SourceFiles``: the same path has the same number within one
  /// process, and another one in the next.
  package let fileNumber: UInt32
  private let line32: UInt32
  private let column32: UInt32

  public init(file: String, line: Int, column: Int) {
    self.init(file: SourceFiles.number(of: file), line: line, column: column)
  }

  /// A location in the file numbered `file` by ``SourceFiles/number(of:)``: what readers use, so
  /// that they look the path up once per file and not once per node.
  package init(file: UInt32, line: Int, column: Int) {
    fileNumber = file
    line32 = UInt32(clamping: line)
    column32 = UInt32(clamping: column)
  }

  public var file: String { SourceFiles.path(numbered: fileNumber) }
  public var line: Int { Int(line32) }
  public var column: Int { Int(column32) }

  public var description: String { "\(file):\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    if lhs.fileNumber != rhs.fileNumber { return lhs.file < rhs.file }
    if lhs.line32 != rhs.line32 { return lhs.line32 < rhs.line32 }
    return lhs.column32 < rhs.column32
  }
}

/// The paths that locations name, each stored once and numbered in the order first seen.
///
/// Equal paths get equal numbers, so locations compare and hash by number. The table only
/// grows: it holds one string per file a process reads, which is small next to the locations.
package enum SourceFiles {
  private final class Table: @unchecked Sendable {
    let lock = NSLock()
    var paths: [String] = []
    var numbers: [String: UInt32] = [:]
  }

  private static let table = Table()

  /// The number of `path`, given to it now if it has none.
  package static func number(of path: String) -> UInt32 {
    table.lock.lock()
    defer { table.lock.unlock() }
    if let number = table.numbers[path] { return number }
    let number = UInt32(table.paths.count)
    table.paths.append(path)
    table.numbers[path] = number
    return number
  }

  static func path(numbered number: UInt32) -> String {
    table.lock.lock()
    defer { table.lock.unlock() }
    return table.paths[Int(number)]
  }

  /// The path of the last file asked for, kept: for a writer that names the files of many
  /// locations one after another (a token's digest, a report's pairs), mostly the same file, where
  /// each look-up of a path in the table takes its lock.
  package struct LastPath {
    private var last: (number: UInt32, path: String)?

    package init() {}

    /// `location`'s ``SourceLocation/file``.
    package mutating func file(of location: SourceLocation) -> String {
      if let last, last.number == location.fileNumber { return last.path }
      let path = location.file
      last = (location.fileNumber, path)
      return path
    }
  }
}
