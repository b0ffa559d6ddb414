import EBTokensSupport
import Foundation
import TestSupport
import Testing

@Suite struct FileContentsTests {
  private static func bytes(_ outcome: FileContents.Outcome) -> [UInt8]? {
    guard case .bytes(let bytes) = outcome else { return nil }
    return bytes
  }

  /// Every byte of a regular file, whatever its size against the buffer the size said.
  @Test(arguments: [0, 1, 4095, 4096, 4097, 65_536, 200_001])
  func aRegularFileIsReadWhole(_ size: Int) throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("tokens.yml").path
      var generator = SeededGenerator(seed: UInt64(size))
      let written = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
      try Data(written).write(to: URL(fileURLWithPath: path))
      let read = Self.bytes(FileContents.read(path, limit: 1 << 20, followingLinks: false))
      #expect(read == written)
    }
  }

  @Test func aFileOverTheLimitIsRefusedWithItsSize() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("big.yml").path
      try Data(repeating: 0x61, count: 1001).write(to: URL(fileURLWithPath: path))
      guard case .tooLarge(let size) = FileContents.read(path, limit: 1000, followingLinks: false) else {
        Issue.record("a file of 1,001 bytes read under a limit of 1,000")
        return
      }
      #expect(size == 1001)
    }
  }

  /// A file whose size says 0 but which has text (a `/proc` file) is read to its end, and still
  /// never past the limit.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs /proc"))
  func aFileLongerThanItsSizeIsReadToItsEnd() throws {
    let path = "/proc/self/status"
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.size] as? Int) == 0)
    let text = try #require(Self.bytes(FileContents.read(path, limit: 1 << 20, followingLinks: true)))
    #expect(String(decoding: text, as: UTF8.self).hasPrefix("Name:"))
    #expect(String(decoding: text, as: UTF8.self).hasSuffix("\n"))
    guard case .tooLarge(let read) = FileContents.read(path, limit: 10, followingLinks: true) else {
      Issue.record("/proc/self/status read whole under a limit of 10 bytes")
      return
    }
    #expect(read > 10)
  }

  @Test func aFolderOrALinkNotFollowedIsUnreadable() throws {
    try withTemporaryDirectory { directory in
      let target = directory.appendingPathComponent("target.yml").path
      try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: target))
      let link = directory.appendingPathComponent("link.yml").path
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      guard
        case .unreadable(let folderReason) = FileContents.read(
          directory.path, limit: 100, followingLinks: true)
      else {
        Issue.record("a folder read as a file")
        return
      }
      #expect(folderReason.contains("not a regular file"))
      guard case .unreadable(let linkReason) = FileContents.read(link, limit: 100, followingLinks: false)
      else {
        Issue.record("a link followed when links are not")
        return
      }
      #expect(linkReason.contains("symbolic link"))
      #expect(Self.bytes(FileContents.read(link, limit: 100, followingLinks: true)) == Array("a: 1\n".utf8))
    }
  }
}
