import Foundation
import Testing

/// `ebtokens audit` as users run it: the built binary, its output and its exit codes.
@Suite struct AuditCommandTests {
  private static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
  private static let repositoryRoot = testsDirectory.deletingLastPathComponent()
  private static let fixtures = testsDirectory.appendingPathComponent("EBTokensCoreTests/Fixtures/audit")

  /// The `ebtokens` executable SwiftPM built beside this test bundle (this target depends on it).
  private static let binary: String? = {
    var folders: [URL] = []
    if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
    folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
    // macOS: the tests live in `…/debug/ebtokensPackageTests.xctest/Contents/MacOS`.
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for folder in folders {
      let candidate = folder.appendingPathComponent("ebtokens").path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
        FileManager.default.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    return nil
  }()

  private struct Run {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  private static func audit(_ arguments: [String], in directory: URL) throws -> Run {
    let binary = try #require(binary, "the ebtokens executable was not found beside the test bundle")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["audit"] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    process.environment = environment
    // stderr to a file, so neither stream can fill a pipe nobody is reading.
    let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-audit-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorURL) }
    let errorHandle = try FileHandle(forWritingTo: errorURL)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errorHandle
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try errorHandle.close()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self),
      stderr: String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self))
  }

  @Test func theShippedTokensExitOneBecauseSomePairsFail() throws {
    let run = try Self.audit([], in: Self.repositoryRoot)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("pairs fail WCAG 2 AA"))
    #expect(run.stdout.contains("main.alert.color.warning.description"))
    // Piped, not a terminal: no colors.
    #expect(!run.stdout.contains("\u{1B}["))
  }

  @Test func aPassingFixtureExitsZero() throws {
    let run = try Self.audit([], in: Self.fixtures.appendingPathComponent("passing"))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasSuffix("All 3 pairs pass WCAG 2 AA\n"))
  }

  @Test func anUnmatchedRuleExitsTwoWithItsLocation() throws {
    let run = try Self.audit([], in: Self.fixtures.appendingPathComponent("unmatched"))
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "ebtokens.yml:8:19: error: foreground pattern 'surfce.muted' matches no token; "
          + "did you mean 'surface.muted'?"
      ))
  }

  @Test func configLevelMethodFormatAndOutput() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-audit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("out/report.json")
    let config = Self.fixtures.appendingPathComponent("report/ebtokens.yml").path
    let run = try Self.audit(
      [
        "--config", config, "--format", "json", "--output", report.path, "--level", "aaa", "--method",
        "wcag2",
      ],
      in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("5 of 10 pairs fail WCAG 2 AAA; report written to"))
    let json = try String(contentsOf: report, encoding: .utf8)
    #expect(json.hasPrefix("{\n  \"level\": \"AAA\",\n  \"method\": \"wcag2\",\n"))
    // Written atomically: nothing but the report in its folder.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: report.deletingLastPathComponent().path) == [
        "report.json"
      ])

    let apca = try Self.audit(["--config", config, "--method", "apca", "--format", "sarif"], in: directory)
    #expect(apca.status == 1)
    #expect(apca.stdout.contains("\"version\": \"2.1.0\""))
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let run = try Self.audit(["--format", "pdf"], in: Self.repositoryRoot)
    #expect(run.status == 64)
  }
}
