import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensSupport

/// The Swift and Kotlin outputs split into files: each top-level group's tokens are in files of
/// their own, at most `NamespaceSplit.tokensPerFile` a file, so that the compilers work in parallel
/// and a token change rewrites only its file. Kotlin's root file declares the namespaces; Swift
/// declares each in the file of the first token below it.
struct EmitSplitTests {
  /// `count` colors, `c0` to `c<count - 1>`, each its own value, `indent` deep.
  static func colors(_ count: Int, indent: String) -> String {
    (0..<count).map { "\(indent)c\($0): \"#\(String(format: "%06X", $0 * 7))\"\n" }.joined()
  }

  /// A group `flat` of `count` colors, for `tokens/flat.yaml`.
  static func flatGroup(_ count: Int) -> String {
    "flat:\n  $type: color\n" + colors(count, indent: "  ")
  }

  static let configuration = """
    tokens: tokens
    outputs:
      - kind: swift
        destination: dist/swift
      - kind: kotlin
        destination: dist/kotlin

    """

  static let swiftSources = "swift/Sources/EBTokens/"
  static let kotlinSources = "kotlin/com/eastblue/ds/tokens/"

  /// Outside a session, each file of the Swift and Kotlin outputs is handed off as soon as it is
  /// rendered, for the build to compare and stage it and let it go: every file, in the order a
  /// render that keeps them returns them, with the same bytes, and none returned. The other
  /// outputs of the shipped configuration hand off none and return their files.
  @Test func eachFileOfASplitOutputIsHandedOffInTheOrderARenderReturnsIt() throws {
    let root = TestPaths.repositoryRoot.path
    let configuration = try ConfigurationLoader().load(path: root + "/ebtokens.yml")
    let tokens = try ProjectTokens.load(configuration, limits: .standard).value
    let renderer = OutputRenderer(configuration: configuration)
    try #require(configuration.outputs.count { [.swift, .kotlin].contains($0.kind) } == 2)
    for output in configuration.outputs {
      let kept = try renderer.render(output, tokens: tokens)
      var handedOff: [GeneratedFile] = []
      let returned = try renderer.render(
        output, tokens: tokens, memo: nil, changedTokens: nil, handingOff: { handedOff.append($0) })
      if [.swift, .kotlin].contains(output.kind) {
        #expect(kept.files.count > 2)
        #expect(handedOff == kept.files, "\(output.kind)")
        #expect(returned.files.isEmpty, "\(output.kind)")
      } else {
        #expect(handedOff.isEmpty, "\(output.kind)")
        #expect(returned.files == kept.files, "\(output.kind)")
      }
    }
  }

