import Foundation
import Testing

/// `ebtokens build --watch` and `audit --watch` through the built binary: started on a project in
/// a temporary folder, fed edits as editors make them, and stopped with a signal. Every wait polls
/// the program's output with a generous timeout (the machine may be loaded); only the checks that
/// nothing more happens wait a fixed time.
@Suite(.serialized) struct WatchCommandTests {
  static let config = """
    tokens: tokens
    outputs:
      - kind: css
        destination: dist/css/tokens.css
    audit:
      report: dist/report
      rules:
        - foreground: color.text
          background: color.background
          role: text

    """

  static func colors(brand: String = "#0A5FD6", text: String = "{color.brand}") -> String {
    """
    color:
      $type: color
      brand: "\(brand)"
      background: "#FFFFFF"
      text: "\(text)"

    """
  }

  @Test func anEditRebuildsAndTheOutputHasTheNewValue() throws {
    try withProject { project in
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      try expectLine(watch, 1, contains: "] built in ")
      #expect(try project.css().contains("--color-brand: #0a5fd6;"))

      try project.write("tokens/colors.yaml", Self.colors(brand: "#123456"))
      let line = try watch.line(2)
      #expect(
        line.wholeMatch(
          of: /\[\d\d:\d\d:\d\d\] tokens\/colors\.yaml changed; rebuilt in \d+ ms: \d+ files? changed/)
          != nil, "\(line)")
      #expect(try project.css().contains("--color-brand: #123456;"))
      #expect(try watch.interrupt() == 0)
    }
  }

  @Test func aBrokenFileIsReportedTheOutputsStayAndTheNextGoodSaveRecovers() throws {
    try withProject { project in
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      _ = try watch.line(1)
      let before = try project.css()

      try project.write("tokens/colors.yaml", Self.colors(text: "{color.missing}"))
      let failed = try watch.line(2)
      #expect(
        failed.wholeMatch(
          of:
            /\[\d\d:\d\d:\d\d\] tokens\/colors\.yaml changed; failed in \d+ ms: 1 error; the outputs are unchanged/
        )
          != nil, "\(failed)")
      #expect(try watch.waitForStderr { $0.contains("tokens/colors.yaml:5:9: error: ") })
      #expect(try project.css() == before)

      try project.write("tokens/colors.yaml", Self.colors(brand: "#654321"))
      try expectLine(watch, 3, contains: " changed; rebuilt in ")
      #expect(try project.css().contains("--color-brand: #654321;"))
      #expect(try watch.interrupt() == 0)
    }
  }

  /// A temporary file renamed over the original (atomic saves, most editors), and vim's way: the
  /// original renamed to a backup, a new file written.
  @Test func aSaveByRenameRebuilds() throws {
    try withProject { project in
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      _ = try watch.line(1)

      try project.write("tokens/.colors.yaml.tmp", Self.colors(brand: "#111111"))
      try project.rename("tokens/.colors.yaml.tmp", to: "tokens/colors.yaml")
      try expectLine(watch, 2, contains: "] tokens/colors.yaml changed; rebuilt in ")
      #expect(try project.css().contains("--color-brand: #111111;"))

      try project.rename("tokens/colors.yaml", to: "tokens/colors.yaml~")
      try project.write("tokens/colors.yaml", Self.colors(brand: "#222222"))
      try expectLine(watch, 3, contains: " changed; rebuilt in ")
      #expect(try project.css().contains("--color-brand: #222222;"))
      #expect(try watch.interrupt() == 0)
    }
  }

  @Test func aNewTokenFileInANewSubfolderIsPickedUpAndAFolderMovedAwayIsDropped() throws {
    try withProject { project in
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      _ = try watch.line(1)

      try project.write("tokens/spacing/sizes.yaml", "space:\n  $type: dimension\n  large: 32px\n")
      try expectLine(watch, 2, contains: " changed; rebuilt in ")
      #expect(try project.css().contains("--space-large: 32px;"))
      // The new folder is watched too.
      try project.write("tokens/spacing/sizes.yaml", "space:\n  $type: dimension\n  large: 48px\n")
      try expectLine(watch, 3, contains: "] tokens/spacing/sizes.yaml changed; rebuilt in ")
      #expect(try project.css().contains("--space-large: 48px;"))
      // A folder moved out of the token folder takes its tokens with it.
      try project.rename("tokens/spacing", to: "spacing-old")
      try expectLine(watch, 4, contains: "] tokens/spacing changed; rebuilt in ")
      #expect(try !project.css().contains("--space-large"))
      #expect(try watch.interrupt() == 0)
    }
  }

  /// The build's own writes (outputs, report, state, temporary files) start no build, and a burst
  /// of saves starts one.
  @Test func theBuildsOwnWritesStartNoBuildAndABurstOfSavesIsOneBuild() throws {
    try withProject { project in
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      _ = try watch.line(1)
      for value in 1...5 { try project.write("tokens/colors.yaml", Self.colors(brand: "#00000\(value)")) }
      try expectLine(watch, 2, contains: " changed; rebuilt in ")
      #expect(try project.css().contains("--color-brand: #000005;"))
      Thread.sleep(forTimeInterval: 2)
      #expect(watch.lines().count == 2, "\(watch.lines())")
      // Files the build does not read start nothing either.
      try project.write("notes.txt", "not a token file\n")
      try project.write("tokens/README.md", "not a token file\n")
      Thread.sleep(forTimeInterval: 1)
      #expect(watch.lines().count == 2, "\(watch.lines())")
      #expect(try watch.interrupt() == 0)
    }
  }

  /// Output folders inside the token folder are left out of the watch: creating them and writing
  /// into them starts no build.
  @Test func outputFoldersInsideTheTokenFolderStartNoBuild() throws {
    try withProject { project in
      try project.write(
        "ebtokens.yml",
        """
        tokens: tokens
        outputs:
          - kind: css
            destination: tokens/generated/css/tokens.css
          - kind: typescript
            destination: tokens/generated/ts

        """)
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      try expectLine(watch, 1, contains: "] built in ")
      try project.write("tokens/colors.yaml", Self.colors(brand: "#0000AA"))
      try expectLine(watch, 2, contains: "] tokens/colors.yaml changed; rebuilt in ")
      Thread.sleep(forTimeInterval: 2)
      #expect(watch.lines().count == 2, "\(watch.lines())")
      let css = try String(
        contentsOf: project.root.appendingPathComponent("tokens/generated/css/tokens.css"), encoding: .utf8)
      #expect(css.contains("--color-brand: #0000aa;"))
      #expect(try watch.interrupt() == 0)
    }
  }

  @Test func aChangedConfigIsReloadedWithWhatItNames() throws {
    try withProject { project in
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      _ = try watch.line(1)

      // A mode whose layer is a file: the config now names it, so it is watched.
      try project.write("modes/dark.yaml", "color:\n  background: \"#000000\"\n")
      try project.write(
        "ebtokens.yml",
        Self.config.replacingOccurrences(
          of: "tokens: tokens\n", with: "tokens: tokens\nmodes:\n  light: []\n  dark: modes/dark.yaml\n"))
      try expectLine(watch, 2, contains: "] ebtokens.yml changed; rebuilt in ")
      #expect(try project.css().contains("--color-background: #000000;"))

      try project.write("modes/.dark.yaml.swp", "color:\n  background: \"#111111\"\n")
      try project.rename("modes/.dark.yaml.swp", to: "modes/dark.yaml")
      try expectLine(watch, 3, contains: "] modes/dark.yaml changed; rebuilt in ")
      #expect(try project.css().contains("--color-background: #111111;"))

      // An invalid config is reported; fixing it recovers.
      try project.write("ebtokens.yml", "tokens: tokens\noutputs: 3\n")
      try expectLine(watch, 4, contains: "] ebtokens.yml changed; failed in ")
      #expect(try watch.waitForStderr { $0.contains("ebtokens.yml:2:10: error: ") })
      try project.write("ebtokens.yml", Self.config)
      try expectLine(watch, 5, contains: " changed; rebuilt in ")
      #expect(try project.css().contains("--color-background: #ffffff;"))
      #expect(try watch.interrupt() == 0)
    }
  }

  @Test func anEditedUserTemplateRebuilds() throws {
    try withProject { project in
      try project.write("ebtokens.yml", "templates: templates\n" + Self.config)
      let builtIn = try String(
        contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("templates/css/tokens.css.mustache"),
        encoding: .utf8)
      try project.write("templates/css/tokens.css.mustache", builtIn)
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      try expectLine(watch, 1, contains: "] built in ")

      try project.write("templates/css/tokens.css.mustache", "/* the team's header */\n" + builtIn)
      try expectLine(watch, 2, contains: "] templates/css/tokens.css.mustache changed; rebuilt in ")
      #expect(try project.css().hasPrefix("/* the team's header */\n"))
      #expect(try watch.interrupt() == 0)
    }
  }

  @Test func theFilesAResolverDocumentNamesAreWatched() throws {
    try withProject { project in
      try project.write(
        "ebtokens.yml",
        "resolver: tokens.resolver.yml\noutputs:\n  - kind: css\n    destination: dist/css/tokens.css\n")
      try project.write(
        "tokens.resolver.yml",
        """
        version: "2025.10"
        resolutionOrder:
          - type: set
            name: base
            sources: [{$ref: "sources/base.yaml"}]

        """)
      try project.write("sources/base.yaml", Self.colors())
      let watch = try WatchingProcess(["build", "--watch"], in: project.root)
      try expectLine(watch, 1, contains: "] built in ")

      try project.write("sources/base.yaml", Self.colors(brand: "#ABCDEF"))
      try expectLine(watch, 2, contains: "] sources/base.yaml changed; rebuilt in ")
      #expect(try project.css().contains("--color-brand: #abcdef;"))
      #expect(try watch.interrupt() == 0)
    }
  }

  /// Between builds no lock is held; a signal ends the watch with exit code 0 and leaves no
  /// temporary file.
  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalEndsTheWatchCleanly(signal: Int32) throws {
    try withProject { project in
      let watch = try WatchingProcess(["build", "--watch", "--no-wait"], in: project.root)
      _ = try watch.line(1)
      let build = try BinaryRunner.run(["build", "--no-wait"], in: project.root)
      #expect(build.status == 0, "\(build.stderr)")

      try project.write("tokens/colors.yaml", Self.colors(brand: "#0000FF"))
      try expectLine(watch, 2, contains: " changed; rebuilt in ")
      #expect(try watch.stop(with: signal) == 0)
      let leftovers = try FileManager.default.subpathsOfDirectory(
        atPath: project.root.appendingPathComponent("dist").path
      )
      .filter { $0.contains(".tmp") || $0.contains(".staging") }
      #expect(leftovers.isEmpty, "\(leftovers)")
      let after = try BinaryRunner.run(["build", "--check"], in: project.root)
      #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
    }
  }

  @Test func anAuditWatchReportsAPairFlippingFromFailToPass() throws {
    try withProject { project in
      try project.write("tokens/colors.yaml", Self.colors(brand: "#BBBBBB"))
      let watch = try WatchingProcess(["audit", "--watch"], in: project.root)
      try expectLine(watch, 1, hasSuffix: "ms: 1 of 1 pair fails WCAG 2 AA")
      #expect(
        try watch.waitForStdout { output in
          output.split(separator: "\n").contains { $0.hasPrefix("FAIL ") && $0.contains("color.text") }
        })

      try project.write("tokens/colors.yaml", Self.colors(brand: "#333333"))
      let line = try watch.line(2)
      #expect(line.contains("] tokens/colors.yaml changed; audited in "), "\(line)")
      #expect(line.hasSuffix(" ms: The 1 pair passes WCAG 2 AA"), "\(line)")
      #expect(try watch.interrupt() == 0)
    }
  }

  @Test func watchRefusesOptionsItCannotHonour() throws {
    let check = try BinaryRunner.run(["build", "--watch", "--check"])
    #expect(check.status == 64)
    #expect(check.stderr.contains("--watch and --check cannot be used together"))
    let fix = try BinaryRunner.run(["audit", "--watch", "--fix", "color.*"])
    #expect(fix.status == 64)
    #expect(fix.stderr.contains("--watch and --fix cannot be used together"))
  }
}

