@testable import EBTokensAudit
@testable import EBTokensConfig
@testable import EBTokensModel

/// Audits the tokens of a project without modes against the `audit` section of `configuration`;
/// an error for a config without rules points at the config's file.
func runAudit(tokens: TokenSet, configuration: Configuration) throws -> AuditResult {
  try ContrastAudit.run(
    tokens: ModalTokenSet(single: tokens), audit: configuration.audit, configPath: configuration.path)
}
