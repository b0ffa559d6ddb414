import Foundation

/// Phase (f): how long the platforms' compilers take on the generated code of one tree, clean
/// and after a one-token change, when `swift` and `kotlinc` are on the `PATH`.
///
/// - Swift: `swift build` (debug) of the generated package, with its build folder deleted before
///   each clean run; then one token's value is changed in a token file, `ebtokens build` rewrites
///   the outputs it changes, and `swift build` rebuilds incrementally.
/// - Kotlin: `kotlinc` on every generated file and the Compose stubs of the tests, into an empty
///   class folder; after the change, `kotlinc` on the changed files alone, against the classes of
///   the clean build and in the same module (`-Xfriend-paths`, so `internal` declarations stay
///   visible), as Gradle's incremental compilation does when no signature changed (a value change
///   leaves every signature as it was).
struct CompilePhase {
  /// The tree size the phase runs at: compiling is far slower than building.
  static let tokenCount = 10_000
  static let runs = 3

  /// What issue 20 measured on this machine kind for the package of 10,000 tokens as ebtokens
  /// generated it then (one 650 KB file), which the clean compiles must halve.
  static let formerSwiftMilliseconds = 10_500.0
  static let formerKotlinMilliseconds = 12_500.0

  /// The Compose stand-ins the Kotlin compiles against, in this repository's test fixtures.
  static let defaultKotlinStubs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/EBTokensTests/Fixtures/emitting/kotlin-stubs").path
  /// The stubs the bench tree's Kotlin needs: it has colors, dimensions and plain numbers.
  static let kotlinStubNames = ["Color.kt", "Dp.kt"]

  let ebtokens: String
  /// The generated tree: `tokens/`, `ebtokens.yml`, and `dist/` after a build.
  let directory: String
  let workRoot: String
  var kotlinStubs = CompilePhase.defaultKotlinStubs

  /// `name`'s path on the `PATH`, when it is there.
  static func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The four results; one whose tool is missing has no times and a note saying so.
  func measure(count: Int) -> [PhaseResult] {
    let swift = Self.tool("swift")
    let hasStubs = FileManager.default.fileExists(atPath: kotlinStubs)
    let kotlinc = hasStubs ? Self.tool("kotlinc") : nil
    let dist = (directory as NSString).appendingPathComponent("dist")
    let package = (dist as NSString).appendingPathComponent("swift")
    let kotlin = (dist as NSString).appendingPathComponent("kotlin")
    let scratch = (workRoot as NSString).appendingPathComponent("compile-scratch")
    let classes = (workRoot as NSString).appendingPathComponent("compile-classes")
    // The changed files' classes, apart: kotlinc writes its module's file index
    // (`META-INF/main.kotlin_module`) into its output folder, which must keep the clean build's.
    let recompiled = (workRoot as NSString).appendingPathComponent("compile-classes-changed")
    let config = (directory as NSString).appendingPathComponent("ebtokens.yml")
    var results: [PhaseResult] = []

    guard run(ebtokens, ["build", "--config", config], log: "compile-setup") == nil else {
      return Phase.compilePhases.map { PhaseResult(count: count, phase: $0, problem: "the build failed") }
    }
    let kotlinFiles = Self.files(below: kotlin, extension: "kt")
    let stubs = Self.kotlinStubNames.map { (kotlinStubs as NSString).appendingPathComponent($0) }

    results.append(
      sample(
        count, .swiftClean, tool: swift, "swift",
        ["build", "--package-path", package, "--scratch-path", scratch]
      ) {
        try? FileManager.default.removeItem(atPath: scratch)
      })
    results.append(
      sample(count, .kotlinClean, tool: kotlinc, "kotlinc", kotlinFiles + stubs + ["-d", classes]) {
        try? FileManager.default.removeItem(atPath: classes)
      })

    // One token changed, a run at a time: the last color literal of the last token file.
    var swiftIncremental = PhaseResult(count: count, phase: .swiftOneToken)
    var kotlinIncremental = PhaseResult(count: count, phase: .kotlinOneToken)
    for run in 1...Self.runs {
      let before = Self.contents(below: dist)
      if let problem = changeOneToken(run: run)
        ?? self.run(ebtokens, ["build", "--config", config], log: "compile-setup")
      {
        swiftIncremental.problem = problem
        kotlinIncremental.problem = problem
        break
      }
      let changed = Self.contents(below: dist).filter { before[$0.key] != $0.value }.keys.sorted()
        .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".kt") }
      let note =
        "the change rewrote " + changed.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
      if swiftIncremental.problem == nil, results[0].problem == nil, results[0].note == nil {
        add(
          to: &swiftIncremental, tool: swift, "swift",
          ["build", "--package-path", package, "--scratch-path", scratch])
        swiftIncremental.note = note
      }
      let changedKotlin = changed.filter { $0.hasSuffix(".kt") }
      if kotlinIncremental.problem == nil, results[1].problem == nil, results[1].note == nil {
        add(
          to: &kotlinIncremental, tool: kotlinc, "kotlinc",
          changedKotlin + ["-cp", classes, "-Xfriend-paths=" + classes, "-d", recompiled])
        kotlinIncremental.note = note
      }
    }
    if results[0].problem != nil { swiftIncremental.problem = "skipped: the clean build failed" }
    if results[1].problem != nil { kotlinIncremental.problem = "skipped: the clean compile failed" }
    if let note = results[0].note { swiftIncremental.note = note }
    if let note = results[1].note { kotlinIncremental.note = note }
    results.insert(swiftIncremental, at: 1)
    results.append(kotlinIncremental)
    return results
  }

  /// Changes the value of the last color written as a literal (`: "#RRGGBB"`) in the last token
  /// file to a value of `run`'s own, so that each run changes it; `nil` when done.
  private func changeOneToken(run: Int) -> String? {
    let tokens = (directory as NSString).appendingPathComponent("tokens")
    guard let file = Self.files(below: tokens, extension: "yaml").last,
      let text = try? String(contentsOfFile: file, encoding: .utf8),
      let marker = text.range(of: ": \"#", options: .backwards),
      let end = text.index(marker.upperBound, offsetBy: 6, limitedBy: text.endIndex)
    else { return "no color literal to change in the token files" }
    let changed = text.replacingCharacters(in: marker.upperBound..<end, with: String(format: "0000%02X", run))
    do {
      try changed.write(toFile: file, atomically: true, encoding: .utf8)
    } catch {
      return "could not change \(file): \(error)"
    }
    return nil
  }

  private func sample(
    _ count: Int, _ phase: Phase, tool: String?, _ name: String, _ arguments: [String], before: () -> Void
  ) -> PhaseResult {
    var result = PhaseResult(count: count, phase: phase)
    for _ in 1...Self.runs where result.problem == nil {
      before()
      add(to: &result, tool: tool, name, arguments)
    }
    return result
  }

  /// Runs the tool once into `result`, or records why it could not.
  private func add(to result: inout PhaseResult, tool: String?, _ name: String, _ arguments: [String]) {
    guard let tool else {
      result.note =
        name == "kotlinc" && !FileManager.default.fileExists(atPath: kotlinStubs)
        ? "not run: no Compose stubs at \(kotlinStubs)" : "not run: no \(name) on the PATH"
      return
    }
    FileHandle.standardError.write(
      Data("… N=\(result.count): \(result.phase.label), run \(result.milliseconds.count + 1)\n".utf8))
    let logs = (workRoot as NSString).appendingPathComponent("compile-\(result.phase.logName)")
    Session.runOnce(tool, arguments, logs: logs, into: &result)
  }

  /// Runs a setup step; why it failed, or `nil`.
  private func run(_ executable: String, _ arguments: [String], log: String) -> String? {
    let logs = (workRoot as NSString).appendingPathComponent(log)
    do {
      let outcome = try ChildProcess.run(
        executable, arguments, stdoutPath: logs + ".stdout", stderrPath: logs + ".stderr")
      return outcome.status.succeeded
        ? nil : "\(outcome.status)" + Session.excerpt(of: logs + ".stderr", or: logs + ".stdout")
    } catch {
      return error.description
    }
  }

  /// The files below `folder` whose names end in `.extension`, sorted by path.
  static func files(below folder: String, extension: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix("." + `extension`) }.sorted()
      .map { (folder as NSString).appendingPathComponent($0) }
  }

  /// Every file below `folder` by path, with its bytes.
  static func contents(below folder: String) -> [String: Data] {
    var contents: [String: Data] = [:]
    for relative in (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []) {
      let path = (folder as NSString).appendingPathComponent(relative)
      if let data = FileManager.default.contents(atPath: path) { contents[path] = data }
    }
    return contents
  }
}

