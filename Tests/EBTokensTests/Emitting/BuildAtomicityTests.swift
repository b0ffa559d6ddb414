import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensResolution

/// A build that fails while writing leaves every file as it was: new contents are staged beside
/// their destinations first, and renames already done are undone when a later one fails.
///
/// The failures are made the way they happen in real life, but between planning and writing:
/// something else changes the output folder (a folder appears where a file goes, a file where a
/// folder goes). A full disk or a file size limit is tested on the real binary in
/// `EndToEndTests/OutputSafetyTests`.
@Suite struct BuildAtomicityTests {
  private static let configuration = """
    tokens: tokens
    outputs:
      - kind: swift
        destination: dist/swift
      - kind: kotlin
        destination: dist/kotlin
      - kind: css
        destination: dist/css/tokens.css

    """

  /// Every path below `root` with its contents (folders as `nil`).
  private static func snapshot(_ root: URL) -> [String: Data?] {
    var entries: [String: Data?] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let relative = enumerator?.nextObject() as? String {
      let path = root.appendingPathComponent(relative).path
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      entries[relative] = isDirectory.boolValue ? nil : FileManager.default.contents(atPath: path)
    }
    return entries
  }

  /// A project built once from the emitting fixture, then changed so a second build updates
  /// every output, removes a file and creates a new output folder: returns the second plan.
  private static func builtProjectWithPendingChanges(in root: URL) throws -> (WritePlan, Configuration) {
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: EmitFixture.tokensDirectory), to: root.appendingPathComponent("tokens"))
    let configURL = root.appendingPathComponent("ebtokens.yml")
    try Data(configuration.utf8).write(to: configURL)
    let first = try ConfigurationLoader().load(path: configURL.path)
    _ = try Builder().build(first, mode: .write)

    try Data("more:\n  $type: dimension\n  gap: 3px\n".utf8).write(
      to: root.appendingPathComponent("tokens/more.yaml"))
    try Data(
      (configuration.replacingOccurrences(
        of: "destination: dist/swift", with: "destination: dist/swift\n    options:\n      module: Acme")
        + "  - kind: css\n    destination: dist/extra/tokens.css\n").utf8
    ).write(to: configURL)
    let second = try ConfigurationLoader().load(path: configURL.path)
    let outputs = try OutputRenderer(configuration: second).render(
      TokenLoader().load(directory: root.appendingPathComponent("tokens").path).value)
    return (try OutputWriter().plan(outputs), second)
  }

  @Test func aRenameThatFailsAfterOthersSucceededIsUndoneEntirely() throws {
    try withTemporaryDirectory { root in
      let (plan, _) = try Self.builtProjectWithPendingChanges(in: root)
      #expect(plan.changes.contains { $0.kind == .updated })
      #expect(plan.changes.contains { $0.kind == .removed })
      // The new folder's manifest is the very last rename: by then every other file has been
      // renamed into place. A folder appears where it goes, so that rename fails.
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("dist/extra/.ebtokens-manifest"), withIntermediateDirectories: true)
      let before = Self.snapshot(root)
      let errors = diagnostics { try OutputWriter().apply(plan) }
      #expect(errors.count == 1)
      #expect(errors.first?.contains("dist/extra/.ebtokens-manifest': Is a directory") == true, "\(errors)")
      #expect(Self.snapshot(root) == before)
    }
  }

  @Test func aFileWhereAFolderMustBeCreatedStopsTheBuildBeforeAnyRename() throws {
    try withTemporaryDirectory { root in
      let (plan, _) = try Self.builtProjectWithPendingChanges(in: root)
      try Data("mine".utf8).write(to: root.appendingPathComponent("dist/extra"))
      let before = Self.snapshot(root)
      let errors = diagnostics { try OutputWriter().apply(plan) }
      #expect(errors.count == 1)
      #expect(
        errors.first?.contains("dist/extra' is in the way (a file where a folder goes)") == true, "\(errors)")
      #expect(Self.snapshot(root) == before)
    }
  }

  @Test(arguments: [Builder.Mode.write, .check])
  func theLeftoversOfAKilledBuildAreRemovedEverywhereAndNothingElse(_ mode: Builder.Mode) throws {
    try withTemporaryDirectory { root in
      let (_, configuration) = try Self.builtProjectWithPendingChanges(in: root)
      let css = root.appendingPathComponent("dist/css")
      let nested = root.appendingPathComponent("dist/swift/Sources")
      let leftovers = [".ebtokens-\(UUID().uuidString).tmp", ".ebtokens-\(UUID().uuidString).old"]
      // What Foundation's `Data.write(to:options: .atomic)` left of a state file an older ebtokens
      // was writing (its process id in hexadecimal, then mkstemp's six characters): a leftover
      // only beside the state file, at the output folder's root.
      let foundationTemporary = ".dat.nosync7BF7.Ax0rYX"
      let mine = [
        ".ebtokens-notes.tmp", "ebtokens-\(UUID().uuidString).tmp", ".ebtokens-\(UUID().uuidString).txt",
        ".dat.nosync7bf7.Ax0rYX", ".dat.nosync7BF7.Ax0rY", ".dat.nosync.Ax0rYX", ".dat.nosync-notes",
      ]
      for name in leftovers + mine + [foundationTemporary] {
        try Data("x".utf8).write(to: css.appendingPathComponent(name))
      }
      for name in leftovers + [foundationTemporary] {
        try Data("x".utf8).write(to: nested.appendingPathComponent(name))
      }
      // A folder of the user's named like a leftover, with a file in it, and a link named like
      // one, to a file outside: neither is a leftover, and what the link points to is not either.
      let folderLikeALeftover = css.appendingPathComponent(".ebtokens-\(UUID().uuidString).tmp")
      try FileManager.default.createDirectory(at: folderLikeALeftover, withIntermediateDirectories: false)
      try Data("kept".utf8).write(to: folderLikeALeftover.appendingPathComponent("notes.txt"))
      let outside = root.appendingPathComponent("outside.txt")
      try Data("outside".utf8).write(to: outside)
      let linkLikeALeftover = ".ebtokens-\(UUID().uuidString).old"
      try FileManager.default.createSymbolicLink(
        atPath: css.appendingPathComponent(linkLikeALeftover).path, withDestinationPath: outside.path)

      _ = try Builder().build(configuration, mode: mode)

      let names = try FileManager.default.contentsOfDirectory(atPath: css.path)
      let kept = mine + [folderLikeALeftover.lastPathComponent, linkLikeALeftover]
      // The build state (BuildState) is the build's own record, not a leftover.
      #expect(Set(names) == Set(kept + ["tokens.css", ".ebtokens-manifest", ".ebtokens-state"]))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: nested.path).filter { $0.hasPrefix(".ebtokens-") }
          .allSatisfy { !leftovers.contains($0) })
      #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent(foundationTemporary).path))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folderLikeALeftover.path) == ["notes.txt"])
      #expect(FileManager.default.contents(atPath: outside.path) == Data("outside".utf8))
    }
  }

  @Test func aManifestEditedToListAUserFileDoesNotGetItDeleted() throws {
    try withTemporaryDirectory { root in
      let (_, configuration) = try Self.builtProjectWithPendingChanges(in: root)
      let swift = root.appendingPathComponent("dist/swift")
      try Data("# My notes\n".utf8).write(to: swift.appendingPathComponent("NOTES.md"))
      let manifest = swift.appendingPathComponent(".ebtokens-manifest")
      let listed = try String(contentsOf: manifest, encoding: .utf8)
      try Data((listed + "NOTES.md\n").utf8).write(to: manifest)
      let result = try Builder().build(configuration, mode: .write)
      #expect(
        FileManager.default.contents(atPath: swift.appendingPathComponent("NOTES.md").path)
          == Data("# My notes\n".utf8))
      #expect(!result.plan.changes.contains { $0.path.hasSuffix("NOTES.md") })
      // The generated files the rename made stale are still removed.
      #expect(
        result.plan.changes.contains { $0.kind == .removed && $0.path.hasSuffix("EBTokens/EBTokens.swift") })
    }
  }

  @Test func aSuccessfulBuildLeavesNoTemporaryOrBackup() throws {
    try withTemporaryDirectory { root in
      let (plan, _) = try Self.builtProjectWithPendingChanges(in: root)
      try OutputWriter().apply(plan)
      let stray = Self.snapshot(root).keys.filter {
        ($0 as NSString).lastPathComponent.hasPrefix(".ebtokens-")
      }
      #expect(stray.allSatisfy { $0.hasSuffix(".ebtokens-manifest") || $0.hasSuffix(".ebtokens-state") })
      #expect(
        FileManager.default.fileExists(
          atPath: root.appendingPathComponent("dist/swift/Sources/Acme/Acme.swift").path))
      #expect(
        !FileManager.default.fileExists(
          atPath: root.appendingPathComponent("dist/swift/Sources/EBTokens").path))
    }
  }
}
