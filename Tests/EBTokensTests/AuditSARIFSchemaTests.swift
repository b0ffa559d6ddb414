import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensConfig

/// The audit's SARIF, fixes and all, validated against the SARIF 2.1.0 JSON schema
/// (Fixtures/sarif-schema, SchemaStore's copy of the OASIS schema) by `check-jsonschema`.
@Suite struct AuditSARIFSchemaTests {
  static let schema = TestPaths.repositoryRoot.appendingPathComponent(
    "Tests/EBTokensTests/Fixtures/sarif-schema/sarif-2.1.0.json")

  /// `check-jsonschema`'s verdict on `text`.
  static func validate(_ text: String, in folder: URL) throws -> ChildProcess.Result {
    let log = folder.appendingPathComponent("audit.sarif")
    try text.write(to: log, atomically: true, encoding: .utf8)
    return try ExternalTool.run(
      try ExternalTool.checkJSONSchema.require(), ["--schemafile", schema.path, log.path],
      environment: ExternalTool.environment)
  }

  @Test(.requires(.checkJSONSchema)) func theShippedReportWithItsFixesIsValidSARIF() throws {
    var configuration = try ConfigurationLoader().load(path: TestPaths.repositoryRoot.path + "/ebtokens.yml")
    try withTemporaryDirectory { folder in
      for method in [Configuration.Audit.Method.wcag2, .apca] {
        configuration.audit.method = method
        let result = try ContrastAudit.run(configuration: configuration, locatingEdits: true).value
        #expect(result.results.contains { !($0.fix?.edits.isEmpty ?? true) }, "no fixes to validate")
        let sarif = AuditReport.render(result, format: .sarif)
        let run = try Self.validate(sarif, in: folder)
        #expect(run.status == 0, "\(method): \(run.stdout)\(run.stderr)")

        // The validator does look: a region that starts on line 0 is refused.
        let broken = sarif.replacingOccurrences(of: "\"startLine\": 17,", with: "\"startLine\": 0,")
        #expect(broken != sarif)
        #expect(try Self.validate(broken, in: folder).status != 0)
      }
    }
  }
}
