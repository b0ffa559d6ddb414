import Foundation

/// Kotlin identifiers and declarations for Jetpack Compose.
///
/// Groups are nested `object`s in UpperCamelCase, tokens `val`s in lowerCamelCase.
/// Compose's `Color` is imported as `ComposeColor`, because token groups are often
/// named `color` and an `object Color` would shadow it; `ComposeColor`, `Dp` and
/// `listOf` are reserved. Standard types are written `kotlin.Double`.
struct KotlinLanguage: NamespaceLanguage {
  let name = "Kotlin"
  let indentUnit = "    "
  let reservedIdentifiers: Set<String> = ["ComposeColor", "Dp", "listOf"]

  /// Kotlin's hard keywords, which need backticks to be identifiers.
  static let keywords: Set<String> = [
    "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
    "null",
    "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val",
    "var",
    "when", "while",
  ]

  func namespaceIdentifier(_ words: [String]) -> String {
    Self.escaped(IdentifierWords.upperCamel(words))
  }

  func memberIdentifier(_ words: [String]) -> String {
    Self.escaped(IdentifierWords.lowerCamel(words))
  }

  /// Keywords in backticks; so is any name beyond ASCII, which Kotlin's lexer accepts only if
  /// its (the JDK's) Unicode tables know the letters, and which backticks accept regardless.
  /// `` `größe` `` and `größe` are the same name.
  static func escaped(_ identifier: String) -> String {
    keywords.contains(identifier) || !identifier.unicodeScalars.allSatisfy(\.isASCII)
      ? "`\(identifier)`" : identifier
  }

  func declaration(of token: Token) -> Result<TokenDeclaration, EmittingError> {
    let value: String
    switch Self.literal(token.value) {
    case .success(let literal): value = literal
    case .failure(let problem):
      return .failure(
        .unrepresentableValue(
          language: name, token: token.name, problem: problem.message, at: token.valueLocation))
    }
    let deprecation = token.deprecation.map {
      DeprecationContext(message: $0.message.map(Self.stringLiteral))
    }
    return .success(
      TokenDeclaration(
        type: Self.type(of: token.type), value: value,
        documentation: token.description.map(Self.documentationLines) ?? [], deprecation: deprecation))
  }

  static func type(of type: TokenType) -> String {
    switch type {
    case .color: return "ComposeColor"
    case .dimension: return "Dp"
    case .number: return "kotlin.Double"
    case .fontWeight, .duration: return "kotlin.Int"
    case .fontFamily: return "kotlin.collections.List<kotlin.String>"
    // Not generated yet: ``OutputRenderer`` leaves composite tokens out.
    case .strokeStyle, .border, .shadow, .typography: return "Nothing"
    }
  }

  /// Colors as 32-bit ARGB (Compose's `Color(0xAARRGGBB)`), dimensions in dp (1px =
  /// 1dp, 1rem = 16dp), font weights as Compose's `FontWeight` takes them (a whole
  /// number), durations in whole milliseconds (as Compose animations take them).
  static func literal(_ value: TokenValue) -> Result<String, ValueProblem> {
    switch value {
    case .color(let color):
      let argb = [color.alpha8, color.red8, color.green8, color.blue8]
      return .success(
        "ComposeColor(0x" + argb.map { SourceText.hex(Unicode.Scalar($0), width: 2) }.joined() + ")")
    case .dimension(let dimension):
      let points = NumberFormatting.shortest(dimension.points)
      return .success(dimension.points < 0 ? "(\(points)).dp" : "\(points).dp")
    case .number(let number):
      return .success(doubleLiteral(number))
    case .fontFamily(let families):
      return .success("listOf(" + families.map(stringLiteral).joined(separator: ", ") + ")")
    case .fontWeight(let weight):
      return wholeNumber(weight, what: "a font weight")
    case .duration(let duration):
      return wholeNumber(duration.milliseconds, what: "a duration in milliseconds")
    // Not generated yet: ``OutputRenderer`` leaves composite tokens out.
    case .strokeStyle, .border, .shadow, .typography:
      return .failure(ValueProblem("composite values are not generated for Kotlin yet"))
    }
  }

  private static func doubleLiteral(_ number: Double) -> String {
    let text = NumberFormatting.shortest(number)
    return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
  }

  private static func wholeNumber(_ number: Double, what: String) -> Result<String, ValueProblem> {
    guard number == number.rounded() else {
      return .failure(
        ValueProblem("\(what) must be a whole number in Kotlin, not \(NumberFormatting.shortest(number))"))
    }
    guard abs(number) <= Double(Int32.max) else {
      return .failure(
        ValueProblem("\(what) must fit in a Kotlin Int, not \(NumberFormatting.shortest(number))"))
    }
    return .success(NumberFormatting.shortest(number))
  }

  /// A Kotlin string literal: quotes, backslashes, `$` (string templates), control
  /// characters, line separators and bidirectional controls escaped.
  static func stringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "$": literal += "\\$"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      default:
        if SourceText.isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
          || SourceText.isBidiControl(scalar)
        {
          literal += "\\u" + SourceText.hex(scalar, width: 4)
        } else {
          literal.unicodeScalars.append(scalar)
        }
      }
    }
    return literal + "\""
  }

  /// KDoc lines. Kotlin block comments nest, so `/*` would open a comment that the
  /// closing `*/` only ends, and `*/` would end the KDoc early: both are written with
  /// the HTML entity for `/`, which KDoc shows as `/`.
  static func documentationLines(_ text: String) -> [String] {
    SourceText.commentLines(text).map {
      $0.replacingOccurrences(of: "*/", with: "*&#47;").replacingOccurrences(of: "/*", with: "&#47;*")
    }
  }
}
