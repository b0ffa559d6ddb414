import EBTokensConfig
import EBTokensEmitting
import EBTokensResolution
import EBTokensSupport

/// `ebtokens export` end to end: loading the tokens and writing the file, around
/// ``DTCGExport/render(_:mode:)``.
extension DTCGExport {
  /// Loads the tokens of `configuration` (or those in `tokenDirectory`, relative to the working
  /// directory) and renders them. With a resolver document, its default resolution: the first
  /// mode it makes.
  ///
  /// - Returns: The export, and the warnings the token files gave.
  /// - Throws: ``DiagnosticsError`` with every error of the token files.
  public static func run(
    configuration: Configuration, tokenDirectory: String? = nil, mode: Mode, limits: Limits = .standard
  ) throws -> Warned<String> {
    if tokenDirectory == nil, configuration.resolver != nil {
      let tokens = try ProjectTokens.load(configuration, limits: limits)
      return Warned(render(tokens.value.sets[0], mode: mode), warnings: tokens.warnings)
    }
    let directory = tokenDirectory ?? configuration.resolvedPath(configuration.tokens)
    let loader = TokenLoader(
      limits: limits, jsonExtensions: configuration.jsonExtensions, strict: configuration.strict)
    let tokens = try loader.load(directory: directory)
    return Warned(render(tokens.value, mode: mode), warnings: tokens.warnings)
  }

  /// Writes `text` to a temporary file beside `path` and renames it over `path`, so no reader
  /// ever sees half an export; missing folders are created.
  ///
  /// - Throws: ``DiagnosticsError`` when the file cannot be written.
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
