import EBTokensAudit
import EBTokensConfig
import EBTokensResolution
import EBTokensSupport

extension ContrastAudit {
  /// Loads the tokens `configuration` names (relative to its folder), in every mode, and audits
  /// them: what `ebtokens audit` does.
  ///
  /// - Throws: ``DiagnosticsError`` with the token files' errors, or else the audit's.
  public static func run(configuration: Configuration, limits: Limits = .standard) throws -> AuditResult {
    let tokens = try ProjectTokens.load(configuration, limits: limits)
    return try run(tokens: tokens, audit: configuration.audit, configPath: configuration.path)
  }
}
