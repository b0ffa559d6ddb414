import Foundation

public enum DisplayPath {
  /// `path` relative to the working directory when it lies below it, otherwise as given.
  /// `workingDirectory` spares the system call when many paths are named at once.
  public static func forFile(
    _ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let standardized = absolute(path, workingDirectory: workingDirectory)
    let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
    if standardized.hasPrefix(prefix) { return String(standardized.dropFirst(prefix.count)) }
    return path
  }

  /// `path` made absolute against the working directory, with `.` and `..` removed lexically.
  public static func absolute(
    _ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let absolute = path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
    if isStandard(absolute) { return absolute }
    // Lexically, not with `standardizingPath`, which resolves symbolic links: a link must be
    // named as the user sees it in the folder.
    var components: [Substring] = []
    for component in absolute.split(separator: "/") where component != "." {
      if component == ".." { _ = components.popLast() } else { components.append(component) }
    }
    return "/" + components.joined(separator: "/")
  }

  /// Whether the absolute `path` has no empty, `.` or `..` component and no trailing `/`: what
  /// ``absolute(_:workingDirectory:)`` would give unchanged (a build names every token file, and
  /// splitting and joining each path took a millisecond of 702).
  private static func isStandard(_ path: String) -> Bool {
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    guard path.utf8.first == slash else { return false }
    // Each component after the leading `/`: its length, and how many of its bytes are dots.
    var length = 0
    var dots = 0
    func isPlain() -> Bool { length > 0 && !(length == dots && dots <= 2) }
    for byte in path.utf8.dropFirst() {
      if byte == slash {
        guard isPlain() else { return false }
        (length, dots) = (0, 0)
      } else {
        length += 1
        if byte == dot { dots += 1 }
      }
    }
    return isPlain()
  }
}
