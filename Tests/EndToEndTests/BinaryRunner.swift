import Foundation
import Testing

/// Runs the built `ebtokens` executable the way a user or CI does.
struct BinaryRunner {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// The folder SwiftPM built the products in: the test bundle's own folder on
  /// Linux, the folder holding the `.xctest` bundle on macOS.
  static var productsDirectory: URL {
    let bundle = Bundle.main.bundleURL
    return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
  }

  static let executable = productsDirectory.appendingPathComponent("ebtokens")
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

  static func run(_ arguments: [String], in directory: URL = repositoryRoot) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-e2e-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorURL) }
    let errorHandle = try FileHandle(forWritingTo: errorURL)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errorHandle
    try process.run()
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try errorHandle.close()
    let stderr = (try? Data(contentsOf: errorURL)) ?? Data()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }
}
