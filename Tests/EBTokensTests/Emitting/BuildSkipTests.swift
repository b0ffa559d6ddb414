import Foundation
import Testing

@testable import EBTokensBuild

/// The no-change shortcut: a rebuild of an unchanged project does no work, and
/// any change to an input or an output makes the build run in full.
@Suite struct BuildSkipTests {
  private typealias Project = BuildProject

  @Test func anUnchangedProjectIsSkippedAndKeepsItsContrastVerdict() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      let first = try project.buildResult()
      #expect(!first.wasSkipped)
      let second = try project.buildResult()
      #expect(second.wasSkipped)
      #expect(second.plan.changes.isEmpty)
      #expect(second.plan.unchangedFileCount == first.plan.changes.count)
      #expect(second.contrast == first.contrast)
      #expect(second.contrast?.summary.contains("1 pair") == true)
    }
  }

  @Test func changingATokenFileRebuilds() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      _ = try project.buildResult()
      let colors = try #require(project.read("tokens/color.yaml"))
      try project.write("tokens/color.yaml", colors.replacingOccurrences(of: "#072592", with: "#123456"))
      let result = try project.buildResult()
      #expect(!result.wasSkipped)
      #expect(project.read("dist/css/tokens.css")?.contains("--color-brand-label-title: #123456;") == true)
    }
  }

  @Test func aTokenFileAddedToTheFolderRebuilds() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      _ = try project.buildResult()
      try project.write("tokens/zz-extra.yaml", "extra:\n  $type: color\n  accent: \"#ABCDEF\"\n")
      let result = try project.buildResult()
      #expect(!result.wasSkipped)
      #expect(project.read("dist/css/tokens.css")?.contains("--extra-accent: #abcdef;") == true)
      #expect(try project.buildResult().wasSkipped)
    }
  }

  /// Issue 16: the state records the fingerprint of the bytes the build parsed, not of a second
  /// reading. Here a token file is edited, the edit undone after the no-change check and before
  /// the tokens are read, and redone once the build has ended: the outputs are those of the file
  /// as it was before the edit, so the next build must not find them up to date.
  @Test func anEditUndoneAndRedoneDuringABuildIsNotMistakenForNoChange() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      _ = try project.buildResult()
      let original = try #require(project.read("tokens/color.yaml"))
      let edited = original.replacingOccurrences(of: "#072592", with: "#123456")
      try project.write("tokens/color.yaml", edited)
      var builder = Builder()
      let file = project.url("tokens/color.yaml")
      builder.afterCheckingForChanges = { try? Data(original.utf8).write(to: file) }
      let configuration = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
      let racing = try builder.build(configuration, mode: .write)
      #expect(!racing.wasSkipped)
      #expect(project.read("dist/css/tokens.css")?.contains("--color-brand-label-title: #072592;") == true)
      try project.write("tokens/color.yaml", edited)

      #expect(try !project.buildResult(.check).plan.isUpToDate)
      let rebuilt = try project.buildResult()
      #expect(!rebuilt.wasSkipped)
      #expect(project.read("dist/css/tokens.css")?.contains("--color-brand-label-title: #123456;") == true)
      #expect(try project.buildResult().wasSkipped)
    }
  }

  /// A resolver document's project (the end-to-end fixture): the document is read before the
  /// no-change check and the file its pointers lead into while listing the modes; both are in the
  /// fingerprint of what was parsed, so an unchanged project is skipped and an edit rebuilds.
  @Test func aResolverProjectIsSkippedUntilAFileItPointsIntoChanges() throws {
    try withTemporaryDirectory { root in
      let project = root.appendingPathComponent("project")
      try FileManager.default.copyItem(
        at: TestPaths.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/resolver"),
        to: project)
      let configPath = project.appendingPathComponent("ebtokens.yml").path
      func build() throws -> Builder.Result {
        try Builder().build(try ConfigurationLoader().load(path: configPath), mode: .write)
      }
      #expect(try !build().wasSkipped)
      #expect(try build().wasSkipped)
      let brands = project.appendingPathComponent("tokens/brands.tokens.json")
      let text = try String(contentsOf: brands, encoding: .utf8)
      try Data(text.replacingOccurrences(of: "#D0021B", with: "#D0021C").utf8).write(to: brands)
      #expect(try !build().wasSkipped)
      let css = try String(contentsOf: project.appendingPathComponent("dist/tokens.css"), encoding: .utf8)
      #expect(css.contains("--brand-primary: #d0021c;"))
      #expect(try build().wasSkipped)
    }
  }

  @Test func changingTheConfigRebuilds() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      _ = try project.buildResult()
      let configuration = try #require(project.read("ebtokens.yml"))
      try project.write(
        "ebtokens.yml",
        configuration.replacingOccurrences(
          of: "destination: dist/swift", with: "destination: dist/swift\n    options:\n      module: Brand"))
      let result = try project.buildResult()
      #expect(!result.wasSkipped)
      #expect(project.read("dist/swift/Sources/Brand/Brand.swift") != nil)
    }
  }

  @Test func editingOrDeletingAGeneratedFileRebuilds() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      _ = try project.buildResult()
      let css = try #require(project.read("dist/css/tokens.css"))
      try project.write("dist/css/tokens.css", css + "/* hand edit */\n")
      #expect(try !project.buildResult().wasSkipped)
      #expect(project.read("dist/css/tokens.css") == css)

      try FileManager.default.removeItem(at: project.url("dist/swift/Package.swift"))
      #expect(try !project.buildResult().wasSkipped)
      #expect(project.read("dist/swift/Package.swift") != nil)
      #expect(try project.buildResult().wasSkipped)
    }
  }

  /// An edit that keeps the file's size and puts its modification time back (`touch -r`) is
  /// invisible to size and date; the status-change time, which no one can set, shows it.
  @Test func anEditHiddenBySizeAndDateStillRebuilds() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      _ = try project.buildResult()
      let url = project.url("dist/css/tokens.css")
      let css = try #require(project.read("dist/css/tokens.css"))
      let modified = try #require(
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
      let edited = css.replacingOccurrences(of: "#072592", with: "#123456")
      try #require(edited != css && edited.utf8.count == css.utf8.count)
      // In place, as an editor that overwrites the file does: same inode, same size.
      let handle = try FileHandle(forWritingTo: url)
      try handle.write(contentsOf: Data(edited.utf8))
      try handle.close()
      try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
      let result = try project.buildResult()
      #expect(!result.wasSkipped)
      #expect(result.plan.changes.map(\.path).contains { $0.hasSuffix("dist/css/tokens.css") })
      #expect(project.read("dist/css/tokens.css") == css)
    }
  }

  /// `build --check` renders and compares bytes whatever the state says, even on a project whose
  /// state would let `build` skip: a CI drift check never trusts a cache.
  @Test func checkNeverTakesTheShortcut() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      _ = try project.buildResult()
      let check = try project.buildResult(.check)
      #expect(!check.wasSkipped)
      #expect(check.plan.isUpToDate)
      #expect(check.plan.unchangedFileCount == 14)
      #expect(try project.buildResult().wasSkipped)
    }
  }

  @Test func changingAUserTemplateRebuilds() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      let builtIn = TestPaths.repositoryRoot.appendingPathComponent("templates/css/tokens.css.mustache")
      let template = try String(contentsOf: builtIn, encoding: .utf8)
      try project.write("templates/css/tokens.css.mustache", template)
      let configuration = try #require(project.read("ebtokens.yml"))
      try project.write(
        "ebtokens.yml",
        configuration.replacingOccurrences(
          of: "destination: dist/css/tokens.css",
          with: "destination: dist/css/tokens.css\n    template: templates/css"))
      _ = try project.buildResult()
      #expect(try project.buildResult().wasSkipped)
      try project.write("templates/css/tokens.css.mustache", "/* custom */\n" + template)
      #expect(try !project.buildResult().wasSkipped)
      #expect(project.read("dist/css/tokens.css")?.contains("/* custom */") == true)
    }
  }

  @Test func changingAModeLayerRebuilds() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      let configuration = try #require(project.read("ebtokens.yml"))
      try project.write("ebtokens.yml", "modes:\n  light: []\n  dark: dark\n" + configuration)
      try project.write("dark/color.yaml", "color:\n  brand:\n    label-title: \"#AABBCC\"\n")
      _ = try project.buildResult()
      #expect(try project.buildResult().wasSkipped)
      try project.write("dark/color.yaml", "color:\n  brand:\n    label-title: \"#DDEEFF\"\n")
      #expect(try !project.buildResult().wasSkipped)
      #expect(project.read("dist/css/tokens.css")?.contains("--color-brand-label-title: #ddeeff;") == true)
    }
  }

  @Test func aStateFromAnotherFingerprintOrADamagedOneIsNeverTrusted() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      _ = try project.buildResult()
      let folder = OutputFolder(project.url("dist/css").path)
      let state = try #require(BuildState.read(in: folder))
      // What an older ebtokens (another version in the fingerprint) would have left, whole.
      BuildState(
        fingerprint: "0123456789abcdef", contrast: state.contrast, stamps: state.stamps,
        outputs: state.outputs
      ).write(in: folder)
      #expect(BuildState.read(in: folder)?.fingerprint == "0123456789abcdef")
      #expect(try !project.buildResult().wasSkipped)
      try project.write("dist/swift/.ebtokens-state", "ebtokens-build-state 1\nnonsense\n")
      #expect(try !project.buildResult().wasSkipped)
      #expect(try project.buildResult().wasSkipped)
    }
  }
}

extension BuildProject {
  /// Builds the fixture into `dist/` as Swift and CSS, with one audit rule.
  fileprivate init(in root: URL) throws {
    try self.init(
      in: root,
      configuration: """
        tokens: tokens
        outputs:
          - kind: swift
            destination: dist/swift
          - kind: css
            destination: dist/css/tokens.css
        audit:
          rules:
            - foreground: color.brand.label-title
              background: color.brand.default
              role: text
        """)
  }
}
