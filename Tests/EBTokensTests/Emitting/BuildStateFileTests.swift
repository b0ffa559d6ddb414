import Foundation
import Testing

@testable import EBTokensBuild

/// The state file a build leaves in each output folder: written over in place when the folder's
/// name alone holds it, replaced otherwise, never written through a link, and read only when it
/// is whole.
@Suite struct BuildStateFileTests {
  private static let first = BuildState(fingerprint: "first", contrast: nil, stamps: [])

  /// A state longer than ``first``: it lists files.
  private static let longer = BuildState(
    fingerprint: "longer", contrast: BuildState.Contrast(passes: true, summary: "0 of 3 pairs fail"),
    stamps: (0..<20).map {
      BuildState.Stamp(
        path: "part-\($0).swift", device: 1, inode: 100 + UInt64($0), size: 4096, modified: 7, changed: 8)
    },
    outputs: [BuildState.OutputRecord(key: "output-0", digest: 0xABCD, files: ["part-0.swift"])])

  private static func inode(_ path: String) throws -> UInt64 {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
  }

  /// An output folder `output` in `root`, beside which a test puts what the state may point to
  /// or share; the state file's path in it.
  private static func outputFolder(in root: URL) throws -> (folder: OutputFolder, statePath: String) {
    let output = root.appendingPathComponent("output")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    return (OutputFolder(output.path), output.appendingPathComponent(BuildState.fileName).path)
  }

  @Test func aStateTheFolderAloneHoldsIsWrittenOverInPlace() throws {
    try withTemporaryDirectory { temporary in
      let (folder, path) = try Self.outputFolder(in: temporary.resolvingSymlinksInPath())
      Self.longer.write(in: folder)
      #expect(BuildState.read(in: folder) == Self.longer)
      let inode = try Self.inode(path)
      // Shorter: the file is cut to the new state's length.
      Self.first.write(in: folder)
      #expect(BuildState.read(in: folder) == Self.first)
      #expect(try Self.inode(path) == inode)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(Self.first.text.utf8))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory) == [BuildState.fileName])
    }
  }

  @Test func aStateWithASecondNameIsReplacedAndTheSecondNameKeepsItsBytes() throws {
    try withTemporaryDirectory { temporary in
      let root = temporary.resolvingSymlinksInPath()
      let (folder, path) = try Self.outputFolder(in: root)
      let elsewhere = root.appendingPathComponent("elsewhere").path
      Self.first.write(in: folder)
      try FileManager.default.linkItem(atPath: path, toPath: elsewhere)
      Self.longer.write(in: folder)
      #expect(BuildState.read(in: folder) == Self.longer)
      #expect(try Data(contentsOf: URL(fileURLWithPath: elsewhere)) == Data(Self.first.text.utf8))
      #expect(try Self.inode(path) != Self.inode(elsewhere))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory) == [BuildState.fileName])
    }
  }

  @Test func aStateThatIsALinkIsReplacedAndWhatItPointsToIsLeftAlone() throws {
    try withTemporaryDirectory { temporary in
      let root = temporary.resolvingSymlinksInPath()
      let (folder, path) = try Self.outputFolder(in: root)
      let target = root.appendingPathComponent("target").path
      try Data("not a state\n".utf8).write(to: URL(fileURLWithPath: target))
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
      Self.first.write(in: folder)
      #expect(BuildState.read(in: folder) == Self.first)
      #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("not a state\n".utf8))
      let type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
      #expect(type == .typeRegular)
    }
  }

  /// What a write cut short can leave: the new state over the start of a longer last one, the
  /// new state without its end; and a state changed after it was written.
  @Test func aStateThatIsNotWholeReadsAsNone() throws {
    try withTemporaryDirectory { temporary in
      let root = temporary.resolvingSymlinksInPath()
      let folder = OutputFolder(root.path)
      let url = root.appendingPathComponent(BuildState.fileName)
      let longer = Array(Self.longer.text.utf8)
      let first = Array(Self.first.text.utf8)
      let damaged: [(String, [UInt8])] = [
        ("the new state over a longer one", first + longer.dropFirst(first.count)),
        ("the new state without its last byte", Array(first.dropLast())),
        ("the new state without its check line", Array(first.prefix(first.count - 23))),
        (
          "a stamp's size changed",
          Array(Self.longer.text.replacingOccurrences(of: " 4096 ", with: " 4097 ").utf8)
        ),
      ]
      for (what, bytes) in damaged {
        try Data(bytes).write(to: url)
        #expect(BuildState.read(in: folder) == nil, "\(what)")
      }
      try Data(longer).write(to: url)
      #expect(BuildState.read(in: folder) == Self.longer)
    }
  }
}
