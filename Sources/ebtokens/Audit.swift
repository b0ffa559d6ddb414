import ArgumentParser
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

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    var configuration = try diagnostics.reporting { try project.configuration(strict: diagnostics.strict) }
    if let level { configuration.audit.level = level }
    if let method { configuration.audit.method = method }
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

  /// ANSI colors only on a terminal, and never when `NO_COLOR` is set to anything (no-color.org).
  static var stdoutIsColorTerminal: Bool {
    guard isatty(STDOUT_FILENO) == 1 else { return false }
    let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
    return noColor.isEmpty
  }
}
