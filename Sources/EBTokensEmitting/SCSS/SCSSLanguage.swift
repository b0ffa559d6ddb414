import EBTokensModel
import EBTokensSupport

/// Sass variable names and values.
///
/// A token's variable is its CSS custom property with `$` for `--`
/// (`$main-alert-color-information-bg`), so the two outputs name a token alike. Values are the
/// CSS output's literals, but where Sass reads CSS differently: a color between 8-bit steps is
/// `rgba(r, g, b, a)` (LibSass does not take `rgb(r g b / a)`), a font stack is a parenthesized
/// list, and a composite is a map (a multi-layer shadow and a gradient a list of maps).
enum SCSSLanguage {
  static let name = "SCSS"

  /// The variable's name without `$`, from the token's CSS property name, or why Sass cannot take
  /// it: Sass names cannot start with a digit, and one starting with `-` or `_` is private to its
  /// module under `@use`.
  static func variableName(cssPropertyName: String) -> Result<String, Problem> {
    let name = String(cssPropertyName.dropFirst(2))
    guard let first = name.unicodeScalars.first else { return .failure(Problem("it is empty")) }
    if ("0"..."9").contains(first) || first == "-" || first == "_" {
      return .failure(
        Problem("'$\(name)' starts with '\(first)', and a Sass variable name starts with a letter"))
    }
    return .success(name)
  }

  struct Problem: Error {
    let text: String

    init(_ text: String) { self.text = text }
  }

  /// How Sass compares names: `-` and `_` are the same character in them.
  static func normalized(_ name: String) -> String {
    String(name.map { $0 == "_" ? "-" : $0 })
  }

  static func literal(_ value: TokenValue) -> String {
    switch value {
    case .color(let color):
      guard color.hasExact8BitChannels else {
        let channels = [color.red, color.green, color.blue].map { CSSLanguage.decimal($0 * 255) }
        return "rgba(" + (channels + [CSSLanguage.decimal(color.alpha)]).joined(separator: ", ") + ")"
      }
      return CSSLanguage.literal(value)
    case .fontFamily(let families):
      return "(" + families.map(familyName).joined(separator: ", ") + ")"
    case .dimension, .number, .fontWeight, .duration, .cubicBezier, .strokeStyle:
      return CSSLanguage.literal(value)
    case .border(let border):
      return map([
        ("width", literal(.dimension(border.width))), ("style", border.style.cssKeyword),
        ("color", literal(.color(border.color))),
      ])
    case .shadow(let layers):
      let written = layers.map { shadow in
        map([
          ("offset-x", literal(.dimension(shadow.offsetX))),
          ("offset-y", literal(.dimension(shadow.offsetY))),
          ("blur", literal(.dimension(shadow.blur))), ("spread", literal(.dimension(shadow.spread))),
          ("color", literal(.color(shadow.color))), ("inset", shadow.inset ? "true" : "false"),
        ])
      }
      return written.count == 1 ? written[0] : "(" + written.joined(separator: ", ") + ")"
    case .typography(let typography):
      return map([
        ("font-family", literal(.fontFamily(typography.fontFamily))),
        ("font-size", literal(.dimension(typography.fontSize))),
        ("font-weight", NumberFormatting.shortest(typography.fontWeight)),
        ("line-height", NumberFormatting.shortest(typography.lineHeight)),
        ("letter-spacing", literal(.dimension(typography.letterSpacing))),
      ])
    case .transition(let transition):
      return map([
        ("duration", literal(.duration(transition.duration))),
        ("timing-function", literal(.cubicBezier(transition.timingFunction))),
        ("delay", literal(.duration(transition.delay))),
      ])
    case .gradient(let stops):
      let written = stops.map { stop in
        map([
          ("color", literal(.color(stop.color))),
          ("position", CSSLanguage.decimal(stop.position * 100) + "%"),
        ])
      }
      return "(" + written.joined(separator: ", ") + ")"
    }
  }

  /// `(key: value, …)`, on one line.
  private static func map(_ entries: [(key: String, value: String)]) -> String {
    "(" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
  }

  /// A generic family or system font name unquoted, as CSS needs it; any other quoted.
  private static func familyName(_ name: String) -> String {
    CSSLanguage.genericFamilies.contains(name) ? name : escaper.literal(name)
  }

  /// Sass strings: CSS's escapes, and `#` as `\23 ` so that `#{` never starts an interpolation.
  /// Comments are `//` lines, which end at the line break: nothing in a line can end one early.
  static let escaper = StringEscaper(
    quote: "\"",
    rules: [
      (.scalar("\""), .text("\\\"")), (.scalar("\\"), .text("\\\\")), (.scalar("#"), hex),
      (.controls, hex), (.bidiControls, hex), (.lineSeparators, hex),
    ])

  /// `\1B `: the space ends the escape, so a hex digit after it is not read as part of it.
  private static let hex = StringEscaper.Spelling.hex(prefix: "\\", digits: 1, suffix: " ")
}
