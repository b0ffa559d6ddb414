import ArgumentParser
import CAllocator
import EBTokens
import Foundation

extension AuditReport.Format: ExpressibleByArgument {}

extension Configuration.Audit.Level: ExpressibleByArgument {
  /// `aa` works as well as `AA`.
  public init?(argument: String) { self.init(rawValue: argument.uppercased()) }
}

extension Configuration.Audit.Method: ExpressibleByArgument {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

struct Audit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract: "Check the contrast of every foreground/background pair the config's audit rules name.",
    discussion: """
      Translucent colors are judged as they are seen: composited onto their background, which is \
      itself composited onto the canvas. See docs/contrast-audit.md.

      Exit codes: 0 every pair passes, 1 some pair fails, 2 invalid input (tokens, config, rules).
      """
  )

  @OptionGroup var project: ProjectOptions

  @Option(help: "The report format.")
  var format: AuditReport.Format = .text

  @Option(help: "Write the report to this file (atomically) instead of standard output.")
  var output: String?

  @Option(help: "The WCAG conformance level (default: the config's).")
  var level: Configuration.Audit.Level?

  @Option(help: "The pass/fail method (default: the config's).")
  var method: Configuration.Audit.Method?

  @Option(
    name: .customLong("fix"),
    help: ArgumentHelp(
      "Write the suggested fixes of failing pairs into the token files, for the tokens this pattern names "
        + "('*' is one segment), then audit again.",
      valueName: "pattern"))
  var fixPattern: String?

  @Flag(
    help: ArgumentHelp(
      "Audit, then again whenever a token file, mode or resolver file or the config changes, until Ctrl-C; "
        + "prints the summary and the failing pairs each time (docs/watch.md)."))
  var watch = false

  @OptionGroup var diagnostics: DiagnosticOptions

  func validate() throws {
    guard watch else { return }
    if fixPattern != nil { throw ValidationError("--watch and --fix cannot be used together") }
    if output == nil && format != .text {
      throw ValidationError("--watch prints the text report; write another format with --output FILE")
    }
  }

  /// The config with the command line's level and method.
  private func configured(_ loaded: Configuration) -> Configuration {
    var configuration = loaded
    if let level { configuration.audit.level = level }
    if let method { configuration.audit.method = method }
    return configuration
  }

  func run() throws {
    if watch { return try runWatching() }
    let configuration = configured(
      try diagnostics.reporting { try project.configuration(strict: diagnostics.strict) })
    let result: AuditResult
    if let fixPattern {
      let outcome = try diagnostics.reporting {
        try AuditFix.run(
          pattern: fixPattern, configuration: configuration,
          lockWaiting: .wait { FileHandle.standardError.write(Data("ebtokens: \($0)\n".utf8)) })
      }
      diagnostics.print(outcome.warnings)
      FileHandle.standardError.write(Data(outcome.summary(pattern: fixPattern).utf8))
      result = outcome.result
    } else {
      result = try diagnostics.reportingWithWarnings {
        try ContrastAudit.run(configuration: configuration, locatingEdits: format == .sarif)
      }
    }
    if let output {
      try diagnostics.reporting {
        try AuditReport.writeAtomically(AuditReport.render(result, format: format), to: output)
      }
      print("\(result.summary); report written to \(output)")
    } else {
      print(
        AuditReport.render(result, format: format, colored: format == .text && Self.stdoutIsColorTerminal),
        terminator: "")
    }
    if result.exitCode != 0 { throw ExitCode(result.exitCode) }
  }

  /// `audit --watch`: one line per audit with its summary (see docs/watch.md), then the failing
  /// pairs as the text report shows them; with `--output`, the report is written each time instead.
  private func runWatching() throws {
    ebtokens_allocator_for_a_session()
    let watcher = ProjectWatcher(
      configurationFile: project.configurationFile,
      loadConfiguration: { configured(try project.configuration(strict: diagnostics.strict)) },
      work: { configuration, _ in
        let audited = try ContrastAudit.run(configuration: configuration)
        if let output {
          try AuditReport.writeAtomically(AuditReport.render(audited.value, format: format), to: output)
        }
        return audited
      },
      report: { run in
        switch run.outcome {
        case .success(let audited):
          let result = audited.value
          let written = output.map { "; report written to \($0)" } ?? ""
          WatchOutput.print(
            run,
            "audited in \(run.milliseconds) ms: \(result.summary)\(WatchOutput.count(audited.warnings.count, "warning"))\(written)"
          )
          if output == nil && !result.allPass {
            let failing = AuditResult(
              level: result.level, method: result.method, canvas: result.canvas,
              results: result.results.filter { !$0.passes }, modes: result.modes)
            WatchOutput.write(AuditReport.render(failing, format: .text, colored: Self.stdoutIsColorTerminal))
          }
          diagnostics.print(audited.warnings)
        case .failure(let error):
          WatchOutput.printFailure(run, error, diagnostics: diagnostics)
        }
      })
    try diagnostics.reporting { try watcher.run() }
  }

  /// ANSI colors only on a terminal, and never when `NO_COLOR` is set to anything (no-color.org).
  static var stdoutIsColorTerminal: Bool {
    guard isatty(STDOUT_FILENO) == 1 else { return false }
    let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
    return noColor.isEmpty
  }
}