  /// A part file's tokens are declared as it is rendered: a token Kotlin cannot write in the
  /// first part file and one in the third are both reported, by one build, which writes nothing.
  @Test func tokensThatCannotBeDeclaredInSeveralPartFilesAreAllReported() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.configuration)
      // `big.w0`, then 1,200 colors, then `big.w1`: the weights fall in the first and third files.
      try project.write(
        "tokens/big.yaml",
        "big:\n  a:\n    w0: {$type: fontWeight, $value: 450.5}\n" + "  b:\n    $type: color\n"
          + Self.colors(1_200, indent: "    ") + "  c:\n    w1: {$type: fontWeight, $value: 650.5}\n")
      let errors = diagnostics { _ = try project.buildResult() }.map {
        $0.replacingOccurrences(of: root.path + "/", with: "")
      }
      #expect(
        errors == [
          "tokens/big.yaml:3:37: error: 'big.a.w0' cannot be written in the Kotlin output: a font weight must be a whole number in Kotlin, not 450.5",
          "tokens/big.yaml:1207:37: error: 'big.c.w1' cannot be written in the Kotlin output: a font weight must be a whole number in Kotlin, not 650.5",
        ])
      #expect(project.distFiles() == [])
    }
  }

  /// The tokens of `tokens/big.yaml` for ``aSwiftNamespaceIsDeclaredInTheFileOfItsFirstToken()``:
  /// `big.a` of 450 colors, `big.a.sub` of 100, cut where the first file ends, and `big.b.x` of 10,
  /// all in the second file.
  static let namespacesAcrossFiles =
    "big:\n  $type: color\n  a:\n" + colors(450, indent: "    ") + "    sub:\n"
    + colors(100, indent: "      ")
    + "  b:\n    x:\n" + colors(10, indent: "      ")

  /// A Swift namespace is declared in the file of the first token below it, nested in its parent
  /// when that file declares it too, in an extension of its parent otherwise; a namespace cut
  /// where a file ends continues in an extension of it. So `big.b` and `big.b.x`, whose first
  /// tokens are in the second file, are declared there, in an extension of `Big`, declared in the
  /// first; and every namespace is declared exactly once.
  @Test func aSwiftNamespaceIsDeclaredInTheFileOfItsFirstToken() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.configuration)
      try project.write("tokens/big.yaml", Self.namespacesAcrossFiles)
      _ = try project.buildResult()
      let first = try #require(project.read("dist/" + Self.swiftSources + "EBTokens+Big.swift"))
      let second = try #require(project.read("dist/" + Self.swiftSources + "EBTokens+Big-2.swift"))
      #expect(
        first.hasPrefix(
          "// generated by ebtokens — do not edit\n\nextension EBTokens {\n  public enum Big {\n"
            + "    public enum A {\n      public static var c0: EBColor {"))
      #expect(first.contains("\n\n      public enum Sub {\n        public static var c0: EBColor {"))
      #expect(first.hasSuffix(" }\n      }\n    }\n  }\n}\n"))
      #expect(
        second.hasPrefix(
          "// generated by ebtokens — do not edit\n\nextension EBTokens.Big.A.Sub {\n  public static var c"))
      #expect(
        second.contains(
          " }\n}\n\nextension EBTokens.Big {\n  public enum B {\n    public enum X {\n"
            + "      public static var c0: EBColor { EBColor(hex: 0x000000) }\n"))
      #expect(second.hasSuffix(" }\n    }\n  }\n}\n"))
      // 450 + 100 + 10 tokens: 500 in the first file, 60 in the second.
      #expect(first.components(separatedBy: "public static var").count - 1 == 500)
      #expect(second.components(separatedBy: "public static var").count - 1 == 60)
      let sources = project.distFiles().filter { $0.hasPrefix(Self.swiftSources) && $0.hasSuffix(".swift") }
      let declarations = try sources.map { try #require(project.read("dist/" + $0)) }.joined()
      for name in ["EBTokens", "Big", "A", "Sub", "B", "X"] {
        #expect(declarations.components(separatedBy: "public enum \(name) {").count - 1 == 1, "\(name)")
      }
    }
  }

  /// A group of 1,200 tokens in three files of at most 500; a nested group cut where a file ends
  /// continues in the next as an extension (Swift) or a subclass of its first part (Kotlin). Every
  /// namespace is declared once: in Swift, in the file of its first token, in Kotlin in the root file.
  @Test func aLargeGroupIsSplitIntoFilesOfAtMostTheLimit() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.configuration)
      // 400 tokens of `big.head`, then `big.nested` of 800: cut after its first 100.
      try project.write(
        "tokens/big.yaml",
        "big:\n  $type: color\n  head:\n" + Self.colors(400, indent: "    ") + "  nested:\n"
          + Self.colors(800, indent: "    "))
      _ = try project.buildResult()
      let swiftFiles = project.distFiles().filter { $0.hasPrefix(Self.swiftSources) }
      #expect(
        swiftFiles.map { String($0.dropFirst(Self.swiftSources.count)) } == [
          "EBColor.swift", "EBTokens+Big-2.swift", "EBTokens+Big-3.swift", "EBTokens+Big.swift",
          "EBTokens+Color.swift", "EBTokens+Motion.swift", "EBTokens+Size.swift", "EBTokens+Typography.swift",
          "EBTokens.swift",
        ])
      let first = try #require(project.read("dist/" + Self.swiftSources + "EBTokens+Big.swift"))
      let second = try #require(project.read("dist/" + Self.swiftSources + "EBTokens+Big-2.swift"))
      let third = try #require(project.read("dist/" + Self.swiftSources + "EBTokens+Big-3.swift"))
      #expect(first.components(separatedBy: "public static var").count - 1 == 500)
      #expect(second.components(separatedBy: "public static var").count - 1 == 500)
      #expect(third.components(separatedBy: "public static var").count - 1 == 200)
      #expect(
        first.hasPrefix(
          "// generated by ebtokens — do not edit\n\nextension EBTokens {\n  public enum Big {\n"
            + "    public enum Head {\n      public static var c0: EBColor { EBColor(hex: 0x000000) }\n"))
      #expect(
        first.contains(
          "      public static var c399: EBColor { EBColor(hex: 0x000AE9) }\n    }\n\n"
            + "    public enum Nested {\n      public static var c0: EBColor {"))
      #expect(
        first.hasSuffix("      public static var c99: EBColor { EBColor(hex: 0x0002B5) }\n    }\n  }\n}\n"))
      #expect(
        second.hasPrefix(
          "// generated by ebtokens — do not edit\n\nextension EBTokens.Big.Nested {\n  public static var c100:"
        ))
      let root = try #require(project.read("dist/" + Self.swiftSources + "EBTokens.swift"))
      #expect(root.hasSuffix("\npublic enum EBTokens {}\n"))
      for file in [second, third] { #expect(!file.contains("enum")) }

      let kotlinFiles = project.distFiles().filter { $0.hasPrefix(Self.kotlinSources) }
      #expect(
        kotlinFiles.map { String($0.dropFirst(Self.kotlinSources.count)) } == [
          "EBTokens.kt", "EBTokens_Big-2.kt", "EBTokens_Big-3.kt", "EBTokens_Big.kt", "EBTokens_Color.kt",
          "EBTokens_Motion.kt", "EBTokens_Size.kt", "EBTokens_Typography.kt",
        ])
      let objects = try #require(project.read("dist/" + Self.kotlinSources + "EBTokens.kt"))
      #expect(
        objects.contains(
          "    object Big {\n        object Head : EBTokens_Big_Head()\n\n        object Nested : EBTokens_Big_Nested_3()\n    }\n"
        ))
      let kotlinSecond = try #require(project.read("dist/" + Self.kotlinSources + "EBTokens_Big-2.kt"))
      #expect(
        kotlinSecond.contains(
          "abstract class EBTokens_Big_Nested_2 internal constructor() : EBTokens_Big_Nested() {\n"
            + "    val c100: ComposeColor get() = ComposeColor(0xFF0002BC)\n"))
    }
  }

  /// A Kotlin namespace is cut into at most 4 part classes, each extending the one before (kotlinc's
  /// work on such a chain grows with the square of its length): a group of 2,500 tokens is 4 parts
  /// of 625, a file each, where Swift has 5 files of 500.
  @Test func aKotlinNamespaceHasAtMostFourParts() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.configuration)
      try project.write("tokens/flat.yaml", Self.flatGroup(2_500))
      _ = try project.buildResult()
      let kotlin = project.distFiles().filter { $0.hasPrefix(Self.kotlinSources + "EBTokens_Flat") }
      #expect(kotlin.count == 4)
      for file in kotlin {
        #expect(project.read("dist/" + file)?.components(separatedBy: " get() = ").count == 626)
      }
      let objects = try #require(project.read("dist/" + Self.kotlinSources + "EBTokens.kt"))
      #expect(objects.contains("    object Flat : EBTokens_Flat_4()\n"))
      #expect(project.distFiles().filter { $0.hasPrefix(Self.swiftSources + "EBTokens+Flat") }.count == 5)
    }
  }

  /// A one-token change rewrites its group's file alone; a group removed takes its files with it.
  @Test func aTokenChangeRewritesOnlyItsFileAndARemovedGroupRemovesItsFiles() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.configuration)
      try project.write("tokens/flat.yaml", Self.flatGroup(700))
      _ = try project.buildResult()
      try project.backdateDistFiles()
      let before = try project.fileIdentities()
      try project.write(
        "tokens/flat.yaml",
        Self.flatGroup(700).replacingOccurrences(of: "c650: \"#0011C6\"", with: "c650: \"#0011C7\""))
      _ = try project.buildResult()
      let after = try project.fileIdentities()
      let rewritten = after.keys.filter { before[$0] != after[$0] && !$0.contains("/.ebtokens-") }.sorted()
      #expect(
        rewritten == [Self.kotlinSources + "EBTokens_Flat-2.kt", Self.swiftSources + "EBTokens+Flat-2.swift"])

      try FileManager.default.removeItem(at: project.url("tokens/flat.yaml"))
      _ = try project.buildResult()
      let left = project.distFiles()
      #expect(!left.contains { $0.contains("Flat") }, "\(left)")
      #expect(left.contains(Self.swiftSources + "EBTokens+Color.swift"))
      #expect(left.contains(Self.kotlinSources + "EBTokens_Color.kt"))
      #expect(!(project.read("dist/" + Self.swiftSources + "EBTokens.swift") ?? "").contains("Flat"))
    }
  }

  /// Groups whose names differ only in letter case get files that do too, so one suffixes its
  /// name: on a case-insensitive file system each would overwrite the other.
  @Test func groupsDifferingOnlyInCaseGetDistinctFileNames() throws {
    try withTemporaryDirectory { root in
      let project = try BuildProject(in: root, configuration: Self.configuration)
      try project.write(
        "tokens/case.yaml", "ABC:\n  $type: number\n  one: 1\nabc:\n  $type: number\n  two: 2\n")
      _ = try project.buildResult()
      let files = project.distFiles()
      #expect(files.contains(Self.swiftSources + "EBTokens+ABC.swift"))
      #expect(files.contains(Self.swiftSources + "EBTokens+Abc_2.swift"))
      #expect(files.contains(Self.kotlinSources + "EBTokens_Abc_2.kt"))
    }
  }
}
