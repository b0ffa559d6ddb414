import EBTokensConfig
import EBTokensEmitting
import EBTokensSupport

/// `ebtokens export` end to end: loading the tokens and writing the file, around
/// ``/EBTokensEmitting/DTCGExport/render(_:mode:)``.
extension DTCGExport {
  /// Loads the tokens of `configuration` in its default mode (or those in `tokenDirectory`,
  /// relative to the working directory; see ``ProjectTokens/load(_:tokenDirectory:mode:limits:)``)
  /// and renders them.
  ///
  /// - Returns: The export, and the warnings the token files gave.
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every error of the token files.
  public static func run(
    configuration: Configuration, tokenDirectory: String? = nil, mode: Mode, limits: Limits = .standard
  ) throws -> Warned<String> {
    let tokens = try ProjectTokens.load(
      configuration, tokenDirectory: tokenDirectory, mode: nil, limits: limits)
    return Warned(render(tokens.value, mode: mode), warnings: tokens.warnings)
  }

  /// Writes `text` to a temporary file beside `path` and renames it over `path`, so no reader
  /// ever sees half an export; missing folders are created.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` when the file cannot be written.
  public static func write(_ text: String, to path: String) throws {
    if let reason = AtomicFile.write(text, to: path) {
      throw DiagnosticsError([ExportWriteError(path: path, reason: reason)])
    }
  }
}

/// The export file could not be written.
public struct ExportWriteError: DiagnosticConvertible, Equatable {
  public let path: String
  public let reason: String

  public var diagnostic: Diagnostic { Diagnostic("cannot write '\(path)': \(reason)", at: nil) }
}
