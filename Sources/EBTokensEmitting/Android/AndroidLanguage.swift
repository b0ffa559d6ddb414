import EBTokensModel
import EBTokensSupport
import Foundation

/// Android's resource names, values and XML comments.
enum AndroidLanguage {
  static let name = "Android"

  /// The resource name of a token: its path's words in lower case joined with `_`, camel humps
  /// split too (`main.alert.color.information.labelTitle` is `main_alert_color_information_label_title`),
  /// `$root` dropped, a leading digit given a `_` (`2xl` is `_2xl`); or why it has none. Android
  /// resource names become Java fields (`R.color.…`), so they hold ASCII letters, digits and `_`
  /// only, and cannot be a Java keyword.
  static func resourceName(_ path: TokenPath) -> Result<String, Problem> {
    var segments = Array(path.segments)
    if segments.last == TokenPath.rootTokenName { segments.removeLast() }
    var words: [String] = []
    for (index, segment) in segments.enumerated() {
      let segmentWords = IdentifierWords.split(segment)
      if segmentWords.isEmpty || segmentWords.contains(where: { !$0.unicodeScalars.allSatisfy(\.isASCII) }) {
        return .failure(
          Problem(
            segment: index,
            reason: segmentWords.isEmpty
              ? "it has no letter or digit to make a resource name from"
              : "Android resource names hold ASCII letters, digits and '_' only"))
      }
      words += segmentWords.flatMap(camelHumps)
    }
    var name = words.joined(separator: "_").lowercased()
    if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
    if javaKeywords.contains(name) {
      return .failure(
        Problem(segment: segments.count - 1, reason: "'\(name)' is a Java keyword, which R cannot hold"))
    }
    return .success(name)
  }

  /// Why a path has no resource name, and which of its segments is at fault.
  struct Problem: Error {
    let segment: Int
    let reason: String
  }

  /// `labelTitle` → `label`, `Title`; `URLPath` stays one word (`urlpath`), as do digits.
  private static func camelHumps(_ word: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var previous: Unicode.Scalar?
    for scalar in word.unicodeScalars {
      if let previous, ("A"..."Z").contains(scalar),
        ("a"..."z").contains(previous) || ("0"..."9").contains(previous)
      {
        parts.append(current)
        current = ""
      }
      current.unicodeScalars.append(scalar)
      previous = scalar
    }
    return parts + [current]
  }

  static let javaKeywords: Set<String> = [
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
    "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto",
    "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null",
    "package",
    "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
    "synchronized", "this", "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
  ]

  /// `#AARRGGBB`, Android's order, 8 bits a channel.
  static func color(_ color: Color) -> String {
    "#"
      + [color.alpha8, color.red8, color.green8, color.blue8].map {
        SourceText.hex(Unicode.Scalar($0), width: 2)
      }.joined()
  }

  /// `16dp`, or for a font size `16sp`: 1px is 1dp, 1rem 16dp.
  static func dimension(_ dimension: Dimension, unit: String) -> String {
    decimal(dimension.points) + unit
  }

  /// Whether a dimension token is a font size, which Android gives in sp to follow the user's
  /// font scale: a segment of its path is `font-size` (`fontSize`, `font_size`), or it is in a
  /// `font-size` group.
  static func isFontSize(_ path: TokenPath) -> Bool {
    path.segments.contains { segment in
      IdentifierWords.split(segment).flatMap(camelHumps).map { $0.lowercased() } == ["font", "size"]
    }
  }

  /// A typography as a `TextAppearance` style's items, in the order Android's attributes are
  /// documented: size, family, style and weight, line height (API 28) and letter spacing (in em).
  static func textAppearance(_ typography: Typography) -> [(attribute: String, value: String)] {
    let size = typography.fontSize.points
    var items = [("android:textSize", decimal(size) + "sp")]
    if let family = typography.fontFamily.first {
      items.append(("android:fontFamily", fontFamily(family)))
    }
    items.append(("android:textStyle", typography.fontWeight >= 600 ? "bold" : "normal"))
    items.append(("android:textFontWeight", decimal(typography.fontWeight.rounded())))
    items.append(("android:lineHeight", decimal(size * typography.lineHeight) + "sp"))
    let spacing = size == 0 ? 0 : typography.letterSpacing.points / size
    items.append(("android:letterSpacing", decimal(spacing)))
    return items
  }

  /// Android's own family names as they are (`sans-serif`, `serif`, `monospace`); any other family
  /// is a font resource the app provides, `@font/<name>` (`Proxima Soft` is `@font/proxima_soft`).
  static func fontFamily(_ family: String) -> String {
    let systemFamilies: Set<String> = [
      "sans-serif", "sans-serif-condensed", "sans-serif-medium", "sans-serif-light", "sans-serif-thin",
      "sans-serif-black", "serif", "monospace", "serif-monospace", "casual", "cursive",
      "sans-serif-smallcaps",
    ]
    if systemFamilies.contains(family) { return family }
    if family == "system-ui" || family == "-apple-system" || family == "BlinkMacSystemFont" {
      return "sans-serif"
    }
    let words = IdentifierWords.split(family).filter { $0.unicodeScalars.allSatisfy(\.isASCII) }
    guard !words.isEmpty else { return "sans-serif" }
    var name = words.flatMap(camelHumps).joined(separator: "_").lowercased()
    if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
    return "@font/" + name
  }

  /// At most four decimals: Android reads dimensions and floats as 32-bit floats.
  static func decimal(_ value: Double) -> String {
    NumberFormatting.shortest((value * 10_000).rounded() / 10_000)
  }

  /// XML comments: a comment cannot hold `--`, so each is written `- -` (twice, so that `---`
  /// leaves none); line breaks and controls as ``SourceText/commentLines(_:)`` makes them.
  static let escaper = StringEscaper(
    quote: "", rules: [], commentRewrites: [("--", "- -"), ("--", "- -")])
}
