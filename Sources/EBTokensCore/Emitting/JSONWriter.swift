/// A minimal JSON writer with a fixed key order, so reports and listings are
/// byte-identical from run to run (Foundation's encoder sorts or shuffles keys
/// and formats numbers its own way).
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
    var output = ""
    write(value, indent: 0, into: &output)
    output += "\n"
    return output
  }

  private static func write(_ value: Value, indent: Int, into output: inout String) {
    switch value {
    case .string(let text): output += quoted(text)
    case .number(let number): output += number.isFinite ? NumberFormatting.shortest(number) : "null"
    case .integer(let number): output += String(number)
    case .numberText(let text): output += text
    case .bool(let flag): output += flag ? "true" : "false"
    case .null: output += "null"
    case .array(let items):
      guard !items.isEmpty else {
        output += "[]"
        return
      }
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += String(repeating: "  ", count: indent + 1)
        write(item, indent: indent + 1, into: &output)
        output += index == items.count - 1 ? "\n" : ",\n"
      }
      output += String(repeating: "  ", count: indent) + "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{\n"
      for (index, (key, member)) in members.enumerated() {
        output += String(repeating: "  ", count: indent + 1) + quoted(key) + ": "
        write(member, indent: indent + 1, into: &output)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += String(repeating: "  ", count: indent) + "}"
    }
  }

  /// A JSON string literal (RFC 8259): quotes, backslashes and control
  /// characters escaped; everything else kept as UTF-8.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
