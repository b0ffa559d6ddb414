import EBTokensModel
import EBTokensSupport

/// JavaScript names, literals and TypeScript types of tokens.
///
/// A token is a property of the module's `tokens` object named by its whole path in lower camel
/// case (`main.alert.color.information.bg` → `mainAlertColorInformationBg`), the words split as
/// Swift and Kotlin split them (``IdentifierWords``); a group's DTCG root token is named by its
/// group. Values are what a web page uses as they are: colors and dimensions as the CSS output
/// writes them (`"#e5f1ff"`, `"16px"`), composites as objects of those.
enum TypeScriptLanguage {
  static let name = "TypeScript"

  /// `mainAlertColorInformationBg`, or `nil` for a path with no letter or digit to name it by.
  static func propertyName(_ path: TokenPath) -> String? {
    let segments =
      path.segments.last == TokenPath.rootTokenName ? path.segments.dropLast() : path.segments[...]
    let words = segments.flatMap(IdentifierWords.split)
    guard !words.isEmpty else { return nil }
    return IdentifierWords.lowerCamel(words)
  }

  /// A property name as an object literal or interface writes it: as it is when it is ASCII (the
  /// words are ASCII letters and digits, so it is an identifier), else as a string literal, which
  /// any engine reads the same whatever its Unicode version.
  static func key(_ name: String) -> String {
    name.allUTF8Bytes { $0 < 0x80 } ? name : escaper.literal(name)
  }

  /// The TypeScript type of a token's value: one of those `tokens.d.ts` declares.
  static func type(of type: TokenType) -> String {
    switch type {
    case .color: return "Color"
    case .dimension: return "Dimension"
    case .number: return "number"
    case .fontFamily: return "FontFamily"
    case .fontWeight: return "number"
    case .duration: return "Duration"
    case .cubicBezier: return "CubicBezier"
    case .strokeStyle: return "StrokeStyle"
    case .border: return "Border"
    case .shadow: return "Shadow"
    case .typography: return "Typography"
    case .transition: return "Transition"
    case .gradient: return "Gradient"
    }
  }

  /// The JavaScript literal of a value.
  static func literal(_ value: TokenValue) -> String {
    switch value {
    case .color, .dimension, .duration: return escaper.literal(CSSLanguage.literal(value))
    case .number(let number), .fontWeight(let number): return NumberFormatting.shortest(number)
    case .fontFamily(let families): return "[" + families.map(escaper.literal).joined(separator: ", ") + "]"
    case .cubicBezier(let curve):
      return "[" + curve.points.map(NumberFormatting.shortest).joined(separator: ", ") + "]"
    case .strokeStyle(let style): return strokeStyle(style)
    case .border(let border):
      return object([
        ("width", literal(.dimension(border.width))), ("style", strokeStyle(border.style)),
        ("color", literal(.color(border.color))),
      ])
    case .shadow(let layers):
      let written = layers.map { shadow in
        object([
          ("offsetX", literal(.dimension(shadow.offsetX))), ("offsetY", literal(.dimension(shadow.offsetY))),
          ("blur", literal(.dimension(shadow.blur))), ("spread", literal(.dimension(shadow.spread))),
          ("color", literal(.color(shadow.color))), ("inset", shadow.inset ? "true" : "false"),
        ])
      }
      return "[" + written.joined(separator: ", ") + "]"
    case .typography(let typography):
      return object([
        ("fontFamily", literal(.fontFamily(typography.fontFamily))),
        ("fontSize", literal(.dimension(typography.fontSize))),
        ("fontWeight", NumberFormatting.shortest(typography.fontWeight)),
        ("lineHeight", NumberFormatting.shortest(typography.lineHeight)),
        ("letterSpacing", literal(.dimension(typography.letterSpacing))),
      ])
    case .transition(let transition):
      return object([
        ("duration", literal(.duration(transition.duration))),
        ("delay", literal(.duration(transition.delay))),
        ("timingFunction", literal(.cubicBezier(transition.timingFunction))),
      ])
    case .gradient(let stops):
      let written = stops.map { stop in
        object([
          ("color", literal(.color(stop.color))), ("position", NumberFormatting.shortest(stop.position)),
        ])
      }
      return "[" + written.joined(separator: ", ") + "]"
    }
  }

  /// A keyword as a string, a dash pattern as `{ dashArray, lineCap }`.
  private static func strokeStyle(_ style: StrokeStyle) -> String {
    switch style {
    case .keyword(let keyword): return escaper.literal(keyword.rawValue)
    case .dashes(let dashes, let lineCap):
      return object([
        ("dashArray", "[" + dashes.map { literal(.dimension($0)) }.joined(separator: ", ") + "]"),
        ("lineCap", escaper.literal(lineCap.rawValue)),
      ])
    }
  }

  /// `{ a: 1, b: 2 }`: the members of a composite, on one line.
  private static func object(_ members: [(key: String, value: String)]) -> String {
    "{ " + members.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + " }"
  }

  /// JavaScript strings and JSDoc comments. A string escapes quotes, backslashes, line breaks,
  /// controls, line separators (which end a line in older engines) and bidirectional controls
  /// (which make an editor show the line in another order than the engine reads it); a comment
  /// line cannot end its `/** */`.
  static let escaper = StringEscaper(
    quote: "\"",
    rules: [
      (.scalar("\""), .text("\\\"")), (.scalar("\\"), .text("\\\\")), (.scalar("\n"), .text("\\n")),
      (.scalar("\r"), .text("\\r")), (.scalar("\t"), .text("\\t")),
      (.controls, hex), (.lineSeparators, hex), (.bidiControls, hex),
    ],
    commentRewrites: [("*/", "*\\/")])

  /// `\u001B`.
  private static let hex = StringEscaper.Spelling.hex(prefix: "\\u", digits: 4, suffix: "")
}
