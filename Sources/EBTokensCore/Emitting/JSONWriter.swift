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

  private static func write(_ value: Value, indent: Int, into output: inout [UInt8]) {
    switch value {
    case .string(let text): appendQuoted(text, to: &output)
    case .number(let number): output += (number.isFinite ? NumberFormatting.shortest(number) : "null").utf8
    case .integer(let number): output += String(number).utf8
    case .numberText(let text): output += text.utf8
    case .bool(let flag): output += (flag ? "true" : "false").utf8
    case .null: output += "null".utf8
    case .array(let items):
      guard !items.isEmpty else {
        output += "[]".utf8
        return
      }
      output += "[\n".utf8
      for (index, item) in items.enumerated() {
        appendIndent(indent + 1, to: &output)
        write(item, indent: indent + 1, into: &output)
        output += (index == items.count - 1 ? "\n" : ",\n").utf8
      }
      appendIndent(indent, to: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}".utf8
        return
      }
      output += "{\n".utf8
      for (index, (key, member)) in members.enumerated() {
        appendIndent(indent + 1, to: &output)
        appendQuoted(key, to: &output)
        output += ": ".utf8
        write(member, indent: indent + 1, into: &output)
        output += (index == members.count - 1 ? "\n" : ",\n").utf8
      }
      appendIndent(indent, to: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func appendIndent(_ level: Int, to output: inout [UInt8]) {
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// A JSON string literal (RFC 8259): quotes, backslashes and control characters
  /// escaped, everything else kept as UTF-8. Escapes byte by byte: every byte that needs escaping is ASCII, except U+2028
  /// and U+2029 (E2 80 A8/A9), escaped because JavaScript treats them as line ends.
  private static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""): output += "\\\"".utf8
      case UInt8(ascii: "\\"): output += "\\\\".utf8
      case UInt8(ascii: "\n"): output += "\\n".utf8
      case UInt8(ascii: "\r"): output += "\\r".utf8
      case UInt8(ascii: "\t"): output += "\\t".utf8
      case 0..<0x20, 0x7F:
        output += "\\u00".utf8
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0xF)])
      case 0xE2
      where index + 2 < bytes.count && bytes[index + 1] == 0x80
        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
        output += (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8
        index += 2
      default:
        output.append(byte)
      }
      index += 1
    }
    output.append(UInt8(ascii: "\""))
  }
}
