import ArgumentParser
import EBTokensBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Token counts from `--counts 1000,10000,100000`.
struct TokenCounts {
  let values: [Int]

  static let standard = TokenCounts(values: [1_000, 10_000, 100_000])

  init(values: [Int]) {
    self.values = values
  }

  init(parsing text: String) throws {
    var values: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard let count = Int(trimmed), TokenTreeGenerator.countRange.contains(count) else {
        let range = TokenTreeGenerator.countRange
        throw ValidationError(
          "'\(trimmed)' is not a token count: write whole numbers from \(range.lowerBound) to "
            + "\(range.upperBound), separated by commas (1000,10000,100000)")
      }
      guard !values.contains(count) else { throw ValidationError("\(count) is listed twice") }
      values.append(count)
    }
    self.values = values
  }
}

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate a tree of each size and measure every phase of ebtokens on it.",
    discussion: """
      Phases, each run in its own child process so that its peak memory is its own:
        (a) libyaml floor        ebtokens-bench libyaml DIR
        (b) parse + resolve      ebtokens-bench resolve DIR
        (c) full build           ebtokens build --config DIR/ebtokens.yml, dist/ deleted before each run
        (d) no-change rebuild    the same, dist/ kept
        (e) one-token change     in this process: a BuildSession builds in full, then each run changes \
      one color in one file and times build(changedPaths:) (10 runs; system allocator)
        (f) compile generated    at 10,000 tokens, when swift and kotlinc are on the PATH: swift build of \
      the generated package and kotlinc on the generated Kotlin, clean and after a one-token change \
      (see CompilePhase.swift), 3 runs each; the notes give each run's CPU time (user + sys)
      Times are wall-clock, process start-up included: the best and median of 5 runs (3 above 10,000 \
      tokens). The runs of (a), (b) and (c) take turns, so that the ratios to the floor compare runs \
      made under the same load. Peak MB is the largest ru_maxrss of the phase's runs. Targets are \
      judged on best times.

      Exit codes: 0 every target passes, 1 a target fails or a phase failed, 64 usage error.
      """
  )

  @Option(
    help: "Comma-separated token counts (default: 1000,10000,100000).",
    transform: { try TokenCounts(parsing: $0) })
  var counts = TokenCounts.standard

  @Option(help: "The seed of the generated trees.")
  var seed: UInt64 = 1

  @Option(help: "The ebtokens binary (default: the one next to this executable).")
  var ebtokens: String?

  func run() throws {
    let bench = Self.executablePath()
    let besideBench = ((bench as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
      "ebtokens")
    let ebtokensPath = ebtokens ?? besideBench
    guard FileManager.default.isExecutableFile(atPath: ebtokensPath) else {
      let hint = ebtokens == nil ? "; build it (swift build --product ebtokens) or pass --ebtokens PATH" : ""
      throw failure(
        "no ebtokens executable at '\(ebtokensPath)'\(hint)", exitCode: ExitCode.validationFailure.rawValue)
    }
    let workRoot = FileManager.default.temporaryDirectory
      .appendingPathComponent("ebtokens-bench-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: workRoot) }

    var load = [0.0, 0.0, 0.0]
    let loadText = getloadavg(&load, 3) > 0 ? String(format: "load average %.2f", load[0]) : "load unknown"
    print(
      "ebtokens-bench run: seed \(seed), ebtokens \(ebtokensPath)\n"
        + "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(loadText) at start "
        + "(other work on the machine makes every time noisy)\n")

    var session = Session(bench: bench, ebtokens: ebtokensPath, workRoot: workRoot, seed: seed)
    for count in counts.values {
      try session.measure(count: count)
    }
    let report = Report(session: session, counts: counts.values)
    print(report.render())
    if !report.succeeded { throw ExitCode(1) }
  }

  /// This executable, to run the `libyaml` and `resolve` phases and to find `ebtokens` beside it.
  static func executablePath() -> String {
    if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath().path }
    return CommandLine.arguments.first ?? "ebtokens-bench"
  }
}

