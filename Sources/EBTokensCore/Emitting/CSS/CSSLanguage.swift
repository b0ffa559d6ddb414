import Foundation

/// CSS custom property names and values.
///
/// A token's property is `--` and its path joined with `-`
/// (`--main-alert-color-information-bg`), kept as written. Names are never
/// escaped: a name with a character CSS identifiers do not allow unescaped (a
/// space, `/`, `:`...) is refused, so every property can be typed as it reads.
struct CSSLanguage {
  /// Aliases as `var(--target)` (true) or as literal values (false).
  let keepsReferences: Bool

  static let name = "CSS"

  /// `--main-alert-color-information-bg`, or the first segment and character that CSS refuses.
  /// A group's DTCG root token is named by its group: `color.accent.$root` is `--color-accent`.
  static func propertyName(_ path: TokenPath) -> Result<String, InvalidName> {
    let segments =
      path.segments.last == TokenPath.rootTokenName ? Array(path.segments.dropLast()) : path.segments
    for (index, segment) in segments.enumerated() {
      if let character = segment.first(where: { !isNameCharacter($0) }) {
        let prefix = segments.prefix(index + 1).joined(separator: ".")
        return .failure(
          InvalidName(groupPath: index + 1 < path.segments.count ? prefix : nil, character: character))
      }
    }
    return .success("--" + segments.joined(separator: "-"))
  }

  struct InvalidName: Error {
    /// The group whose name is invalid, or `nil` when it is the token's own name.
    let groupPath: String?
    let character: Character
  }

  /// ASCII letters, digits, `-`, `_`, and anything beyond ASCII, as CSS identifiers allow,
  /// but bidirectional controls: CSS accepts them, and they make an editor show the rest of
  /// the line in another order than the browser reads it.
  private static func isNameCharacter(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
      default:
        return scalar.value >= 0x80 && !SourceText.isControl(scalar) && !SourceText.isBidiControl(scalar)
      }
    }
  }

  /// The token's value: a `var()` of the token it aliases when references are kept
  /// (`color-mix()` with `transparent` keeps an `@ 80%` alpha tied to its source),
  /// else its literal value. The one place a token's CSS value is formatted.
  func value(of token: Token) -> String {
    guard keepsReferences, let reference = token.reference,
      case .success(let target) = Self.propertyName(reference.target)
    else { return Self.literal(token.value) }
    guard let factor = reference.alphaFactor else { return "var(\(target))" }
    return "color-mix(in srgb, var(\(target)) \(Self.decimal(factor * 100))%, transparent)"
  }

  static func literal(_ value: TokenValue) -> String {
    switch value {
    case .color(let color):
      guard color.hasExact8BitChannels else {
        let channels = [color.red, color.green, color.blue].map { decimal($0 * 255) }.joined(separator: " ")
        return "rgb(\(channels) / \(decimal(color.alpha)))"
      }
      return color.hex.lowercased()
    case .dimension(let dimension): return dimension.description
    case .number(let number), .fontWeight(let number): return NumberFormatting.shortest(number)
    case .fontFamily(let families): return families.map(familyName).joined(separator: ", ")
    case .duration(let duration): return duration.description
    // Not generated yet: ``OutputRenderer`` leaves composite tokens out.
    case .strokeStyle, .border, .shadow, .typography: return ""
    }
  }

  /// Keywords that name a generic family and must stay unquoted; every other
  /// name is a quoted string.
  static let genericFamilies: Set<String> = [
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
    "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
  ]

  private static func familyName(_ name: String) -> String {
    genericFamilies.contains(name) ? name : stringLiteral(name)
  }

  /// A CSS string: quotes and backslashes escaped; control characters, line separators,
  /// bidirectional controls and `<` as `\hex ` escapes, the last so the stylesheet stays inert if someone pastes it
  /// into a `<style>` element (where `</style>` would end it).
  static func stringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      default:
        if SourceText.isControl(scalar) || SourceText.isBidiControl(scalar) || scalar == "<"
          || scalar == "\u{2028}" || scalar == "\u{2029}"
        {
          literal += "\\" + SourceText.hex(scalar, width: 1) + " "
        } else {
          literal.unicodeScalars.append(scalar)
        }
      }
    }
    return literal + "\""
  }

  /// Comment lines that cannot end the `/* */` they are in, nor a `<style>` element the
  /// stylesheet is pasted into (`</` is written `<\/`).
  static func commentLines(_ text: String) -> [String] {
    SourceText.commentLines(text).map {
      $0.replacingOccurrences(of: "*/", with: "*\\/").replacingOccurrences(of: "</", with: "<\\/")
    }
  }

  /// At most six decimals, so `0.07 * 100` is `7`, not `7.000000000000001`.
  private static func decimal(_ value: Double) -> String {
    NumberFormatting.shortest((value * 1_000_000).rounded() / 1_000_000)
  }
}
