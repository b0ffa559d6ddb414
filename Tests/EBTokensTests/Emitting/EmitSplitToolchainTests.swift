import Foundation
import TestSupport
import Testing

/// A flat group of 20,000 colors, which made kotlinc fail when the output was one object whose
/// initializer set every token (`Method too large: …EBTokens$Flat.<clinit>`, the JVM's 64 KB
/// limit): split into part classes of getters, it compiles, and so does the Swift package. In the
/// serialized toolchain suite, so that no other compiler runs beside them.
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
      let build = try ExternalTool.run(
        swift, ["build", "--package-path", project.url("dist/swift").path, "--scratch-path", scratch],
        environment: ExternalTool.environment)
      try #require(build.status == 0, "swift build failed:\n\(build.stdout)\n\(build.stderr)")
      #expect(!build.stdout.contains("warning:"), "\(build.stdout)")
      let sources = try FileManager.default.contentsOfDirectory(
        atPath: project.url("dist/" + EmitSplitTests.swiftSources).path)
      #expect(sources.filter { $0.hasPrefix("EBTokens+Flat") }.count == Self.largeGroupSize / 500)
    }
  }
}
