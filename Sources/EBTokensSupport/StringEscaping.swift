/// How one target language is kept from reading user text as code: the one escaper of Swift,
/// Kotlin, CSS or the audit's HTML, each a table given to the same two routines.
///
/// - ``literal(_:)`` writes text as a literal that holds exactly that text: the scalars a rule of
///   the table covers are written with the rule's spelling (`\"`, `\u{1B}`, `&lt;`), the first
///   rule that covers a scalar winning, and every other scalar as it is.
/// - ``commentLines(_:)`` writes text as comment lines: ``SourceText/commentLines(_:)``, then the
///   sequences that would end (or, in Kotlin, nest) the comment rewritten, in the table's order.
package struct StringEscaper: Sendable {
  /// The scalars one rule covers.
  package enum Scalars: Sendable {
    case scalar(Unicode.Scalar)
    /// C0 and C1 controls but tab, and DEL (``SourceText/isControl(_:)``).
    case controls
    /// C0 controls, tab and line feed included, and DEL.
    case asciiControls
    /// ``SourceText/isBidiControl(_:)``.
    case bidiControls
    /// U+2028 and U+2029, which end a line in JavaScript and in some editors.
    case lineSeparators

    func contains(_ scalar: Unicode.Scalar) -> Bool {
      switch self {
      case .scalar(let only): return scalar == only
      case .controls: return SourceText.isControl(scalar)
      case .asciiControls: return scalar.value < 0x20 || scalar.value == 0x7F
      case .bidiControls: return SourceText.isBidiControl(scalar)
      case .lineSeparators: return scalar == "\u{2028}" || scalar == "\u{2029}"
      }
    }

    /// Whether any scalar beyond ASCII is covered.
    var reachesBeyondASCII: Bool {
      switch self {
      case .scalar(let only): return !only.isASCII
      case .asciiControls: return false
      case .controls, .bidiControls, .lineSeparators: return true
      }
    }
  }

  /// How a covered scalar is written.
  package enum Spelling: Sendable {
    case text(String)
    /// The scalar's code point in uppercase hex, zero-padded to `digits`, between `prefix` and
    /// `suffix`: `\u{1B}`, `\u001B`, `\1B `.
    case hex(prefix: String, digits: Int, suffix: String)

    func bytes(of scalar: Unicode.Scalar) -> [UInt8] {
      switch self {
      case .text(let text): return Array(text.utf8)
      case .hex(let prefix, let digits, let suffix):
        return Array((prefix + SourceText.hex(scalar, width: digits) + suffix).utf8)
      }
    }
  }

  /// The quote a literal is written between (empty for HTML text).
  private let quote: String
  /// Each ASCII scalar's spelling, by its value; `nil` to write it as it is.
  private let asciiSpellings: [[UInt8]?]
  /// The rules that can cover a scalar beyond ASCII, in the table's order.
  private let nonASCIIRules: [(scalars: Scalars, spelling: Spelling)]
  /// By byte: `false` for an ASCII byte a rule covers, and for every byte beyond ASCII when a rule
  /// reaches beyond ASCII; text of kept bytes alone is written as it is.
  private let keptBytes: [Bool]
  /// The comment's sequences and what each is rewritten as, in order.
  private let commentRewrites: [(sequence: [UInt8], replacement: [UInt8])]

  /// - Parameters:
  ///   - quote: written before and after a literal.
  ///   - rules: the scalars a literal does not hold as they are, each with its spelling.
  ///   - commentRewrites: ASCII sequences a comment line must not hold, with their replacements,
  ///     rewritten one after the other (a later one sees the earlier ones' replacements).
  package init(
    quote: String, rules: [(Scalars, Spelling)],
    commentRewrites: [(sequence: String, replacement: String)] = []
  ) {
    self.quote = quote
    let asciiSpellings = (0..<128).map { value -> [UInt8]? in
      let scalar = Unicode.Scalar(UInt8(value))
      return rules.first { $0.0.contains(scalar) }.map { $0.1.bytes(of: scalar) }
    }
    let nonASCIIRules = rules.filter { $0.0.reachesBeyondASCII }.map { (scalars: $0.0, spelling: $0.1) }
    self.asciiSpellings = asciiSpellings
    self.nonASCIIRules = nonASCIIRules
    keptBytes = (0..<256).map { $0 < 128 ? asciiSpellings[$0] == nil : nonASCIIRules.isEmpty }
    self.commentRewrites = commentRewrites.map { (Array($0.sequence.utf8), Array($0.replacement.utf8)) }
  }

  /// `text` as a literal of the language, between its quotes.
  package func literal(_ text: String) -> String {
    // Most text (names, font families, messages) holds nothing to escape.
    if isKept(text) { return quote.isEmpty ? text : quote + text + quote }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2 * quote.utf8.count + 16)
    appendEscaped(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ``literal(_:)`` of `text`, appended to `bytes`: for a writer of UTF-8, with no string made.
  package func appendLiteral(_ text: String, to bytes: inout [UInt8]) {
    if isKept(text) {
      bytes += quote.utf8
      bytes += text.utf8
      bytes += quote.utf8
    } else {
      appendEscaped(text, to: &bytes)
    }
  }

  /// Whether `text` holds no byte a rule may cover, and is its own literal between the quotes.
  private func isKept(_ text: String) -> Bool {
    keptBytes.withUnsafeBufferPointer { kept in text.allUTF8Bytes { kept[Int($0)] } }
  }

  /// `text` between the quotes, each scalar a rule covers written with the rule's spelling.
  private func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    bytes += quote.utf8
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        if let spelling = asciiSpellings[Int(scalar.value)] {
          bytes += spelling
        } else {
          bytes.append(UInt8(scalar.value))
        }
      } else if let rule = nonASCIIRules.first(where: { $0.scalars.contains(scalar) }) {
        bytes += rule.spelling.bytes(of: scalar)
      } else {
        bytes += scalar.utf8
      }
    }
    bytes += quote.utf8
  }

  /// `text` as lines for the language's comments (``SourceText/commentLines(_:)``), none of which
  /// holds a sequence that would end the comment.
  package func commentLines(_ text: String) -> [String] {
    let lines = SourceText.commentLines(text)
    guard !commentRewrites.isEmpty else { return lines }
    return lines.map { line in
      commentRewrites.reduce(line) { Self.rewriting($1.sequence, as: $1.replacement, in: $0) }
    }
  }

  /// `line` with every `sequence` written as `replacement`. Matched byte by byte, not character by
  /// character: a `/` with a combining mark after it is one character to Swift, but still ends a
  /// comment `*/` for a compiler that reads scalars.
  private static func rewriting(_ sequence: [UInt8], as replacement: [UInt8], in line: String) -> String {
    var line = line
    let rewritten = line.withUTF8 { utf8 -> String? in
      var output: [UInt8] = []
      var index = 0
      var copied = 0
      while index + sequence.count <= utf8.count {
        if utf8[index..<index + sequence.count].elementsEqual(sequence) {
          output += utf8[copied..<index]
          output += replacement
          index += sequence.count
          copied = index
        } else {
          index += 1
        }
      }
      // Nothing copied: the line does not hold the sequence (most lines), and is kept as it is.
      guard copied > 0 else { return nil }
      output += utf8[copied...]
      return String(decoding: output, as: UTF8.self)
    }
    return rewritten ?? line
  }
}
