/// Helpers shared by the languages' formatting: user text made safe to place in
/// generated code, and facts about values that decide how they are written.
package enum SourceText {
  /// `text` as comment lines: split at every kind of line break, control
  /// characters and bidirectional controls (which could make a reviewer read the
  /// line in another order) replaced with U+FFFD, trailing spaces and blank first
  /// and last lines dropped. Each language's ``StringEscaper`` then rewrites what would end its
  /// comments.
  static func commentLines(_ text: String) -> [String] {
    guard let line = singleASCIILine(text) else { return commentLinesByCharacters(text) }
    return line.isEmpty ? [] : [line]
  }

  /// ``commentLines(_:)`` for any text, character by character.
  static func commentLinesByCharacters(_ text: String) -> [String] {
    var lines: [String] = []
    var current = ""
    for character in text {
      if character.isNewline {
        lines.append(current)
        current = ""
      } else if character.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) }) {
        current.append("\u{FFFD}")
      } else {
        current.append(character)
      }
    }
    lines.append(current)
    let trimmed = lines.map { String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
    guard let first = trimmed.firstIndex(where: { !$0.isEmpty }),
      let last = trimmed.lastIndex(where: { !$0.isEmpty })
    else { return [] }
    return Array(trimmed[first...last])
  }

  /// ``commentLines(_:)`` of a text of printable ASCII and tabs alone (most descriptions): the
  /// text without its trailing spaces and tabs, from its bytes; `nil` for any other text.
  static func singleASCIILine(_ text: String) -> String? {
    let utf8 = text.utf8
    var end = utf8.startIndex
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      utf8.formIndex(after: &index)
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
      case 0x21...0x7E: end = index
      default: return nil
      }
    }
    return String(Substring(utf8[..<end]))
  }

  /// C0 and C1 controls but tab, and DEL.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }

  /// The bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
  /// U+202A–U+202E, U+2066–U+2069): invisible, and able to reorder how a line is displayed.
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// `\u{1B}` for Swift, `\u001B` for Kotlin: the hex digits of a scalar, zero-padded.
  package static func hex(_ scalar: Unicode.Scalar, width: Int) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
