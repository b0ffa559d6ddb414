/// One file an output generates, rendered in memory before anything is written.
public struct GeneratedFile: Hashable, Sendable {
  /// Relative to its output's folder, with `/` separators: `Sources/EBTokens/EBTokens.swift`.
  public let path: String
  /// The file's UTF-8, as rendered: written and compared as it is, never converted.
  public let bytes: [UInt8]

  /// The file's text.
  public var contents: String { String(decoding: bytes, as: UTF8.self) }

  public init(path: String, contents: String) {
    self.path = path
    self.bytes = Array(contents.utf8)
  }

  /// A file whose `bytes` are UTF-8 (templates and reports render straight into bytes).
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

/// Everything one output generates into its folder. `OutputWriter` writes a list of
/// these, so any other generator (the audit report) adds its files by appending one.
public struct GeneratedOutput: Sendable {
  /// The folder the files go into: the destination of a Swift or Kotlin output, the
  /// folder of a CSS output's file.
  public let directory: String
  public let files: [GeneratedFile]
  /// What the output could not carry and left out, as warnings: a mode the platform has no
  /// mechanism for (Android has no resource qualifier for high contrast).
  public let warnings: [Diagnostic]

  public init(directory: String, files: [GeneratedFile], warnings: [Diagnostic] = []) {
    self.directory = directory
    self.files = files
    self.warnings = warnings
  }
}
