import EBTokensModel
import EBTokensSupport

/// What `ebtokens list` prints: every resolved token in path order.
public enum TokenListing {
  public enum Format: String, CaseIterable, Sendable {
    case text
    case json
  }

  public static func render(_ tokens: TokenSet, format: Format) -> String {
    switch format {
    case .text: return text(tokens)
    case .json: return JSONWriter.render(.array(tokens.tokens.map(json)))
    }
  }

  static func json(_ token: Token) -> JSONWriter.Value {
    var members: [(String, JSONWriter.Value)] = [
      ("name", .string(token.name)),
      ("type", .string(token.type.rawValue)),
      ("value", jsonValue(token.value)),
      ("file", .string(token.location.file)),
      ("line", .integer(token.location.line)),
      ("column", .integer(token.location.column)),
    ]
    if let reference = token.reference {
      members.append(("reference", .string(reference.target.name)))
      if let factor = reference.alphaFactor { members.append(("alpha", .number(factor))) }
    }
    if let description = token.description { members.append(("description", .string(description))) }
    switch token.deprecation {
    case .deprecated?: members.append(("deprecated", .bool(true)))
    case .message(let message)?: members.append(("deprecated", .string(message)))
    case nil: break
    }
    return .object(members)
  }

  static func jsonValue(_ value: TokenValue) -> JSONWriter.Value {
    switch value {
    case .number(let number), .fontWeight(let number): return .number(number)
    case .fontFamily(let families): return .array(families.map(JSONWriter.Value.string))
    default: return .string(value.displayString)
    }
  }

  static func text(_ tokens: TokenSet) -> String {
    let header = ["NAME", "TYPE", "VALUE", "FROM", "DEFINED AT"]
    let rows = tokens.tokens.map { token -> [String] in
      var from = token.reference.map { "{\($0.target.name)}" } ?? ""
      if let factor = token.reference?.alphaFactor {
        from += " @ \(NumberFormatting.shortest(factor * 100))%"
      }
      return [token.name, token.type.rawValue, token.value.displayString, from, token.location.description]
    }
    return TextTable.render(header: header, rows: rows) + "\(tokens.tokens.count) tokens\n"
  }
}

/// Left-aligned columns separated by two spaces, trailing spaces trimmed. Cells are shown as
/// ``/EBTokensSupport/DiagnosticRenderer/printable(_:)`` shows text: names can hold escape sequences and line
/// breaks, which must not reach a terminal.
public enum TextTable {
  public static func render(header: [String], rows: [[String]]) -> String {
    let rows = rows.map { $0.map(DiagnosticRenderer.printable) }
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    var output = ""
    for row in [header] + rows {
      var line = ""
      for (column, cell) in row.enumerated() {
        line += cell
        if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
      }
      output += String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
    }
    return output
  }
}
