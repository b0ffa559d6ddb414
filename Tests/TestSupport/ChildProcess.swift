import Foundation

/// Runs a program to completion for a test: the `ebtokens` binary, or a tool that proves its
/// output (swift, kotlinc, java, chromium). Both streams go to temporary files, so a chatty
/// program cannot fill a pipe nobody reads and block.
public enum ChildProcess {
  public struct Result: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// Killed by a signal (a trap, a crash) rather than exiting; `status` is the signal.
    public let crashed: Bool

    public init(status: Int32, stdout: String, stderr: String, crashed: Bool) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
      self.crashed = crashed
    }
  }

  public struct TimedOut: Error, CustomStringConvertible {
    public let program: String
    public let seconds: Double
    public var description: String { "\(program) did not finish within \(seconds) s" }
  }

  /// How long a program may run when the caller does not say: long enough for `swift build` of a
  /// small package on two cores, short enough that a wedged tool ends the test, not the suite.
  public static let defaultTimeout: Double = 600

  /// Runs `executable arguments` in `directory` (the current one when `nil`) with `environment`
  /// (this process's when `nil`). A program still running after `timeout` seconds is killed and
  /// reported as ``TimedOut``, so a hang fails a test instead of stopping the suite.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
    timeout: Double = defaultTimeout
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let scratch = FileManager.default.temporaryDirectory
    let outURL = scratch.appendingPathComponent("ebtokens-test-out-\(UUID().uuidString)")
    let errURL = scratch.appendingPathComponent("ebtokens-test-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    defer {
      try? outHandle.close()
      try? errHandle.close()
    }
    process.standardOutput = outHandle
    process.standardError = errHandle
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      process.waitUntilExit()
      throw TimedOut(program: executable.lastPathComponent, seconds: timeout)
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
      crashed: process.terminationReason == .uncaughtSignal)
  }
}
