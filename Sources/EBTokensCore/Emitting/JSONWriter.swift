/// A minimal JSON writer with a fixed key order, so reports and listings are
/// byte-identical from run to run (Foundation's encoder sorts or shuffles keys
/// and formats numbers its own way).
///
/// It writes UTF-8 bytes into one buffer: a 50,000-pair audit is a 20 MB
/// document, and building it through `String` appends costs several times more.
public struct JSONWriter {
  public indirect enum Value: Sendable {
    case string(String)
    case number(Double)
    /// A JSON number written exactly as given, digits and all (the caller checks it is one).
    case numberText(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([Value])
    /// Keys in the order given.
    case object([(String, Value)])
  }

  /// Pretty-printed with two-space indentation and a final newline.
  public static func render(_ value: Value) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(4096)
    write(value, indent: 0, into: &output)
    output.append(UInt8(ascii: "\n"))
    return String(decoding: output, as: UTF8.self)
  }

  /// What ``render(_:)`` prints for an object of `members` and, last, a member `key` holding an
  /// array of `count` objects, each written member by member by `element` (given the element's
  /// position): a document of many thousand objects is never held as one `Value`.
  ///
  /// The document grows in one buffer, given room for all of it as soon as its first megabyte
  /// shows how long an element is, so a 20 MB document is not copied again and again as it grows.
  static func render(
    _ members: [(String, Value)], thenArray key: String, count: Int,
    element: (Int, inout ObjectWriter) -> Void
  ) -> [UInt8] {
    let sampleSize = 1 << 20
    var writer = ObjectWriter(indent: 2)
    writer.output.reserveCapacity(sampleSize + 4096)
    var sized = false
    writer.output.appendText("{\n")
    for (member, value) in members {
      appendIndent(1, to: &writer.output)
      appendQuoted(member, to: &writer.output)
      writer.output.appendText(": ")
      write(value, indent: 1, into: &writer.output)
      writer.output.appendText(",\n")
    }
    appendIndent(1, to: &writer.output)
    appendQuoted(key, to: &writer.output)
    writer.output.appendText(": ")
    if count == 0 {
      writer.output.appendText("[]")
    } else {
      writer.output.appendText("[\n")
      for index in 0..<count {
        appendIndent(2, to: &writer.output)
        writer.begin()
        element(index, &writer)
        writer.end()
        writer.output.appendText(index == count - 1 ? "\n" : ",\n")
        if !sized, writer.output.count >= sampleSize {
          // Room for the whole document, with a tenth to spare, estimated from the elements so far.
          let perElement = Double(writer.output.count) / Double(index + 1)
          writer.output.reserveCapacity(Int(perElement * Double(count) * 1.1) + 4096)
          sized = true
        }
      }
      appendIndent(1, to: &writer.output)
      writer.output.append(UInt8(ascii: "]"))
    }
    writer.output.appendText("\n}\n")
    return writer.output
  }

  /// Writes one object of a document member by member, laid out as ``render(_:)`` lays out an
  /// `.object` at the same depth.
  struct ObjectWriter {
    fileprivate var output: [UInt8] = []
    /// The depth of the object itself; its members are one deeper.
    fileprivate let indent: Int
    private var isEmpty = true

    fileprivate init(indent: Int) {
      self.indent = indent
    }

    fileprivate mutating func begin() {
      output.append(UInt8(ascii: "{"))
      isEmpty = true
    }

    /// A string member. Each pair of a report writes a dozen members: its keys are constants
    /// written as they are (they must need no escaping) and its values go straight into the
    /// bytes, never through a `Value`.
    mutating func member(_ key: StaticString, string: String) {
      appendKey(key)
      JSONWriter.appendQuoted(string, to: &output)
    }

    /// A member holding `color.hex`, or `color.opaqueHex` when `opaque`.
    mutating func member(_ key: StaticString, color: Color, opaque: Bool = false) {
      appendKey(key)
      output.append(UInt8(ascii: "\""))
      color.appendHex(to: &output, includingAlpha: !opaque)
      output.append(UInt8(ascii: "\""))
    }

    /// A number as ``JSONWriter/Value/number(_:)`` writes it; `nil` is `null`.
    mutating func member(_ key: StaticString, number: Double?) {
      appendKey(key)
      if let number {
        JSONWriter.appendNumber(number, to: &output)
      } else {
        output.appendText("null")
      }
    }

    mutating func member(_ key: StaticString, integer: Int) {
      appendKey(key)
      JSONWriter.appendInteger(Int64(integer), to: &output)
    }

    mutating func member(_ key: StaticString, bool: Bool) {
      appendKey(key)
      output.appendText(bool ? "true" : "false")
    }

