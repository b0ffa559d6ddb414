/// `ebtokens build`: resolve the tokens, render every output and the contrast-audit
/// report in memory, then write them, or with `--check` only compare them with the disk.
///
/// Every step that can fail on the user's input (tokens, templates, names, audit rules,
/// a file in the way) runs before the first write, so an invalid project writes nothing.
public struct Builder: Sendable {
  public enum Mode: Sendable {
    case write
    /// Compare only: the plan lists what a build would change.
    case check
  }

  public var limits: Limits

  public init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// What one build did.
  public struct Result: Sendable {
    /// What the build changed, or in ``Mode/check`` would change.
    public let plan: WritePlan
    /// The contrast audit whose report was generated; `nil` when the config has no
    /// rules or no report folder.
    public let audit: AuditResult?

    /// Whether the build must fail on contrast: the config asks it to and a pair fails.
    public func failsOnContrast(_ configuration: Configuration) -> Bool {
      configuration.audit.failsBuild && audit?.allPass == false
    }
  }

  /// - Throws: ``DiagnosticsError`` with every error found: the outputs' and the audit's together.
  public func build(_ configuration: Configuration, mode: Mode) throws -> Result {
    let tokens = try ModalTokenLoader(limits: limits).load(configuration: configuration)
    var diagnostics: [Diagnostic] = []
    var outputs: [GeneratedOutput] = []
    do {
      outputs = try OutputRenderer(configuration: configuration).render(tokens)
    } catch let error as DiagnosticsError {
      diagnostics += error.diagnostics
    }
    var audit: AuditResult?
    if let reportDirectory = configuration.audit.reportDirectory, !configuration.audit.rules.isEmpty {
      do {
        let result = try ContrastAudit.run(tokens: tokens, config: configuration)
        outputs.append(
          GeneratedOutput(
            directory: configuration.resolvedPath(reportDirectory), files: AuditReport.reportFiles(result)))
        audit = result
      } catch let error as DiagnosticsError {
        diagnostics += error.diagnostics
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics: diagnostics) }
    let writer = OutputWriter()
    let plan = try writer.plan(outputs)
    if mode == .write { try writer.apply(plan) }
    return Result(plan: plan, audit: audit)
  }
}
