import Foundation
import TestSupport
import Testing

/// The split outputs, compiled. A flat group of 20,000 colors, which made kotlinc fail when the
/// output was one object whose initializer set every token (`Method too large:
/// …EBTokens$Flat.<clinit>`, the JVM's 64 KB limit): split into part classes of getters, it
/// compiles, and so does the Swift package. Swift namespaces declared across part files build, and
/// so does a template folder of the former Swift layout. In the serialized toolchain suite, so that
/// no other compiler runs beside them.
///
/// kotlinc runs with a 1 GB heap, as Gradle's Kotlin daemon has at least: the command line's
/// default of 256 MB runs out on 20,000 tokens in one compilation whatever their layout.
extension EmitToolchainTests {
  static let largeGroupSize = 20_000

  /// A project of the flat group alone, built into `dist/swift` and `dist/kotlin`.
  private func buildLargeGroup(in directory: URL) throws -> BuildProject {
    let project = try BuildProject(in: directory, configuration: EmitSplitTests.configuration)
    try FileManager.default.removeItem(at: project.url("tokens"))
    try project.write("tokens/flat.yaml", EmitSplitTests.flatGroup(Self.largeGroupSize))
    _ = try project.buildResult()
    return project
  }

  @Test(.requires(.kotlinc, .kotlin))
  func aFlatGroupOf20000ColorsCompilesWithKotlincAndRuns() throws {
    let kotlinc = try ExternalTool.kotlinc.require()
    let kotlin = try ExternalTool.kotlin.require()
    try withTemporaryDirectory { directory in
      let project = try buildLargeGroup(in: directory)
      let generated = project.url("dist/" + EmitSplitTests.kotlinSources)
      let files = try FileManager.default.contentsOfDirectory(atPath: generated.path).filter {
        $0.hasSuffix(".kt")
      }
      // The root file and a file for each of the group's 4 part classes of 5,000 getters.
      #expect(files.count == 1 + 4)
      let main = directory.appendingPathComponent("Main.kt")
      try Data(
        """
        package consumer

        import androidx.compose.ui.graphics.Color
        import com.eastblue.ds.tokens.EBTokens

        fun main() {
            println(EBTokens.Flat.c0 == Color(0xFF000000))
            println(EBTokens.Flat.c19999 == Color(0xFF0222D9))
        }

        """.utf8
      ).write(to: main)
      let sources =
        files.map { generated.appendingPathComponent($0).path }
        + ["Color.kt", "Dp.kt"].map { ToolchainFixture.stubs.appendingPathComponent($0).path } + [main.path]
      let jar = directory.appendingPathComponent("consumer.jar").path
      let compile = try ExternalTool.run(
        kotlinc, sources + ["-d", jar],
        environment: ExternalTool.environment.merging(["JAVA_OPTS": "-Xmx1g"]) { $1 })
      try #require(compile.status == 0, "kotlinc failed:\n\(compile.stdout)\n\(compile.stderr)")
      let run = try ExternalTool.run(
        kotlin, ["-classpath", jar, "consumer.MainKt"], environment: ExternalTool.environment)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(ExternalTool.lines(run.stdout) == ["true", "true"])
    }
  }

  @Test(.requires(.swift))
  func aFlatGroupOf20000ColorsBuildsWithSwift() throws {
    let swift = try ExternalTool.swift.require()
    try withTemporaryDirectory { directory in
      let project = try buildLargeGroup(in: directory)
      let scratch = directory.appendingPathComponent("scratch").path
      try Self.buildSwiftPackage(swift, at: project.url("dist/swift").path, scratch: scratch)
      let sources = try FileManager.default.contentsOfDirectory(
        atPath: project.url("dist/" + EmitSplitTests.swiftSources).path)
      #expect(sources.filter { $0.hasPrefix("EBTokens+Flat") }.count == Self.largeGroupSize / 500)
    }
  }

  /// Namespaces declared across part files (``EmitSplitTests/namespacesAcrossFiles``): `big.b` and
  /// `big.b.x` in an extension of `Big`, in the second file, and `big.a.sub` continued there in an
  /// extension of its own: the package builds, and an app reads a token of each.
  @Test(.requires(.swift))
  func namespacesDeclaredAcrossPartFilesBuildWithSwiftAndAnAppReadsThem() throws {
    let swift = try ExternalTool.swift.require()
    try withTemporaryDirectory { directory in
      let project = try BuildProject(in: directory, configuration: EmitSplitTests.configuration)
      try project.write("tokens/big.yaml", EmitSplitTests.namespacesAcrossFiles)
      _ = try project.buildResult()
      try project.write(
        "consumer/Package.swift",
        """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
          name: "Consumer",
          dependencies: [.package(path: "../dist/swift")],
          targets: [
            .executableTarget(name: "Consumer", dependencies: [.product(name: "EBTokens", package: "swift")])
          ]
        )

        """)
      try project.write(
        "consumer/Sources/Consumer/main.swift",
        """
        import EBTokens

        print(EBTokens.Big.A.c449.hex, EBTokens.Big.A.Sub.c0.hex, EBTokens.Big.A.Sub.c99.hex, EBTokens.Big.B.X.c9.hex)

        """)
      let scratch = directory.appendingPathComponent("scratch").path
      try Self.buildSwiftPackage(swift, at: project.url("consumer").path, scratch: scratch)
      let run = try ExternalTool.run(scratch + "/debug/Consumer", [])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(ExternalTool.lines(run.stdout) == ["#000C47 #000000 #0002B5 #00003F"])
    }
  }

  /// A template folder written for the former Swift layout, which declared every namespace in the
  /// root file and wrote each part as an extension of its namespace, from `root` and `parts`: the
  /// context still has both, so its package still builds.
  @Test(.requires(.swift))
  func aTemplateFolderOfTheFormerSwiftLayoutStillBuilds() throws {
    let swift = try ExternalTool.swift.require()
    try withTemporaryDirectory { directory in
      let project = try BuildProject(
        in: directory,
        configuration:
          "tokens: tokens\ntemplates: former\noutputs:\n  - kind: swift\n    destination: dist/swift\n")
      try project.write("tokens/big.yaml", EmitSplitTests.namespacesAcrossFiles)
      try FileManager.default.copyItem(
        at: TestPaths.repositoryRoot.appendingPathComponent("templates/swift"),
        to: project.url("former/swift"))
      try project.write("former/swift/tokens.swift.mustache", "{{#root}}\n{{> namespace}}\n{{/root}}\n")
      try project.write(
        "former/swift/group.swift.mustache",
        "{{#parts}}\nextension {{qualifiedName}} {\n{{#tokens}}\n{{> token}}\n{{/tokens}}\n}\n{{/parts}}\n")
      _ = try project.buildResult()
      let root = try #require(project.read("dist/" + EmitSplitTests.swiftSources + "EBTokens.swift"))
      #expect(
        root.contains(
          "  public enum Big {\n    public enum A {\n      public enum Sub {}\n    }\n\n"
            + "    public enum B {\n      public enum X {}\n    }\n  }\n"))
      let scratch = directory.appendingPathComponent("scratch").path
      try Self.buildSwiftPackage(swift, at: project.url("dist/swift").path, scratch: scratch)
    }
  }
}
