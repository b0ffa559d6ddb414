import Foundation
import Testing

@testable import EBTokensBuild

/// Deleting a replaced file's old contents: the name goes at once, and the file's blocks are
/// freed when another thread closes the descriptor that keeps it (`Folder.unlinkFreeingLater`).
@Suite struct DeletedFileReleaseTests {
  /// The targets of this process's open descriptors that name a deleted file in `folder`.
  private static func openDeletedFiles(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { descriptor in
      let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
      return target.flatMap { $0.hasPrefix(folder + "/") && $0.hasSuffix(" (deleted)") ? $0 : nil }
    }
  }

  private static func write(_ size: Int, to path: String) throws {
    try Data(repeating: 0x61, count: size).write(to: URL(fileURLWithPath: path))
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc/self/fd"))
  func aFileIsGoneAtOnceAndReleasedOnTheOtherThread() throws {
    try withTemporaryDirectory { temporary in
      let root = temporary.resolvingSymlinksInPath()
      try Self.write(50_000, to: root.appendingPathComponent("written.old").path)
      try Self.write(0, to: root.appendingPathComponent("empty.old").path)
      let folder = try Folder.open(root.path).get()
      let release = DeletedFileRelease()
      release.queue.suspend()
      folder.unlinkFreeingLater("written.old", release: release)
      folder.unlinkFreeingLater("empty.old", release: release)
      folder.unlinkFreeingLater("missing.old", release: release)
      #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
      // Only the file with blocks to free is still open, deleted, until the release's thread runs.
      #expect(release.waitingCount == 1)
      #expect(
        try Self.openDeletedFiles(in: root.path) == [
          root.appendingPathComponent("written.old").path + " (deleted)"
        ])
      release.queue.resume()
      release.waitUntilReleased()
      #expect(release.waitingCount == 0)
      #expect(try Self.openDeletedFiles(in: root.path) == [])
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc/self/fd"))
  func beyondItsLimitAFileIsFreedAtOnce() throws {
    try withTemporaryDirectory { temporary in
      let root = temporary.resolvingSymlinksInPath()
      let names = ["a.old", "b.old", "c.old"]
      for name in names {
        try Self.write(1, to: root.appendingPathComponent(name).path)
      }
      let folder = try Folder.open(root.path).get()
      let release = DeletedFileRelease(maximumWaiting: 2)
      release.queue.suspend()
      for name in names { folder.unlinkFreeingLater(name, release: release) }
      #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
      #expect(release.waitingCount == 2)
      #expect(try Self.openDeletedFiles(in: root.path).count == 2)
      release.queue.resume()
      release.waitUntilReleased()
      #expect(try Self.openDeletedFiles(in: root.path) == [])
    }
  }
}
