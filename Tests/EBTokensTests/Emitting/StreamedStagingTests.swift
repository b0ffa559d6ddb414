import EBTokensSupport
import Foundation
import Testing

@testable import EBTokensBuild

/// A file staged piece by piece as it is rendered (the audit's JSON report) is prepared exactly as
/// one rendered whole would be: staged when missing or different, left alone when identical, and
/// refused, through the whole path, when something other than a file is in its way.
@Suite struct StreamedStagingTests {
  private static let bytes = Array("{\n  \"results\": [1, 2, 3]\n}\n".utf8)

  /// `bytes` in pieces of five.
  private static func stream(_ write: ([UInt8]) -> Void) {
    var start = 0
    while start < bytes.count {
      write(Array(bytes[start..<min(start + 5, bytes.count)]))
      start += 5
    }
  }

  /// Prepares `report/contrast-audit.json` below `root` from pieces, with a staging area.
  private static func prepare(in root: URL, staging: StagingArea?) -> PreparedOutput.File {
    let folder = OutputFolders().folder(root.appendingPathComponent("report").path)
    return OutputWriter.prepare(
      path: "data/contrast-audit.json", streaming: stream, bytes: { bytes }, in: folder, staging: staging)
  }

  /// The names in `folder`, hidden ones too; empty when it does not exist.
  private static func names(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test func aMissingFileIsStagedAndAbandoningItLeavesNothing() throws {
    try withTemporaryDirectory { root in
      let staging = StagingArea()
      let file = Self.prepare(in: root, staging: staging)
      guard case .missing = file.destination else {
        Issue.record("\(file.destination)")
        return
      }
      #expect(file.bytes == nil)
      let data = root.appendingPathComponent("report/data")
      let temporaries = Self.names(in: data)
      #expect(temporaries.count == 1 && StagingArea.isLeftover(temporaries[0]))
      #expect(
        FileManager.default.contents(atPath: data.appendingPathComponent(temporaries[0]).path)
          == Data(Self.bytes))
      staging.abandon()
      #expect(Self.names(in: root) == [])
    }
  }

  @Test(arguments: [true, false])
  func anExistingFileIsComparedPieceByPiece(isIdentical: Bool) throws {
    try withTemporaryDirectory { root in
      let data = root.appendingPathComponent("report/data")
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
      var existing = Self.bytes
      // The same length, one byte apart in the last piece.
      if !isIdentical { existing[existing.count - 3] = UInt8(ascii: "X") }
      try Data(existing).write(to: data.appendingPathComponent("contrast-audit.json"))
      let staging = StagingArea()
      let file = Self.prepare(in: root, staging: staging)
      switch (file.destination, isIdentical) {
      case (.identical, true), (.different, false): break
      default: Issue.record("\(file.destination)")
      }
      #expect(file.bytes == nil)
      #expect(Self.names(in: data).count == (isIdentical ? 1 : 2))
      staging.abandon()
      #expect(Self.names(in: data) == ["contrast-audit.json"])
      #expect(
        FileManager.default.contents(atPath: data.appendingPathComponent("contrast-audit.json").path)
          == Data(existing))
    }
  }

  @Test func aLongerOrShorterFileIsDifferent() throws {
    for existing in [Self.bytes + [10], Array(Self.bytes.dropLast())] {
      try withTemporaryDirectory { root in
        let data = root.appendingPathComponent("report/data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(existing).write(to: data.appendingPathComponent("contrast-audit.json"))
        let staging = StagingArea()
        let file = Self.prepare(in: root, staging: staging)
        guard case .different = file.destination else {
          Issue.record("\(file.destination)")
          return
        }
        staging.abandon()
      }
    }
  }

  @Test func aLinkInTheWayIsLeftToTheWholeFilePathWhichRefusesIt() throws {
    try withTemporaryDirectory { root in
      let data = root.appendingPathComponent("report/data")
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
      let target = root.appendingPathComponent("elsewhere.json")
      try Data("mine".utf8).write(to: target)
      try FileManager.default.createSymbolicLink(
        at: data.appendingPathComponent("contrast-audit.json"), withDestinationURL: target)
      let staging = StagingArea()
      let file = Self.prepare(in: root, staging: staging)
      guard case .blocked = file.destination else {
        Issue.record("\(file.destination)")
        return
      }
      #expect(file.bytes == Self.bytes)
      #expect(Self.names(in: data) == ["contrast-audit.json"])
      #expect(FileManager.default.contents(atPath: target.path) == Data("mine".utf8))
      staging.abandon()
    }
  }

  @Test func withoutStagingTheFileIsMadeWhole() throws {
    try withTemporaryDirectory { root in
      let file = Self.prepare(in: root, staging: nil)
      guard case .missing = file.destination else {
        Issue.record("\(file.destination)")
        return
      }
      #expect(file.bytes == Self.bytes)
      #expect(Self.names(in: root) == [])
    }
  }

  /// Pieces longer than what is read back at a time, the first difference in a later window of a
  /// piece; and, in another test, the same bytes.
  @Test(arguments: [nil, 2 * Folder.readBackWindow + 17])
  func aPieceLongerThanTheReadBackWindowIsComparedWhole(differingAt offset: Int?) throws {
    let pieceSize = 2 * Folder.readBackWindow + 100
    let bytes = (0..<(3 * pieceSize)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try withTemporaryDirectory { root in
      let report = root.appendingPathComponent("report")
      try FileManager.default.createDirectory(at: report, withIntermediateDirectories: true)
      var existing = bytes
      if let offset { existing[offset] ^= 1 }
      try Data(existing).write(to: report.appendingPathComponent("contrast-audit.json"))
      let staging = StagingArea()
      let file = OutputWriter.prepare(
        path: "contrast-audit.json",
        streaming: { write in
          for start in stride(from: 0, to: bytes.count, by: pieceSize) {
            write(Array(bytes[start..<min(start + pieceSize, bytes.count)]))
          }
        }, bytes: { bytes }, in: OutputFolders().folder(report.path), staging: staging)
      switch (file.destination, offset) {
      case (.identical, nil), (.different, _?): break
      default: Issue.record("\(file.destination)")
      }
      staging.abandon()
      #expect(Self.names(in: report) == ["contrast-audit.json"])
    }
  }

  /// The writer starts a staged file's pages on their way to the disk (`sync_file_range` on
  /// Linux); only a file can be written back.
  @Test func aFileCanBeStartedOnItsWayToTheDiskAndAPipeCannot() throws {
    try withTemporaryDirectory { root in
      let path = root.appendingPathComponent("written").path
      let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      #expect(file >= 0)
      defer { close(file) }
      let bytes = [UInt8](repeating: 0x61, count: 100_000)
      #expect(bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count)
      var pipeEnds: [Int32] = [0, 0]
      #expect(pipe(&pipeEnds) == 0)
      defer { for end in pipeEnds { close(end) } }
      #if os(Linux)
        #expect(startWriteback(file, offset: 0, count: bytes.count))
      #else
        #expect(!startWriteback(file, offset: 0, count: bytes.count))
      #endif
      #expect(!startWriteback(pipeEnds[1], offset: 0, count: 1))
      #expect(FileManager.default.contents(atPath: path) == Data(bytes))
    }
  }
}
