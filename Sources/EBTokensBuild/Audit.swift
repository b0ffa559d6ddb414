import EBTokensAudit
import EBTokensConfig
import EBTokensResolution
import EBTokensSupport

extension ContrastAudit {
  /// Loads the tokens `configuration` names (relative to its folder), in every mode, and audits
  /// them: what `ebtokens audit` does. With `locatingEdits`, each fix is also located in the token
  /// files' text (``/EBTokensAudit/ContrastFix/edits``), for SARIF's `fixes`: that reads and parses again each file
  /// that holds a value to fix, so it is done only when asked.
  ///
  /// - Returns: The audit, and the warnings the token files gave.
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with the token files' errors, or else the audit's.
  public static func run(
    configuration: Configuration, limits: Limits = .standard, locatingEdits: Bool = false
  )
    throws -> Warned<AuditResult>
  {
    let tokens = try ProjectTokens.load(configuration, limits: limits)
    guard locatingEdits else {
      return Warned(
        try run(tokens: tokens.value, audit: configuration.audit, configPath: configuration.path),
        warnings: tokens.warnings)
    }
    let (result, _) = try runLocatingEdits(tokens: tokens.value, configuration: configuration, limits: limits)
    return Warned(result, warnings: tokens.warnings)
  }
}
