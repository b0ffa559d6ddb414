import EBTokensSupport
import Foundation
import Testing

@Suite struct PathComponentsTests {
  /// A path is split as `NSString` splits it.
  @Test(arguments: [
    "ab", "ab/cd", "ab/cd/ef.swift", "./ab", "ab/./cd", "ab/../cd", "ab//cd", "/ab", "ab/cd/", "/", "é/ü.kt",
    "com/x/Y.kt",
  ])
  func aPathIsSplitAsNSStringSplitsIt(_ path: String) {
    let split = PathComponents.folderAndName(of: path)
    #expect(split.folder == (path as NSString).deletingLastPathComponent)
    #expect(split.name == (path as NSString).lastPathComponent)
  }

  /// Where `NSString` crashes (Swift 6.3's Foundation on Linux, a path of one character).
  @Test func aOneCharacterPathIsItsOwnName() {
    #expect(PathComponents.folderAndName(of: "a") == ("", "a"))
    #expect(PathComponents.folderAndName(of: "a/") == ("", "a"))
    #expect(PathComponents.folderAndName(of: "b/a") == ("b", "a"))
    #expect(PathComponents.folderAndName(of: "") == ("", ""))
  }
}
