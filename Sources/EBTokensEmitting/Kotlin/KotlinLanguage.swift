import EBTokensModel
import EBTokensSupport
import Foundation

/// Kotlin identifiers and declarations for Jetpack Compose.
///
/// Groups are nested `object`s in UpperCamelCase, tokens `val`s in lowerCamelCase.
/// Compose's `Color` is imported as `ComposeColor`, because token groups are often
/// named `color` and an `object Color` would shadow it; `ComposeColor`, `ColorSpaces` (Display P3
/// colors name it), `Dp`, `listOf` and the composite values' types (`TextStyle`, `FontWeight`,
/// `EBShadow`, `EBBorder`, `EBStrokeStyle`, `StrokeCap`, `CubicBezierEasing`, `EBTransition`,
/// `EBGradient`) are reserved. Standard types are written
/// `kotlin.Double`.
struct KotlinLanguage: NamespaceLanguage {
  let name = "Kotlin"
  let indentUnit = "    "
  let reservedIdentifiers: Set<String> = [
    "ComposeColor", "ColorSpaces", "Dp", "listOf", "TextStyle", "FontWeight", "EBShadow", "EBBorder",
    "EBStrokeStyle", "StrokeCap", "CubicBezierEasing", "EBTransition", "EBGradient",
  ]

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
    keywords.contains(identifier) || !identifier.allUTF8Bytes { $0 < 0x80 }
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
      DeprecationContext(message: $0.message.map(Self.escaper.literal))
    }
    var documentation = token.description.map(Self.escaper.commentLines) ?? []
    if case .typography(let typography) = token.value {
      // Compose takes fonts as app resources, so the style names the family it is meant for.
      if !documentation.isEmpty { documentation.append("") }
      documentation += Self.escaper.commentLines(
        "Font family: \(typography.fontFamily.joined(separator: ", ")); set it with `copy(fontFamily = …)`.")
    }
    return .success(
      TokenDeclaration(
        type: Self.type(of: token.type), value: value, documentation: documentation, deprecation: deprecation,
        extensions: token.extensions.map { Self.escaper.literal(DTCGExport.jsonText($0)) })
    )
  }

  /// `EBTokens.Color.Text.title`, or `EBTokens.Color.Text.title.copy(alpha = 0.8f)` for an `@ 80%`
  /// alias: Compose's `copy` sets the alpha, so it is the alias's own (the target's times the factor).
  func alias(of target: String, alphaFactor: Double?, value: TokenValue) -> String {
    guard alphaFactor != nil, case .color(let color) = value else { return target }
    return "\(target).copy(alpha = \(NumberFormatting.shortest(color.alpha))f)"
  }

  static func type(of type: TokenType) -> String {
    switch type {
    case .color: return "ComposeColor"
    case .dimension: return "Dp"
    case .number: return "kotlin.Double"
    case .fontWeight, .duration: return "kotlin.Int"
    case .fontFamily: return "kotlin.collections.List<kotlin.String>"
    case .strokeStyle: return "EBStrokeStyle"
    case .border: return "EBBorder"
    case .shadow: return "kotlin.collections.List<EBShadow>"
    case .typography: return "TextStyle"
    case .cubicBezier: return "CubicBezierEasing"
    case .transition: return "EBTransition"
    case .gradient: return "EBGradient"
    }
  }

  /// Colors as 32-bit ARGB (Compose's `Color(0xAARRGGBB)`), dimensions in dp (1px =
  /// 1dp, 1rem = 16dp), font weights as Compose's `FontWeight` takes them (a whole
  /// number), durations in whole milliseconds (as Compose animations take them). A
  /// typography is a Compose `TextStyle` whose sizes are sp, as text is sized on Android
  /// (1px = 1sp, so it scales with the user's font size); its family is not set, since Compose
  /// takes fonts as app resources (the documentation names it). A stroke style is an
  /// `EBStrokeStyle`: its CSS keyword (a dash pattern's is `dashed`), dash pattern in dp, `StrokeCap`.
  /// A cubic Bézier is Compose's `CubicBezierEasing`, a transition's duration and delay whole
  /// milliseconds (as `tween` takes them), a gradient's stops `position to color` pairs (as
  /// `Brush`'s gradients take them).
  static func literal(_ value: TokenValue) -> Result<String, ValueProblem> {
    switch value {
    case .color(let color):
      return .success(Self.color(color))
    case .dimension(let dimension):
      let points = NumberFormatting.shortest(dimension.points)
      return .success(dimension.points < 0 ? "(\(points)).dp" : "\(points).dp")
    case .number(let number):
      return .success(doubleLiteral(number))
    case .fontFamily(let families):
      return .success("listOf(" + families.map(escaper.literal).joined(separator: ", ") + ")")
    case .fontWeight(let weight):
      return wholeNumber(weight, what: "a font weight")
    case .duration(let duration):
      return wholeNumber(duration.milliseconds, what: "a duration in milliseconds")
    case .strokeStyle(let style):
      return .success(strokeStyle(style))
    case .border(let border):
      return .success(
        "EBBorder(color = \(color(border.color)), width = \(unit(border.width, "dp")), "
          + "style = \(strokeStyle(border.style)))")
    case .shadow(let layers):
      let shadows = layers.map { shadow in
        "EBShadow(color = \(color(shadow.color)), offsetX = \(unit(shadow.offsetX, "dp")), "
          + "offsetY = \(unit(shadow.offsetY, "dp")), blur = \(unit(shadow.blur, "dp")), "
          + "spread = \(unit(shadow.spread, "dp"))" + (shadow.inset ? ", inset = true)" : ")")
      }
      return .success("listOf(" + shadows.joined(separator: ", ") + ")")
    case .typography(let typography):
      return wholeNumber(typography.fontWeight, what: "a font weight").map { weight in
        "TextStyle(fontSize = \(unit(typography.fontSize, "sp")), fontWeight = FontWeight(\(weight)), "
          + "lineHeight = \(unit(typography.absoluteLineHeight, "sp")), "
          + "letterSpacing = \(unit(typography.letterSpacing, "sp")))"
      }
    case .cubicBezier(let curve):
      return .success(easing(curve))
    case .transition(let transition):
      return wholeNumber(transition.duration.milliseconds, what: "a duration in milliseconds").flatMap {
        duration in
        wholeNumber(transition.delay.milliseconds, what: "a delay in milliseconds").map { delay in
          "EBTransition(durationMillis = \(duration), delayMillis = \(delay), "
            + "easing = \(easing(transition.timingFunction)))"
        }
      }
    case .gradient(let stops):
      let pairs = stops.map { "\(floatLiteral($0.position)) to \(color($0.color))" }
      return .success("EBGradient(colorStops = listOf(" + pairs.joined(separator: ", ") + "))")
    }
  }

  /// `EBStrokeStyle(keyword = "dashed", dashArray = listOf(4.dp, 2.dp), cap = StrokeCap.Round)`; a
  /// keyword has no dash array, and the butt cap is left out.
  private static func strokeStyle(_ style: StrokeStyle) -> String {
    let lengths = style.dashLengths.map { unit($0, "dp") }.joined(separator: ", ")
    let dashArray = style.dashLengths.isEmpty ? "" : ", dashArray = listOf(\(lengths))"
    let cap =
      style.drawnLineCap == .butt ? "" : ", cap = StrokeCap.\(style.drawnLineCap.rawValue.capitalized)"
    return "EBStrokeStyle(keyword = \(escaper.literal(style.cssKeyword))\(dashArray)\(cap))"
  }

  /// `CubicBezierEasing(0.4f, 0.0f, 0.2f, 1.0f)`.
  private static func easing(_ curve: CubicBezier) -> String {
    "CubicBezierEasing(" + curve.points.map(floatLiteral).joined(separator: ", ") + ")"
  }

  /// `0.5f`, `1.0f`, `-0.25f`: Compose takes curves and stop positions as Floats.
  private static func floatLiteral(_ number: Double) -> String {
    doubleLiteral(number) + "f"
  }

  /// `ComposeColor(0xFF072592)`; a color written outside sRGB in Display P3, as Compose holds it:
  /// `ComposeColor(red = 1.0f, green = 0.0f, blue = 1.0f, alpha = 1.0f, colorSpace = ColorSpaces.DisplayP3)`.
  private static func color(_ color: Color) -> String {
    if let wideGamut = color.wideGamut {
      let channels = zip(["red", "green", "blue"], wideGamut.displayP3).map { "\($0) = \(floatLiteral($1))" }
      return "ComposeColor(\(channels.joined(separator: ", ")), alpha = \(floatLiteral(color.alpha)), "
        + "colorSpace = ColorSpaces.DisplayP3)"
    }
    return Color.hexLiteral(
      "ComposeColor(0x", red: color.red8, green: color.green8, blue: color.blue8, alpha: color.alpha8,
      alphaFirst: true, suffix: ")")
  }

  /// `2.dp`, `(-0.5).sp`: px as dp or sp one to one, rem as 16, to six decimals (a line height is
  /// a product of floating-point numbers).
  private static func unit(_ dimension: Dimension, _ suffix: String) -> String {
    let points = (dimension.points * 1_000_000).rounded() / 1_000_000
    let text = NumberFormatting.shortest(points)
    return points < 0 ? "(\(text)).\(suffix)" : "\(text).\(suffix)"
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

  /// Kotlin's string literals and KDoc. A literal escapes quotes, backslashes, `$` (string
  /// templates), control characters, line separators and bidirectional controls. Kotlin block
  /// comments nest, so in KDoc `/*` would open a comment that the closing `*/` only ends, and `*/`
  /// would end the KDoc early: both are written with the HTML entity for `/`, which KDoc shows as
  /// `/`.
  static let escaper = StringEscaper(
    quote: "\"",
    rules: [
      (.scalar("\""), .text("\\\"")), (.scalar("\\"), .text("\\\\")), (.scalar("$"), .text("\\$")),
      (.scalar("\n"), .text("\\n")), (.scalar("\r"), .text("\\r")), (.scalar("\t"), .text("\\t")),
      (.controls, hex), (.lineSeparators, hex), (.bidiControls, hex),
    ],
    commentRewrites: [("*/", "*&#47;"), ("/*", "&#47;*")])

  /// `\u001B`.
  private static let hex = StringEscaper.Spelling.hex(prefix: "\\u", digits: 4, suffix: "")
}
