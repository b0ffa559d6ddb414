import Foundation

/// Prints diagnostics the way compilers do, so editors and CI annotate the line:
///
///     tokens/alert.yaml:7:13: error: unknown reference '{main.alert.colr.bg}'; did you mean 'main.alert.color.bg'?
///         bg: "{main.alert.colr.bg}"
///             ^
///
/// Messages quote what the user wrote (names, values), which a hostile file can fill with
/// terminal escape sequences, line breaks, bidirectional overrides or megabytes of text. Each
/// printed line stays one line of plain text: such characters are shown as `\u{1B}` escapes and
/// an overlong message is shortened in the middle (see ``printable(_:)``).
public struct DiagnosticRenderer {
  public var showsSourceLines: Bool
  private var sourceCache: [String: [Substring]] = [:]

  /// Longest message printed whole, in characters; longer ones keep their start and end.
  static let maxMessageLength = 1000

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

  /// The first `limit` diagnostics, a line saying how many more there are ("and 3 more errors"),
  /// and the count of each severity ("1 error, 2 warnings"); empty for no diagnostics.
  public mutating func report(_ diagnostics: [Diagnostic], limit: Int) -> String {
    guard !diagnostics.isEmpty else { return "" }
    var text = render(Array(diagnostics.prefix(max(0, limit))))
    let rest = diagnostics.dropFirst(max(0, limit))
    if !rest.isEmpty {
      text += "and \(Self.counts(rest, more: true))\n"
    }
    return text + Self.counts(diagnostics[...], more: false) + "\n"
  }

  /// "1 error, 2 warnings", or with `more` "3 more errors and 1 more warning".
  private static func counts(_ diagnostics: ArraySlice<Diagnostic>, more: Bool) -> String {
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count { $0.severity == .warning }
    let prefix = more ? "more " : ""
    var parts: [String] = []
    if errors > 0 || warnings == 0 { parts.append("\(errors) \(prefix)\(errors == 1 ? "error" : "errors")") }
    if warnings > 0 { parts.append("\(warnings) \(prefix)\(warnings == 1 ? "warning" : "warnings")") }
    return parts.joined(separator: more ? " and " : ", ")
  }

  private mutating func line(_ severity: String, _ message: String, at location: SourceLocation?) -> String {
    let message = Self.printable(message)
    guard let location else { return "\(severity): \(message)\n" }
    var text = "\(Self.printable(location.description)): \(severity): \(message)\n"
    if showsSourceLines, let source = sourceLine(location) {
      // Columns count Unicode scalars, as libyaml's do. Keep tabs so the caret lines up under
      // the same column in a terminal.
      let prefix = source.unicodeScalars.prefix(max(0, location.column - 1))
      let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
      text += "\(source)\n\(padding)^\n"
    }
    return text
  }

  private mutating func sourceLine(_ location: SourceLocation) -> String? {
    if sourceCache[location.file] == nil {
      // Never more than a token file may hold: a file refused for its size is not read to
      // show its first line.
      guard
        case .bytes(let bytes) = FileContents.read(
          location.file, limit: Limits.standard.maxFileBytes, followingLinks: true),
        let text = String(validating: bytes, as: UTF8.self)
      else {
        sourceCache[location.file] = []
        return nil
      }
      sourceCache[location.file] = Self.lines(text)
    }
    guard let lines = sourceCache[location.file], location.line >= 1, location.line <= lines.count else {
      return nil
    }
    let source = lines[location.line - 1]
    // A hostile file may hold megabyte-long lines, control characters or bidirectional overrides
    // (which make a terminal show text in another order than it is); show none of them, and no
    // empty line (an error at the end of a file) with a lone caret under it.
    guard !source.isEmpty, source.utf8.count <= 300,
      !source.unicodeScalars.contains(where: { $0 != "\t" && Self.needsEscape($0) })
    else { return nil }
    return String(source)
  }

  /// The lines of `text`, broken where libyaml breaks them (so line numbers agree): at `\n`,
  /// `\r\n`, a lone `\r`, NEL (U+0085), and the line and paragraph separators U+2028 and U+2029.
  static func lines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var index = start
    while index < scalars.endIndex {
      let scalar = scalars[index]
      switch scalar {
      case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
        lines.append(Substring(scalars[start..<index]))
        index = scalars.index(after: index)
        if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" {
          index = scalars.index(after: index)
        }
        start = index
      default:
        index = scalars.index(after: index)
      }
    }
    lines.append(Substring(scalars[start..<scalars.endIndex]))
    return lines
  }

  /// `text` as one line of inert text: control characters (but tab), line and paragraph
  /// separators and bidirectional controls written as `\u{…}` escapes, and, when longer than
  /// `maxMessageLength` characters, its middle replaced by a count of what was left out.
  public static func printable(_ text: String) -> String {
    var output = ""
    var omitted = 0
    let keepStart = maxMessageLength * 7 / 10
    let keepEnd = maxMessageLength - keepStart
    let total = text.unicodeScalars.count
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      if total > maxMessageLength && offset >= keepStart && offset < total - keepEnd {
        if omitted == 0 { output += "…" }
        omitted += 1
        continue
      }
      if omitted > 0 && offset == total - keepEnd {
        output += "[\(omitted) characters omitted]…"
      }
      if scalar != "\t" && needsEscape(scalar) {
        output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional embeddings,
  /// overrides and isolates (U+202A–U+202E, U+2066–U+2069).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
