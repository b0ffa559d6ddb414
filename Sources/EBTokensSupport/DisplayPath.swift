import Foundation

public enum DisplayPath {
  /// `path` relative to the working directory when it lies below it, otherwise as given.
  /// `workingDirectory` spares the system call when many paths are named at once.
  public static func forFile(
    _ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let standardized = absolute(path, workingDirectory: workingDirectory)
    let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
    if standardized.hasPrefix(prefix) {
      return String(decoding: standardized.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }
    return path
  }

  /// `path` made absolute against the working directory, with `.` and `..` removed lexically.
  ///
  /// Lexically, not with `standardizingPath`, which resolves symbolic links: a link must be named
  /// as the user sees it in the folder. Done on the path's bytes (a `/` is never part of another
  /// character in UTF-8): joining through `NSString` and splitting by characters took 30,000
  /// instructions a path, 21 M of a no-change build of 702 token files.
  public static func absolute(
    _ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    var relative = Substring(path)
    // A project's paths are `./tokens/…` when its config is in the working directory: without the
    // `./`, most are then standard.
    while relative.utf8.starts(with: "./".utf8) { relative = relative.dropFirst(2) }
    var absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + relative
    if isStandard(absolute) { return absolute }
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    return absolute.withUTF8 { bytes in
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      // Where each component kept in `result` starts (at its `/`), for a `..` to take it back.
      var starts: [Int] = []
      var end = 0
      while end < bytes.count {
        let start = end
        while end < bytes.count && bytes[end] != slash { end += 1 }
        let component = UnsafeBufferPointer(rebasing: bytes[start..<end])
        end += 1
        switch component.count {
        case 0: continue
        case 1 where component[0] == dot: continue
        case 2 where component[0] == dot && component[1] == dot:
          if let kept = starts.popLast() { result.removeSubrange(kept...) }
        default:
          starts.append(result.count)
          result.append(slash)
          result.append(contentsOf: component)
        }
      }
      return result.isEmpty ? "/" : String(decoding: result, as: UTF8.self)
    }
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
