import EBTokensAudit
import EBTokensConfig
import EBTokensResolution
import EBTokensSupport

extension ContrastAudit {
  /// Loads the tokens `configuration` names (relative to its folder), in every mode, and audits
  /// them: what `ebtokens audit` does.
  ///
  /// - Returns: The audit, and the warnings the token files gave.
  /// - Throws: ``DiagnosticsError`` with the token files' errors, or else the audit's.
  public static func run(configuration: Configuration, limits: Limits = .standard) throws -> Warned<
    AuditResult
  > {
    let tokens = try ProjectTokens.load(configuration, limits: limits)
    return Warned(
      try run(tokens: tokens.value, audit: configuration.audit, configPath: configuration.path),
      warnings: tokens.warnings)
  }
}
