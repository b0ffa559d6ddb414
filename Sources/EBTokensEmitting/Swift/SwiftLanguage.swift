import EBTokensModel
import EBTokensSupport

/// Swift identifiers and declarations for the generated package.
///
/// Groups are `enum` namespaces in UpperCamelCase, tokens `static let`s in
/// lowerCamelCase. Standard-library types are written `Swift.Double`, so a group
/// named `double` cannot shadow them; `Swift`, `EBColor` and the composite values' types
/// (`EBTextStyle`, `EBShadow`, `EBBorder`, `EBStrokeStyle`, `EBCubicBezier`, `EBTransition`,
/// `EBGradient`, `EBGradientStop`) are reserved.
struct SwiftLanguage: NamespaceLanguage {
  let name = "Swift"
  let indentUnit = "  "
  let reservedIdentifiers: Set<String> = [
    "EBColor", "Swift", "EBTextStyle", "EBShadow", "EBBorder", "EBStrokeStyle", "EBCubicBezier",
    "EBTransition",
    "EBGradient", "EBGradientStop",
  ]

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
      DeprecationContext(message: $0.message.map(Self.escaper.literal))
    }
    return .success(
      TokenDeclaration(
        type: Self.type(of: token.type), value: Self.literal(token.value),
        documentation: token.description.map(Self.escaper.commentLines) ?? [], deprecation: deprecation,
        extensions: token.extensions.map { Self.escaper.literal(DTCGExport.jsonText($0)) }))
  }

  /// `EBTokens.Color.Text.title`, or `EBTokens.Color.Text.title.opacity(0.8)` for an `@ 80%` alias:
  /// `opacity` multiplies the alpha, as the modifier does.
  func alias(of target: String, alphaFactor: Double?, value: TokenValue) -> String {
    alphaFactor.map { "\(target).opacity(\(NumberFormatting.shortest($0)))" } ?? target
  }

  static func type(of type: TokenType) -> String {
    switch type {
    case .color: return "EBColor"
    case .dimension, .number, .fontWeight, .duration: return "Swift.Double"
    case .fontFamily: return "[Swift.String]"
    case .strokeStyle: return "EBStrokeStyle"
    case .border: return "EBBorder"
    case .shadow: return "[EBShadow]"
    case .typography: return "EBTextStyle"
    case .cubicBezier: return "EBCubicBezier"
    case .transition: return "EBTransition"
    case .gradient: return "EBGradient"
    }
  }

  /// Dimensions in points (1px = 1pt, 1rem = 16pt), durations in seconds; a typography's line
  /// height in points too (its size times DTCG's multiplier), and a stroke style an `EBStrokeStyle`:
  /// its CSS keyword (a dash pattern's is `dashed`), its dash pattern in points, its line cap.
  /// A transition's duration and delay are in seconds; a gradient's stops keep their order.
  static func literal(_ value: TokenValue) -> String {
    switch value {
    case .color(let color):
      let sRGB: String
      if color.hasExact8BitRGB {
        sRGB = hexColor(color)
      } else {
        let alpha = color.alpha == 1 ? "" : ", alpha: \(NumberFormatting.shortest(color.alpha))"
        let channels = [color.red, color.green, color.blue].map(NumberFormatting.shortest)
        sRGB = "EBColor(red: \(channels[0]), green: \(channels[1]), blue: \(channels[2])\(alpha))"
      }
      guard let wideGamut = color.wideGamut else { return sRGB }
      // Outside sRGB: the sRGB gamut mapping, and the color in Display P3 for what can show it.
      let displayP3 = wideGamut.displayP3.map(NumberFormatting.shortest)
      return sRGB.dropLast()
        + ", displayP3: EBColor.DisplayP3(red: \(displayP3[0]), green: \(displayP3[1]), blue: \(displayP3[2])))"
    case .dimension(let dimension): return NumberFormatting.shortest(dimension.points)
    case .number(let number), .fontWeight(let number): return NumberFormatting.shortest(number)
    case .fontFamily(let families): return "[" + families.map(escaper.literal).joined(separator: ", ") + "]"
    case .duration(let duration): return NumberFormatting.shortest(duration.milliseconds / 1000)
    case .strokeStyle(let style): return strokeStyle(style)
    case .border(let border):
      return "EBBorder(color: \(literal(.color(border.color))), width: \(points(border.width)), "
        + "style: \(strokeStyle(border.style)))"
    case .shadow(let layers):
      let shadows = layers.map { shadow in
        "EBShadow(color: \(literal(.color(shadow.color))), offsetX: \(points(shadow.offsetX)), "
          + "offsetY: \(points(shadow.offsetY)), blur: \(points(shadow.blur)), spread: \(points(shadow.spread))"
          + (shadow.inset ? ", inset: true)" : ")")
      }
      return "[" + shadows.joined(separator: ", ") + "]"
    case .typography(let typography):
      return "EBTextStyle(families: \(literal(.fontFamily(typography.fontFamily))), "
        + "size: \(points(typography.fontSize)), weight: \(NumberFormatting.shortest(typography.fontWeight)), "
        + "lineHeight: \(points(typography.absoluteLineHeight)), tracking: \(points(typography.letterSpacing)))"
    case .cubicBezier(let curve):
      return
        "EBCubicBezier(x1: \(NumberFormatting.shortest(curve.x1)), y1: \(NumberFormatting.shortest(curve.y1)), x2: \(NumberFormatting.shortest(curve.x2)), "
        + "y2: \(NumberFormatting.shortest(curve.y2)))"
    case .transition(let transition):
      return "EBTransition(duration: \(literal(.duration(transition.duration))), "
        + "delay: \(literal(.duration(transition.delay))), "
        + "timingFunction: \(literal(.cubicBezier(transition.timingFunction))))"
    case .gradient(let stops):
      let written = stops.map { stop in
        "EBGradientStop(color: \(literal(.color(stop.color))), position: \(NumberFormatting.shortest(stop.position)))"
      }
      return "EBGradient(stops: [" + written.joined(separator: ", ") + "])"
    }
  }

  /// `EBStrokeStyle(keyword: "dashed", dash: [4, 2], lineCap: .round)`; a keyword has no dash, and
  /// the butt cap is left out.
  private static func strokeStyle(_ style: StrokeStyle) -> String {
    let dash =
      style.dashLengths.isEmpty
      ? "" : ", dash: [" + style.dashLengths.map(points).joined(separator: ", ") + "]"
    let lineCap = style.drawnLineCap == .butt ? "" : ", lineCap: .\(style.drawnLineCap.rawValue)"
    return "EBStrokeStyle(keyword: \(escaper.literal(style.cssKeyword))\(dash)\(lineCap))"
  }

  /// `EBColor(hex: 0x072592, alpha: 0.8)` of a color whose channels are exact bytes, made at once:
  /// most tokens are colors.
  private static func hexColor(_ color: Color) -> String {
    Color.hexLiteral(
      "EBColor(hex: 0x", red: color.red8, green: color.green8, blue: color.blue8,
      suffix: color.alpha == 1 ? ")" : ", alpha: \(NumberFormatting.shortest(color.alpha)))")
  }

  /// A dimension in points, to six decimals (a line height is a product, `18 × 1.2` is
  /// 21.599999999999998 in floating point, and no screen sees a millionth of a point).
  private static func points(_ dimension: Dimension) -> String {
    NumberFormatting.shortest((dimension.points * 1_000_000).rounded() / 1_000_000)
  }

  /// Swift's string literals and comments. A literal escapes quotes, backslashes (so no `\(`
  /// interpolation), control characters, line separators and bidirectional controls, so it is one
  /// line that reads as it is and holds exactly its text. Documentation is `///` lines, which only
  /// a line break ends, and comment lines never hold one.
  static let escaper = StringEscaper(
    quote: "\"",
    rules: [
      (.scalar("\""), .text("\\\"")), (.scalar("\\"), .text("\\\\")), (.scalar("\n"), .text("\\n")),
      (.scalar("\r"), .text("\\r")), (.scalar("\t"), .text("\\t")),
      (.controls, hex), (.lineSeparators, hex), (.bidiControls, hex),
    ])

  /// `\u{1B}`.
  private static let hex = StringEscaper.Spelling.hex(prefix: "\\u{", digits: 1, suffix: "}")
}
