import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensEmitting

/// `ebtokens build` on a project in a temporary folder: what it writes, rewrites, removes,
/// refuses, and what `--check` reports.
@Suite struct BuildOutputTests {
  private typealias Project = BuildProject

  @Test func aBuildWritesEveryOutputAndAManifestPerFolder() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      let plan = try project.build()
      #expect(
        project.distFiles() == [
          "css/.ebtokens-manifest", "css/.ebtokens-state", "css/tokens.css",
          "kotlin/.ebtokens-manifest", "kotlin/.ebtokens-state", "kotlin/com/eastblue/ds/tokens/EBTokens.kt",
          "kotlin/com/eastblue/ds/tokens/EBTokens_Color.kt",
          "kotlin/com/eastblue/ds/tokens/EBTokens_Motion.kt",
          "kotlin/com/eastblue/ds/tokens/EBTokens_Size.kt",
          "kotlin/com/eastblue/ds/tokens/EBTokens_Typography.kt",
          "swift/.ebtokens-manifest", "swift/.ebtokens-state", "swift/Package.swift",
          "swift/Sources/EBTokens/EBColor.swift", "swift/Sources/EBTokens/EBTokens+Color.swift",
          "swift/Sources/EBTokens/EBTokens+Motion.swift", "swift/Sources/EBTokens/EBTokens+Size.swift",
          "swift/Sources/EBTokens/EBTokens+Typography.swift", "swift/Sources/EBTokens/EBTokens.swift",
        ])
      #expect(plan.changes.count == 16)
      #expect(plan.changes.allSatisfy { $0.kind == .created })
      let manifest = try #require(project.read("dist/swift/.ebtokens-manifest"))
      #expect(
        manifest.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
          "Package.swift", "Sources/EBTokens/EBColor.swift", "Sources/EBTokens/EBTokens+Color.swift",
          "Sources/EBTokens/EBTokens+Motion.swift", "Sources/EBTokens/EBTokens+Size.swift",
          "Sources/EBTokens/EBTokens+Typography.swift", "Sources/EBTokens/EBTokens.swift",
        ])
      #expect(project.read("dist/css/tokens.css")?.contains("--color-brand-label-title: #072592;") == true)
    }
  }

  @Test func theBuildWritesTheContrastReportAndFailsOnlyWhenTheConfigAsks() throws {
    try withTemporaryDirectory { directory in
      let project = try Project(in: directory)
      let audit = """

        audit:
          fail-build: {{fail}}
          rules:
            - foreground: color.brand.description
              background: color.brand.default
              role: text
            - foreground: color.brand.overlay
              background: "#FFFFFF"
              role: text
        """
      let configuration = try #require(project.read("ebtokens.yml"))
      try project.write(
        "ebtokens.yml", configuration + audit.replacingOccurrences(of: "{{fail}}", with: "false"))
      let result = try project.buildResult()
      // #072592 at 80% on white passes; black at 50% on white is #808080, 3.94:1, and fails.
      // The build keeps only the verdict; the results are in the reports.
      let verdict = try #require(result.contrast)
      #expect(!verdict.passes)
      #expect(verdict.summary.contains("1 of 2 pairs fail"))
      let json = try #require(
        try JSONSerialization.jsonObject(
          with: Data((project.read("dist/report/contrast-audit.json") ?? "").utf8))
          as? [String: Any])
      let results = try #require(json["results"] as? [[String: Any]])
      #expect(results.map { $0["pass"] as? Bool } == [true, false])
      #expect(
        project.distFiles().filter { $0.hasPrefix("report/") } == [
          "report/.ebtokens-manifest", "report/.ebtokens-state", "report/contrast-audit.html",
          "report/contrast-audit.json",
          "report/contrast-audit.md",
        ])
      #expect(project.read("dist/report/contrast-audit.md")?.contains("1 of 2 pairs fail") == true)
      let loaded = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
      #expect(result.failsOnContrast(loaded) == false)
      #expect(try project.build().changes.isEmpty)

      try project.write(
        "ebtokens.yml", configuration + audit.replacingOccurrences(of: "{{fail}}", with: "true"))
      let failing = try ConfigurationLoader().load(path: project.url("ebtokens.yml").path)
      #expect(try project.buildResult().failsOnContrast(failing))
    }
  }

  @Test func anUnmatchedAuditRuleWritesNothingAndIsReportedWithTheOutputsErrors() throws {
    try withTemporaryDirectory { directory in
      let project = try Project(in: directory)
      let configuration = try #require(project.read("ebtokens.yml"))
      try project.write(
        "ebtokens.yml",
        configuration
          + "\naudit:\n  rules:\n    - foreground: color.brand.nope\n      background: \"#FFFFFF\"\n"
          + "      role: text\n")
      let errors = diagnostics { try project.build() }
      #expect(errors.count == 1)
      #expect(errors.first?.contains("color.brand.nope") == true)
      #expect(!project.exists("dist"))
    }
  }

  @Test func aSecondBuildRewritesNothing() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.build()
      // Every file dated in the past, so a rewrite shows in its date however coarse the file
      // system's clock. The dates no longer match the build's state: this build runs in full, and
      // finds every file as it would write it.
      try project.backdateDistFiles()
      let outputs = try project.fileIdentities().filter { !$0.key.hasSuffix(".ebtokens-state") }
      let full = try project.buildResult()
      #expect(!full.wasSkipped)
      #expect(full.plan.isUpToDate)
      #expect(full.plan.unchangedFileCount == 16)
      #expect(try project.fileIdentities().filter { !$0.key.hasSuffix(".ebtokens-state") } == outputs)
      // It recorded the files as it found them: the next build is skipped and touches nothing at
      // all. (Backdating again would change each file's status-change time, which the state
      // records so that an edit hidden by restoring the date still rebuilds.)
      let before = try project.fileIdentities()
      let skipped = try project.buildResult()
      #expect(skipped.wasSkipped)
      #expect(skipped.plan.isUpToDate)
      #expect(skipped.plan.unchangedFileCount == 16)
      #expect(try project.fileIdentities() == before)
    }
  }

  @Test func aFileTheBuildNoLongerGeneratesIsRemovedWithItsEmptyFolder() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.build()
      try project.setModule("Acme")
      let plan = try project.build()
      #expect(!project.exists("dist/swift/Sources/EBTokens"))
      #expect(project.exists("dist/swift/Sources/Acme/Acme.swift"))
      #expect(project.read("dist/swift/Package.swift")?.contains("name: \"Acme\"") == true)
      #expect(
        Set(plan.changes.filter { $0.kind == .removed }.map { ($0.path as NSString).lastPathComponent })
          == [
            "EBTokens.swift", "EBTokens+Color.swift", "EBTokens+Motion.swift", "EBTokens+Size.swift",
            "EBTokens+Typography.swift", "EBColor.swift",
          ])
      #expect(project.read("dist/swift/.ebtokens-manifest")?.contains("Sources/EBTokens/") == false)
    }
  }

  @Test func filesTheUserPutInAnOutputFolderAreNeverTouched() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.write("dist/swift/README.md", "mine")
      try project.write("dist/swift/Sources/EBTokens/Extra.swift", "// mine")
      try project.build()
      try project.setModule("Acme")
      try project.build()
      #expect(project.read("dist/swift/README.md") == "mine")
      #expect(project.read("dist/swift/Sources/EBTokens/Extra.swift") == "// mine")
      // The folder still holds the user's file, so it stays.
      #expect(!project.exists("dist/swift/Sources/EBTokens/EBTokens.swift"))
    }
  }

  @Test func aUserFileWhereAGeneratedFileGoesStopsTheBuildAndLeavesNothingBehind() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.write("dist/css/tokens.css", "/* hand-written */")
      let errors = diagnostics { try project.build() }
      #expect(errors.count == 1)
      #expect(errors.first?.contains("dist/css/tokens.css' exists and ebtokens did not generate it") == true)
      #expect(project.read("dist/css/tokens.css") == "/* hand-written */")
      // Every output was staged as soon as it was rendered, before the conflict was found: the
      // temporaries beside the user's file and the folders made for the others are gone again.
      #expect(try FileManager.default.contentsOfDirectory(atPath: project.url("dist").path) == ["css"])
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: project.url("dist/css").path) == ["tokens.css"])
    }
  }

  @Test func aFileThatAlreadyHoldsTheGeneratedContentsIsAdopted() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.build()
      try FileManager.default.removeItem(at: project.url("dist/css/.ebtokens-manifest"))
      let plan = try project.build()
      #expect(plan.changes.map(\.kind) == [.created])
      #expect(plan.changes.first?.path.hasSuffix("dist/css/.ebtokens-manifest") == true)
    }
  }

  @Test func checkListsAHandEditedOutputAndWritesNothing() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.build()
      let edited = try #require(project.read("dist/css/tokens.css")).replacingOccurrences(
        of: "#072592", with: "#000000")
      try project.write("dist/css/tokens.css", edited)
      let plan = try project.build(.check)
      #expect(plan.changes.map(\.kind) == [.updated])
      #expect(plan.changes.first?.path.hasSuffix("dist/css/tokens.css") == true)
      #expect(project.read("dist/css/tokens.css") == edited)
      #expect(try project.build(.write).changes.count == 1)
      #expect(try project.build(.check).isUpToDate)
    }
  }

  @Test func checkOnAProjectNeverBuiltListsEveryFileAndWritesNothing() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      let plan = try project.build(.check)
      #expect(plan.changes.count == 16)
      #expect(!project.exists("dist"))
    }
  }

  @Test func invalidTokensWriteNothing() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.write("tokens/broken.yaml", "broken:\n  $type: color\n  link: \"{color.brand.nope}\"\n")
      let errors = diagnostics { try project.build() }
      #expect(errors.count == 1)
      #expect(errors.first?.contains("references '{color.brand.nope}', which does not exist") == true)
      #expect(!project.exists("dist"))
    }
  }

  @Test func aNameCollisionWritesNothingEvenToOtherOutputs() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.build()
      let before = try project.fileIdentities()
      // `size.space-2` already becomes `space2` in Swift and Kotlin.
      try project.write("tokens/clash.yaml", "size:\n  space2:\n    $type: dimension\n    $value: 3px\n")
      let errors = diagnostics { try project.build() }
      #expect(errors.count == 2)
      #expect(errors.allSatisfy { $0.contains("both become 'space2'") })
      #expect(try project.fileIdentities() == before)
    }
  }

  @Test func aManifestEntryOutsideItsFolderIsRefused() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.write("victim.txt", "keep me")
      try project.build()
      try project.write("dist/css/.ebtokens-manifest", "tokens.css\n../../victim.txt\n")
      let errors = diagnostics { try project.build() }
      #expect(errors.count == 1)
      #expect(
        errors.first?.contains(".ebtokens-manifest:2:1: error: damaged manifest: '../../victim.txt'") == true)
      #expect(project.read("victim.txt") == "keep me")
    }
  }

  @Test func aFolderWhereAGeneratedFileGoesIsReported() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try FileManager.default.createDirectory(
        at: project.url("dist/swift/Package.swift"), withIntermediateDirectories: true)
      let errors = diagnostics { try project.build() }
      #expect(errors.count == 1)
      #expect(errors.first?.contains("dist/swift/Package.swift' is in the way") == true)
    }
  }

  /// A Swift output's files are compared and staged one by one as they are rendered; another
  /// output's error fails the build, and none of them is left anywhere, written or staged.
  @Test func filesStagedAsTheyAreRenderedAreLeftNowhereWhenAnotherOutputFails() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.build()
      let before = project.distFiles()
      let contents = before.map { project.read("dist/" + $0) }
      // A new group, a new part file to stage; and a stylesheet that cannot be written.
      try project.write("tokens/extra.yaml", "extra:\n  $type: color\n  ink: \"#102030\"\n")
      try project.write(
        "ebtokens.yml",
        "tokens: tokens\noutputs:\n  - kind: swift\n    destination: dist/swift\n"
          + "  - kind: css\n    destination: dist/css/\n")
      let errors = diagnostics { try project.build() }
      #expect(errors.count == 1)
      #expect(project.distFiles() == before)
      #expect(before.map { project.read("dist/" + $0) } == contents)
      // The file a build of the same tokens would write is the one left out.
      try project.write(
        "ebtokens.yml", "tokens: tokens\noutputs:\n  - kind: swift\n    destination: dist/swift\n")
      try project.build()
      #expect(project.exists("dist/swift/Sources/EBTokens/EBTokens+Extra.swift"))
    }
  }

  @Test func aCSSDestinationMustBeAFile() throws {
    try withTemporaryDirectory { root in
      let project = try Project(in: root)
      try project.write("ebtokens.yml", "outputs:\n  - kind: css\n    destination: dist/css/\n")
      let errors = diagnostics { try project.build() }
      #expect(errors.count == 1)
      #expect(errors.first?.contains("a css output's destination must be a file") == true)
    }
  }
}

extension BuildProject {
  /// Builds the fixture into `dist/` as Swift (module `module`), Kotlin and CSS.
  fileprivate init(in root: URL, module: String = "EBTokens") throws {
    try self.init(in: root, configuration: Self.configuration(module: module))
  }

  fileprivate static func configuration(module: String) -> String {
    """
    tokens: tokens
    outputs:
      - kind: swift
        destination: dist/swift
        options:
          module: \(module)
      - kind: kotlin
        destination: dist/kotlin
      - kind: css
        destination: dist/css/tokens.css
    """
  }

  fileprivate func setModule(_ module: String) throws {
    try write("ebtokens.yml", Self.configuration(module: module))
  }

  @discardableResult
  fileprivate func build(_ mode: Builder.Mode = .write) throws -> WritePlan {
    try buildResult(mode).plan
  }
}