enum Phase: CaseIterable {
  case libyaml
  case resolve
  case build
  case rebuild
  case oneTokenChange
  case swiftClean, swiftOneToken, kotlinClean, kotlinOneToken

  static let compilePhases: [Phase] = [.swiftClean, .swiftOneToken, .kotlinClean, .kotlinOneToken]

  var label: String {
    switch self {
    case .libyaml: return "(a) libyaml floor"
    case .resolve: return "(b) parse + resolve"
    case .build: return "(c) full build"
    case .rebuild: return "(d) no-change rebuild"
    case .oneTokenChange: return "(e) one-token change"
    case .swiftClean: return "(f) swift build clean"
    case .swiftOneToken: return "(f) swift build 1 token"
    case .kotlinClean: return "(f) kotlinc clean"
    case .kotlinOneToken: return "(f) kotlinc 1 token"
    }
  }

  var logName: String { "\(self)" }
}

struct PhaseResult {
  let count: Int
  let phase: Phase
  var milliseconds: [Double] = []
  /// Each run's CPU time, user and system, when the phase runs a child process; the report gives
  /// it for phase (f), whose compilers' wall time on a machine shared with other work says little.
  var cpuMilliseconds: [Double] = []
  /// The largest peak resident set of the phase's runs, and the smallest: issue 20 judges a
  /// build's memory, as its times, at the best of its runs.
  var peakKiB = 0
  var leastPeakKiB = 0
  /// Why the phase failed or was skipped; its times are then incomplete or missing.
  var problem: String?
  /// What else the report says of the phase: which files a change touched, why it did not run.
  var note: String?

  var best: Double? { problem == nil ? milliseconds.min() : nil }

