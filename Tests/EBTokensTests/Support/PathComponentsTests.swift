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

@Suite struct DisplayPathTests {
  /// `.` and `..` are removed lexically, repeated and trailing `/` dropped; a plain path is kept.
  @Test(arguments: [
    ("/a/b.yml", "/a/b.yml"), ("/a/./b.yml", "/a/b.yml"), ("/a/x/../b.yml", "/a/b.yml"), ("/a//b", "/a/b"),
    ("/a/b/", "/a/b"), ("/", "/"), ("/..", "/"), ("/a/.b/...", "/a/.b/..."), ("/a/..b", "/a/..b"),
    ("tokens/a.yml", "/work/tokens/a.yml"), ("./tokens/../a.yml", "/work/a.yml"), ("..", "/"),
    ("a/../../../b", "/b"), ("/a/b/../../..", "/"), ("é/./ü.yml", "/work/é/ü.yml"), ("", "/work"),
    (".", "/work"),
    ("a/b/..", "/work/a"), ("a//./b/", "/work/a/b"),
  ])
  func aPathIsMadeAbsoluteLexically(_ path: String, _ expected: String) {
    #expect(DisplayPath.absolute(path, workingDirectory: "/work") == expected)
  }

  @Test func aWorkingDirectoryWithATrailingSlashGivesTheSamePaths() {
    #expect(DisplayPath.absolute("a/./b", workingDirectory: "/work/") == "/work/a/b")
    #expect(DisplayPath.absolute("a", workingDirectory: "/") == "/a")
  }

  @Test func aFileBelowTheWorkingDirectoryIsNamedRelativeToIt() {
    #expect(DisplayPath.forFile("/work/tokens/a.yml", workingDirectory: "/work") == "tokens/a.yml")
    #expect(DisplayPath.forFile("tokens/./a.yml", workingDirectory: "/work") == "tokens/a.yml")
    #expect(DisplayPath.forFile("/elsewhere/a.yml", workingDirectory: "/work") == "/elsewhere/a.yml")
  }
}
