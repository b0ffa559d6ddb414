import Foundation

public enum DisplayPath {
  /// `path` relative to the working directory when it lies below it, otherwise as given.
  /// `workingDirectory` spares the system call when many paths are named at once.
  public static func forFile(
    _ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let cwd = workingDirectory
    let standardized = absolute(path, workingDirectory: cwd)
    let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
    if standardized.hasPrefix(prefix) { return String(standardized.dropFirst(prefix.count)) }
    return path
  }

  /// `path` made absolute against the working directory, with `.` and `..` removed lexically.
  public static func absolute(
    _ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let absolute = path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
    // Lexically, not with `standardizingPath`, which resolves symbolic links: a link must be
    // named as the user sees it in the folder.
    var components: [Substring] = []
    for component in absolute.split(separator: "/") where component != "." {
      if component == ".." { _ = components.popLast() } else { components.append(component) }
    }
    return "/" + components.joined(separator: "/")
  }
}
