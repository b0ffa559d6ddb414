import Foundation

/// Prints diagnostics the way compilers do, so editors and CI annotate the line:
///
///     tokens/alert.yaml:7:13: error: unknown reference '{main.alert.colr.bg}'; did you mean 'main.alert.color.bg'?
///         bg: "{main.alert.colr.bg}"
///             ^
public struct DiagnosticRenderer {
  public var showsSourceLines: Bool
  private var sourceCache: [String: [Substring]] = [:]

  public init(showsSourceLines: Bool = true) {
    self.showsSourceLines = showsSourceLines
  }

  public mutating func render(_ diagnostic: Diagnostic) -> String {
    var text = line(diagnostic.severity.rawValue, diagnostic.message, at: diagnostic.location)
    for note in diagnostic.notes {
      text += line(Diagnostic.Severity.note.rawValue, note.message, at: note.location)
    }
    return text
  }

  public mutating func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { render($0) }.joined()
  }

  private mutating func line(_ severity: String, _ message: String, at location: SourceLocation?) -> String {
    guard let location else { return "\(severity): \(message)\n" }
    var text = "\(location): \(severity): \(message)\n"
    if showsSourceLines, let source = sourceLine(location) {
      let prefix = source.prefix(max(0, location.column - 1))
      // Keep tabs so the caret lines up under the same column in a terminal.
      let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
      text += "\(source)\n\(padding)^\n"
    }
    return text
  }

  private mutating func sourceLine(_ location: SourceLocation) -> String? {
    if sourceCache[location.file] == nil {
      guard let data = FileManager.default.contents(atPath: location.file),
        let text = String(data: data, encoding: .utf8)
      else { return nil }
      sourceCache[location.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
    }
    guard let lines = sourceCache[location.file], location.line >= 1, location.line <= lines.count else {
      return nil
    }
    let source = lines[location.line - 1]
    // A hostile file may hold megabyte-long lines or control characters; show neither.
    guard source.utf8.count <= 300, !source.contains(where: { $0.isControlLike }) else { return nil }
    return String(source.hasSuffix("\r") ? source.dropLast() : source)
  }
}

extension Character {
  fileprivate var isControlLike: Bool {
    unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\r" || $0.value == 0x7F }
  }
}