    /// The line start, the quoted key and its colon, staged and appended at once: a report's
    /// 65,000 keys cost more in appends than in bytes.
    private mutating func appendKey(_ key: StaticString) {
      let lineStart = JSONWriter.lineStarts.count
      let keyStart = 2 + (indent + 1) * 2
      guard keyStart <= lineStart else {
        JSONWriter.appendLineStart(indent + 1, comma: !isEmpty, to: &output)
        isEmpty = false
        output.append(UInt8(ascii: "\""))
        output.appendText(key)
        output.appendText("\": ")
        return
      }
      let first = isEmpty ? 1 : 0
      isEmpty = false
      let length = keyStart + 1 + key.utf8CodeUnitCount + 3
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { text in
        _ = JSONWriter.lineStarts.withUnsafeBufferPointer { text.initialize(fromContentsOf: $0[..<keyStart]) }
        text[keyStart] = UInt8(ascii: "\"")
        key.withUTF8Buffer { _ = text[(keyStart + 1)...].initialize(fromContentsOf: $0) }
        let colon = keyStart + 1 + key.utf8CodeUnitCount
        text[colon] = UInt8(ascii: "\"")
        text[colon + 1] = UInt8(ascii: ":")
        text[colon + 2] = UInt8(ascii: " ")
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[first..<length]))
      }
    }

    fileprivate mutating func end() {
      guard !isEmpty else {
        output.append(UInt8(ascii: "}"))
        return
      }
      output.append(UInt8(ascii: "\n"))
      JSONWriter.appendIndent(indent, to: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func write(_ value: Value, indent: Int, into output: inout [UInt8]) {
    switch value {
    case .string(let text): appendQuoted(text, to: &output)
    case .number(let number): appendNumber(number, to: &output)
    case .integer(let number): appendInteger(Int64(number), to: &output)
    case .numberText(let text): output += text.utf8
    case .bool(let flag): output.appendText(flag ? "true" : "false")
    case .null: output.appendText("null")
    case .array(let items):
      guard !items.isEmpty else {
        output.appendText("[]")
        return
      }
      output.appendText("[\n")
      for (index, item) in items.enumerated() {
        appendIndent(indent + 1, to: &output)
        write(item, indent: indent + 1, into: &output)
        output.appendText(index == items.count - 1 ? "\n" : ",\n")
      }
      appendIndent(indent, to: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        output.appendText("{}")
        return
      }
      output.appendText("{\n")
      for (index, (key, member)) in members.enumerated() {
        appendIndent(indent + 1, to: &output)
        appendQuoted(key, to: &output)
        output.appendText(": ")
        write(member, indent: indent + 1, into: &output)
        output.appendText(index == members.count - 1 ? "\n" : ",\n")
      }
      appendIndent(indent, to: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  /// `NumberFormatting.shortest(number)`, or `null` when it is not finite, written without an
  /// intermediate string: whole numbers digit by digit, others by Swift's own shortest
  /// round-trip formatting (what `"\(number)"` prints, streamed into the bytes).
  private static func appendNumber(_ number: Double, to output: inout [UInt8]) {
    guard number.isFinite else {
      output.appendText("null")
      return
    }
    if number == number.rounded(), abs(number) < 1e15 {
      appendInteger(Int64(number), to: &output)
      return
    }
    // The buffer is moved into the stream and back, never copied.
    var stream = ByteStream(bytes: output)
    output = []
    number.write(to: &stream)
    output = stream.bytes
  }

  /// `String(number)`'s digits, appended.
  private static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
    if number < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    // 20 digits hold any UInt64, written from the last.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// A text stream into a byte buffer, for `Double.write(to:)`.
  private struct ByteStream: TextOutputStream {
    var bytes: [UInt8]

    mutating func write(_ string: String) { bytes += string.utf8 }
  }

  private static func appendIndent(_ level: Int, to output: inout [UInt8]) {
    appendLines(level, from: 2, to: &output)
  }

  /// A line break, after a comma when `comma`, and the indentation of `level`.
  private static func appendLineStart(_ level: Int, comma: Bool, to output: inout [UInt8]) {
    appendLines(level, from: comma ? 0 : 1, to: &output)
  }

  /// ``lineStarts`` from `start` to the end of the indentation of `level`.
  private static func appendLines(_ level: Int, from start: Int, to output: inout [UInt8]) {
    let end = 2 + level * 2
    guard end <= lineStarts.count else {
      lineStarts.withUnsafeBufferPointer {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<2]))
      }
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
      return
    }
    // Copied from a row: appending a repeated element goes byte by byte.
    lineStarts.withUnsafeBufferPointer {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end]))
    }
  }

  /// A comma, a line break and a row of spaces: a member's line start is one copy.
  fileprivate static let lineStarts = Array(",\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 64)

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// A JSON string literal (RFC 8259): quotes, backslashes and control characters
  /// escaped, everything else kept as UTF-8. Escapes byte by byte: every byte that needs escaping is ASCII, except U+2028
  /// and U+2029 (E2 80 A8/A9), escaped because JavaScript treats them as line ends.
  private static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      // Most text needs no escaping: a quick check of each byte, then one copy.
      let plain = !bytes.contains { byte in
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
          || byte == 0xE2
      }
      if plain {
        output.append(contentsOf: bytes)
        return
      }
      // Runs that need no escaping are copied whole.
      var runStart = 0
      var index = 0
      func escape(_ escaped: String, skipping length: Int) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output += escaped.utf8
        index += length
        runStart = index
      }
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): escape("\\\"", skipping: 1)
        case UInt8(ascii: "\\"): escape("\\\\", skipping: 1)
        case UInt8(ascii: "\n"): escape("\\n", skipping: 1)
        case UInt8(ascii: "\r"): escape("\\r", skipping: 1)
        case UInt8(ascii: "\t"): escape("\\t", skipping: 1)
        case 0..<0x20, 0x7F:
          let hex = [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
          escape("\\u00" + String(decoding: hex, as: UTF8.self), skipping: 1)
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          escape(bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", skipping: 3)
        default:
          index += 1
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    output.append(UInt8(ascii: "\""))
  }
}

extension [UInt8] {
  /// Appends the UTF-8 of a literal: a writer's punctuation and markup, without a generic sequence
  /// append.
  mutating func appendText(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }
}