extension Report {
  /// The notes of phase (f): which files the one-token change rewrote, or why a compiler did
  /// not run, and the CPU time of each compile.
  var compileNotes: [String] {
    counts.flatMap { count in
      Phase.compilePhases.flatMap { phase -> [String] in
        guard let result = session.result(count, phase) else { return [] }
        let prefix = "note: N=\(Self.grouped(count)) \(phase.label): "
        let cpu = result.cpuMilliseconds.map { String(format: "%.1f s", $0 / 1000) }
        return (result.note.map { [prefix + $0] } ?? [])
          + (cpu.isEmpty ? [] : [prefix + "CPU time (user + sys) of each run " + cpu.joined(separator: ", ")])
      }
    }
  }

  /// Issue 20's targets for phase (f): the clean compiles in half the time of the code ebtokens
  /// generated before, and a one-token change in under a quarter of a clean compile.
  var compileTargets: [Target] {
    let count = CompilePhase.tokenCount
    func best(_ phase: Phase) -> Double? { session.result(count, phase)?.best }
    func target(_ name: String, _ phase: Phase, limit: Double?, of reference: String) -> Target {
      guard let result = session.result(count, phase) else {
        return Target(name: name, verdict: .skip, detail: "\(Self.grouped(count)) is not in --counts")
      }
      if let problem = result.problem {
        return Target(
          name: name, verdict: .fail, detail: problem.split(separator: "\n").first.map(String.init) ?? "")
      }
      guard let value = result.best, let limit else {
        return Target(name: name, verdict: .skip, detail: result.note ?? "not measured")
      }
      let detail = String(format: "%.1f s, limit %.1f s (%@)", value / 1000, limit / 1000, reference)
      return Target(name: name, verdict: value < limit ? .pass : .fail, detail: detail)
    }
    return [
      target(
        "swift build of the generated package of 10,000 tokens in half the former time", .swiftClean,
        limit: CompilePhase.formerSwiftMilliseconds / 2, of: "half of 10.5 s measured in issue 20"),
      target(
        "kotlinc on the generated Kotlin of 10,000 tokens in half the former time", .kotlinClean,
        limit: CompilePhase.formerKotlinMilliseconds / 2, of: "half of 12.5 s measured in issue 20"),
      target(
        "swift build after a one-token change under a quarter of a clean build", .swiftOneToken,
        limit: best(.swiftClean).map { $0 / 4 }, of: "a quarter of this run's clean build"),
      target(
        "kotlinc after a one-token change under a quarter of a clean compile", .kotlinOneToken,
        limit: best(.kotlinClean).map { $0 / 4 }, of: "a quarter of this run's clean compile"),
    ]
  }
}
