import EBTokensAudit
import EBTokensConfig
import EBTokensResolution
import EBTokensSupport

extension ContrastAudit {
  /// Loads the tokens `configuration` names (relative to its folder), in every mode, and audits
  /// them: what `ebtokens audit` does. Each fix is also located in the token files' text
  /// (``ContrastFix/edits``), for SARIF's `fixes` and `audit --fix`.
  ///
  /// - Returns: The audit, and the warnings the token files gave.
  /// - Throws: ``DiagnosticsError`` with the token files' errors, or else the audit's.
  public static func run(configuration: Configuration, limits: Limits = .standard) throws -> Warned<
    AuditResult
  > {
    let tokens = try ProjectTokens.load(configuration, limits: limits)
    let (result, _) = try runLocatingEdits(tokens: tokens.value, configuration: configuration, limits: limits)
    return Warned(result, warnings: tokens.warnings)
  }
}