/// Expects the `number`-th result line to end with `suffix`, or to contain `part`.
private func expectLine(
  _ watch: WatchingProcess, _ number: Int, hasSuffix suffix: String? = nil, contains part: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let line = try watch.line(number)
  if let suffix { #expect(line.hasSuffix(suffix), "\(watch.lines())", sourceLocation: sourceLocation) }
  if let part { #expect(line.contains(part), "\(watch.lines())", sourceLocation: sourceLocation) }
}

/// A project in a temporary folder: the config and one token file.
private struct WatchProject {
  let root: URL

  func write(_ path: String, _ text: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    // In place, as a plain editor saves: no atomic rename.
    try Data(text.utf8).write(to: url)
  }

  func rename(_ path: String, to newPath: String) throws {
    guard
      Foundation.rename(root.appendingPathComponent(path).path, root.appendingPathComponent(newPath).path)
        == 0
    else { throw CocoaError(.fileWriteUnknown) }
  }

  func css() throws -> String {
    try String(contentsOf: root.appendingPathComponent("dist/css/tokens.css"), encoding: .utf8)
  }
}

private func withProject(_ body: (WatchProject) throws -> Void) throws {
  try withTemporaryFolder { root in
    let project = WatchProject(root: root)
    try project.write("ebtokens.yml", WatchCommandTests.config)
    try project.write("tokens/colors.yaml", WatchCommandTests.colors())
    try body(project)
  }
}

/// `ebtokens` running in the background, its output going to files that the test polls.
private final class WatchingProcess {
  struct Timeout: Error, CustomStringConvertible {
    let description: String
  }

  let process = Process()
  private let outURL: URL
  private let errURL: URL
  /// How long any one wait may take.
  private let timeout: Double = 120

  init(_ arguments: [String], in directory: URL) throws {
    process.executableURL = BinaryRunner.executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let scratch = FileManager.default.temporaryDirectory
    outURL = scratch.appendingPathComponent("ebtokens-watch-out-\(UUID().uuidString)")
    errURL = scratch.appendingPathComponent("ebtokens-watch-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: outURL)
    try? FileManager.default.removeItem(at: errURL)
  }

  var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
  var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

  /// The result lines printed so far: those starting with the clock time.
  func lines() -> [String] {
    stdout.split(separator: "\n").filter { $0.hasPrefix("[") }.map(String.init)
  }

  /// The `number`-th result line (from 1), once it is printed.
  func line(_ number: Int) throws -> String {
    _ = try waitForStdout { _ in self.lines().count >= number }
    return lines()[number - 1]
  }

  func waitForStdout(_ condition: (String) -> Bool) throws -> Bool {
    try wait(for: "standard output", condition(stdout))
  }

  func waitForStderr(_ condition: (String) -> Bool) throws -> Bool {
    try wait(for: "standard error", condition(stderr))
  }

  private func wait(for what: String, _ condition: @autoclosure () -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
      guard Date() < deadline, process.isRunning else {
        throw Timeout(
          description: "\(what) never showed what was expected\nstdout:\n\(stdout)\nstderr:\n\(stderr)")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return true
  }

  func interrupt() throws -> Int32 { try stop(with: SIGINT) }

  /// Sends `signal` and returns the exit status once the program has ended.
  func stop(with signal: Int32) throws -> Int32 {
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
      guard Date() < deadline else {
        throw Timeout(description: "the watch did not end after signal \(signal)")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(process.terminationReason == .exit, "ended by a signal: \(stderr)")
    return process.terminationStatus
  }
}
