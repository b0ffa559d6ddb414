/// Swift identifiers and declarations for the generated package.
///
/// Groups are `enum` namespaces in UpperCamelCase, tokens `static let`s in
/// lowerCamelCase. Standard-library types are written `Swift.Double`, so a group
/// named `double` cannot shadow them; `Swift` and `EBColor` are reserved.
struct SwiftLanguage: NamespaceLanguage {
  let name = "Swift"
  let indentUnit = "  "
  let reservedIdentifiers: Set<String> = ["EBColor", "Swift"]

  /// Reserved words that need backticks to be identifiers.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
    "while",
    "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
  ]

  /// After a dot, `Type` and `Protocol` always mean the metatype, backticks or not:
  /// `Font.Type` could never reach a group named `type`, so such a group is `Type_`.
  static let metatypeNames: Set<String> = ["Type", "Protocol"]

  func namespaceIdentifier(_ words: [String]) -> String {
    escaped(IdentifierWords.upperCamel(words))
  }

  func memberIdentifier(_ words: [String]) -> String {
    escaped(IdentifierWords.lowerCamel(words))
  }

  private func escaped(_ identifier: String) -> String {
    if Self.metatypeNames.contains(identifier) { return identifier + "_" }
    if Self.keywords.contains(identifier) { return "`\(identifier)`" }
    return identifier
  }

  func declaration(of token: Token) -> Result<TokenDeclaration, EmittingError> {
    let deprecation = token.deprecation.map {
      DeprecationContext(message: $0.message.map(Self.stringLiteral))
    }
    return .success(
      TokenDeclaration(
        type: Self.type(of: token.type), value: Self.literal(token.value),
        documentation: token.description.map(SourceText.commentLines) ?? [], deprecation: deprecation))
  }

  static func type(of type: TokenType) -> String {
    switch type {
    case .color: return "EBColor"
    case .dimension, .number, .fontWeight, .duration: return "Swift.Double"
    case .fontFamily: return "[Swift.String]"
    // Not generated yet: ``OutputRenderer`` leaves composite tokens out.
    case .strokeStyle, .border, .shadow, .typography: return "Never"
    }
  }

  /// Dimensions in points (1px = 1pt, 1rem = 16pt), durations in seconds.
  static func literal(_ value: TokenValue) -> String {
    switch value {
    case .color(let color):
      let alpha = color.alpha == 1 ? "" : ", alpha: \(NumberFormatting.shortest(color.alpha))"
      guard color.hasExact8BitRGB else {
        let channels = [color.red, color.green, color.blue].map(NumberFormatting.shortest)
        return "EBColor(red: \(channels[0]), green: \(channels[1]), blue: \(channels[2])\(alpha))"
      }
      return "EBColor(hex: 0x\(color.opaqueHex.dropFirst())\(alpha))"
    case .dimension(let dimension): return NumberFormatting.shortest(dimension.points)
    case .number(let number), .fontWeight(let number): return NumberFormatting.shortest(number)
    case .fontFamily(let families): return "[" + families.map(stringLiteral).joined(separator: ", ") + "]"
    case .duration(let duration): return NumberFormatting.shortest(duration.milliseconds / 1000)
    // Not generated yet: ``OutputRenderer`` leaves composite tokens out.
    case .strokeStyle, .border, .shadow, .typography: return ""
    }
  }

  /// A Swift string literal of `text`: quotes, backslashes (so no `\(` interpolation),
  /// control characters, line separators and bidirectional controls escaped, so the literal
  /// is one line that reads as it is and holds exactly `text`.
  static func stringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      default:
        if SourceText.isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
          || SourceText.isBidiControl(scalar)
        {
          literal += "\\u{\(SourceText.hex(scalar, width: 1))}"
        } else {
          literal.unicodeScalars.append(scalar)
        }
      }
    }
    return literal + "\""
  }
}