  var median: Double? {
    guard problem == nil, !milliseconds.isEmpty else { return nil }
    let sorted = milliseconds.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// Everything measured so far, and how to measure more.
struct Session {
  struct Tree {
    let count: Int
    let files: Int
    let bytes: Int
    let rules: Int
    /// Outputs the generated config asks for that the first full build did not write.
    var missingOutputs: [String] = []
  }

  let bench: String
  let ebtokens: String
  let workRoot: String
  let seed: UInt64
  private(set) var results: [PhaseResult] = []
  private(set) var trees: [Tree] = []

  init(bench: String, ebtokens: String, workRoot: String, seed: UInt64) {
    self.bench = bench
    self.ebtokens = ebtokens
    self.workRoot = workRoot
    self.seed = seed
  }

  func result(_ count: Int, _ phase: Phase) -> PhaseResult? {
    results.first { $0.count == count && $0.phase == phase }
  }

  func tree(_ count: Int) -> Tree? { trees.first { $0.count == count } }

  mutating func measure(count: Int) throws {
    let directory = (workRoot as NSString).appendingPathComponent("n\(count)")
    progress("N=\(count): generating")
    do {
      let generated = try TokenTreeGenerator(count: count, seed: seed).generate()
      try generated.write(to: directory)
      trees.append(
        Tree(
          count: count, files: generated.files.count - 1, bytes: generated.tokenBytes,
          rules: generated.ruleCount))
    } catch {
      throw failure("could not generate \(count) tokens: \(error.description)", exitCode: 1)
    }
    let runs = count <= 10_000 ? 5 : 3
    let config = (directory as NSString).appendingPathComponent(GeneratedTokenTree.configurationPath)
    let dist = (directory as NSString).appendingPathComponent(GeneratedTokenTree.distDirectory)
    let build = ["build", "--config", config]

    let measured = sample(
      count, runs: runs,
      [
        Command(phase: .libyaml, executable: bench, arguments: ["libyaml", directory]),
        Command(phase: .resolve, executable: bench, arguments: ["resolve", directory]),
        Command(phase: .build, executable: ebtokens, arguments: build) {
          try? FileManager.default.removeItem(atPath: dist)
        },
      ])
    results += measured
    let fullBuild = measured[2]
    if fullBuild.problem == nil {
      let paths = GeneratedTokenTree.outputPaths
      trees[trees.count - 1].missingOutputs = [paths.swift, paths.kotlin, paths.css, paths.report].filter {
        !FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0))
      }
      results.append(sample(count, .rebuild, runs: runs, ebtokens, build))
      progress("N=\(count): \(Phase.oneTokenChange.label)")
      results.append(IncrementalPhase.measure(directory: directory, count: count, runs: 10))
      if count == CompilePhase.tokenCount {
        results += CompilePhase(ebtokens: ebtokens, directory: directory, workRoot: workRoot).measure(
          count: count)
      }
    } else {
      for phase in [Phase.rebuild, .oneTokenChange] {
        results.append(PhaseResult(count: count, phase: phase, problem: "skipped: the full build failed"))
      }
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// What one run of a phase runs.
  struct Command {
    let phase: Phase
    let executable: String
    let arguments: [String]
    /// Done before each run (outside its time).
    var before: () -> Void = {}
  }

  /// Runs one phase `runs` times, stopping at the first failure.
  private func sample(
    _ count: Int, _ phase: Phase, runs: Int, _ executable: String, _ arguments: [String]
  ) -> PhaseResult {
    sample(count, runs: runs, [Command(phase: phase, executable: executable, arguments: arguments)])[0]
  }

  /// Runs each of `commands` `runs` times, taking turns (a run of the first, of the second, …, then
  /// again), each phase stopping at its first failure. The speed of a shared machine drifts by a
  /// third from one minute to the next: taking turns, the phases whose ratios are targets ((b) and
  /// (c) against the libyaml floor) are each measured under the load the others met.
  private func sample(_ count: Int, runs: Int, _ commands: [Command]) -> [PhaseResult] {
    var results = commands.map { PhaseResult(count: count, phase: $0.phase) }
    for run in 1...runs {
      for (index, command) in commands.enumerated() where results[index].problem == nil {
        let phase = command.phase
        progress("N=\(count): \(phase.label), run \(run) of \(runs)")
        command.before()
        let logs = (workRoot as NSString).appendingPathComponent("n\(count)-\(phase.logName)")
        Self.runOnce(command.executable, command.arguments, logs: logs, into: &results[index])
      }
    }
    return results
  }

  /// Runs `executable` once, adding its time and peak memory to `result`, or why it failed.
  static func runOnce(
    _ executable: String, _ arguments: [String], logs: String, into result: inout PhaseResult
  ) {
    do {
      let outcome = try ChildProcess.run(
        executable, arguments, stdoutPath: logs + ".stdout", stderrPath: logs + ".stderr")
      guard outcome.status.succeeded else {
        result.problem = "\(outcome.status)" + Self.excerpt(of: logs + ".stderr", or: logs + ".stdout")
        return
      }
      result.milliseconds.append(outcome.milliseconds)
      result.cpuMilliseconds.append(outcome.cpuMilliseconds)
      result.leastPeakKiB =
        result.milliseconds.count == 1 ? outcome.peakKiB : min(result.leastPeakKiB, outcome.peakKiB)
      result.peakKiB = max(result.peakKiB, outcome.peakKiB)
    } catch {
      result.problem = error.description
    }
  }

  /// The first lines a failed child wrote, to show why it failed.
  static func excerpt(of path: String, or fallback: String) -> String {
    for candidate in [path, fallback] {
      guard let data = FileManager.default.contents(atPath: candidate) else { continue }
      let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(4)
      if !lines.isEmpty { return ":\n      " + lines.joined(separator: "\n      ") }
    }
    return ""
  }

  private func progress(_ message: String) {
    FileHandle.standardError.write(Data("… \(message)\n".utf8))
  }
}
