import Foundation
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// A project with modes, written to a temporary folder from `files` (a path relative to the folder
/// → its contents), one of them `ebtokens.yml`. Diagnostics name files relative to the folder, as
/// when ebtokens runs inside it.
struct ModalProject {
  let files: [String: String]

  init(_ files: [String: String]) {
    self.files = files
  }

  /// The tokens in every mode.
  func tokens() throws -> ModalTokenSet {
    try inFolder { configuration in try ModalTokenLoader().load(configuration: configuration).value }
  }

  /// The contrast audit, in every mode.
  func audit() throws -> AuditResult {
    try inFolder { configuration in try ContrastAudit.run(configuration: configuration).value }
  }

  /// Every output, rendered in memory.
  func render() throws -> [GeneratedOutput] {
    try inFolder { configuration in
      try OutputRenderer(configuration: configuration).render(
        ModalTokenLoader().load(configuration: configuration).value)
    }
  }

  /// The errors `body` throws for the project (`file:line:column: error: message`), paths relative
  /// to the project's folder.
  func errors(_ body: (ModalProject) throws -> Void = { _ = try $0.tokens() }) -> [String] {
    diagnostics { try body(self) }
  }

  private func inFolder<T>(_ body: (Configuration) throws -> T) throws -> T {
    try withTemporaryDirectory { directory in
      for (path, contents) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
      }
      do {
        let configuration = try ConfigurationLoader().load(
          yaml: files["ebtokens.yml"] ?? "", path: "ebtokens.yml", baseDirectory: directory.path)
        return try body(configuration)
      } catch let error as DiagnosticsError {
        // Token files are named by their absolute paths, outside the working directory.
        let prefix = directory.path + "/"
        func relative(_ text: String) -> String { text.replacingOccurrences(of: prefix, with: "") }
        throw DiagnosticsError(
          diagnostics: error.diagnostics.map { diagnostic in
            Diagnostic(
              relative(diagnostic.message),
              at: diagnostic.location.map {
                SourceLocation(file: relative($0.file), line: $0.line, column: $0.column)
              }, notes: diagnostic.notes, severity: diagnostic.severity)
          })
      }
    }
  }
}
