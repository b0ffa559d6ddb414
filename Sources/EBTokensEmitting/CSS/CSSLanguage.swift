import EBTokensModel
import EBTokensSupport
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
    asciiPropertyName(path).map { .success($0) } ?? propertyNameByCharacters(path)
  }

  /// ``propertyName(_:)`` for any path, character by character.
  static func propertyNameByCharacters(_ path: TokenPath) -> Result<String, InvalidName> {
    // Spaces, common in names exported from design tools ("acid green"), become `-`, as in
    // kebab-case; a name that then equals another token's is a collision the emitter reports.
    let segments =
      (path.segments.last == TokenPath.rootTokenName ? path.segments.dropLast() : path.segments[...])
      .map { String($0.map { $0 == " " ? "-" : $0 }) }
    for (index, segment) in segments.enumerated() {
      if let character = segment.first(where: { !isNameCharacter($0) }) {
        let prefix = segments.prefix(index + 1).joined(separator: ".")
        return .failure(
          InvalidName(groupPath: index + 1 < path.segments.count ? prefix : nil, character: character))
      }
    }
    return .success("--" + segments.joined(separator: "-"))
  }

  /// ``propertyName(_:)`` of a path whose segments hold only ASCII letters, digits, `-`, `_` and
  /// spaces (most names), byte by byte; `nil` for any other path, `$root` included.
  ///
  /// It reads the dotted name, the segments joined with `.`, in one pass, writing straight into
  /// the string it returns: every `.` becomes `-`. A segment with a `.` of its own makes more
  /// dots than separators, and such a path gets `nil`, as the character checks would give it.
  static func asciiPropertyName(_ path: TokenPath) -> String? {
    var name = path.name
    let separators = max(path.segments.count - 1, 0)
    return name.withUTF8 { bytes -> String? in
      asciiNameBytes.withUnsafeBufferPointer { table -> String? in
        var dots = 0
        var isASCIIName = true
        let propertyName = String(unsafeUninitializedCapacity: bytes.count + 2) { buffer in
          buffer[0] = UInt8(ascii: "-")
          buffer[1] = UInt8(ascii: "-")
          var written = 2
          for byte in bytes {
            let propertyByte = table[Int(byte)]
            guard propertyByte != 0 else {
              isASCIIName = false
              return 0
            }
            if byte == UInt8(ascii: ".") { dots += 1 }
            buffer[written] = propertyByte
            written += 1
          }
          return written
        }
        return isASCIIName && dots == separators ? propertyName : nil
      }
    }
  }

  /// What ``asciiPropertyName(_:)`` writes for each byte of a dotted name: a letter, digit, `-` or
  /// `_` itself, a space or `.` as `-`; 0 for a byte it does not take.
  private static let asciiNameBytes: [UInt8] = (0...255).map { value in
    let byte = UInt8(value)
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return byte
    case UInt8(ascii: " "), UInt8(ascii: "."): return UInt8(ascii: "-")
    default: return 0
    }
  }

  struct InvalidName: Error {
    /// The group whose name is invalid, or `nil` when it is the token's own name.
    let groupPath: String?
    let character: Character
  }

  /// Makes the property names of tokens in path order, as every output that names tokens by their
  /// CSS property does (CSS, and the TypeScript and SCSS outputs), and reports each name CSS
  /// refuses: a group's once, at its first token.
  struct PropertyNaming {
    private var reportedGroups: Set<String> = []

    /// The token's property name, or `nil` (its error added to `errors`) when CSS refuses it.
    mutating func name(of token: Token, errors: inout [EmittingError]) -> String? {
      switch CSSLanguage.propertyName(token.path) {
      case .success(let name): return name
      case .failure(let invalid):
        if let group = invalid.groupPath {
          if reportedGroups.insert(group).inserted {
            errors.append(
              .invalidCSSName(named: .init(.group, group, at: token.location), character: invalid.character))
          }
        } else {
          errors.append(
            .invalidCSSName(
              named: .init(.token, token.name, at: token.location), character: invalid.character))
        }
        return nil
      }
    }
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

  /// How colors are written: as their sRGB values, or a color written outside sRGB as written
  /// (``/EBTokensModel/WideGamutColor/notation(alpha:)``), for the stylesheet's wide-gamut block.
  enum ColorNotation {
    case sRGB
    case wideGamut
  }

  /// The token's value: a `var()` of the token it aliases when references are kept
  /// (`color-mix()` with `transparent` keeps an `@ 80%` alpha tied to its source),
  /// else its literal value. The one place a token's CSS value is formatted.
  func value(of token: Token, colors: ColorNotation = .sRGB) -> String {
    guard keepsReferences, let reference = token.reference,
      case .success(let target) = Self.propertyName(reference.target)
    else { return compositeValue(of: token, colors) ?? Self.literal(token.value, colors) }
    guard let factor = reference.alphaFactor else { return "var(\(target))" }
    return "color-mix(in srgb, var(\(target)) \(Self.decimal(factor * 100))%, transparent)"
  }

  static func literal(_ value: TokenValue, _ colors: ColorNotation = .sRGB) -> String {
    switch value {
    case .color(let color):
      if colors == .wideGamut, let wideGamut = color.wideGamut {
        return wideGamut.notation(alpha: color.alpha)
      }
      guard color.hasExact8BitChannels else {
        let channels = [color.red, color.green, color.blue].map { decimal($0 * 255) }.joined(separator: " ")
        return "rgb(\(channels) / \(decimal(color.alpha)))"
      }
      let alpha = color.alpha8
      return Color.hexLiteral(
        "#", red: color.red8, green: color.green8, blue: color.blue8, alpha: alpha == 255 ? nil : alpha,
        lowercase: true)
    case .dimension(let dimension): return dimension.description
    case .number(let number), .fontWeight(let number): return NumberFormatting.shortest(number)
    case .fontFamily(let families): return families.map(familyName).joined(separator: ", ")
    case .duration(let duration): return duration.description
    case .strokeStyle(let style): return style.cssKeyword
    case .border(let border): return Self.border(border, literalPart, colors)
    case .shadow(let layers): return boxShadow(layers, listed: layers.count > 1, literalPart, colors)
    case .typography(let typography): return font(typography, literalPart)
    case .cubicBezier(let curve): return curve.description
    case .transition(let transition): return Self.transition(transition, literalPart)
    case .gradient(let stops): return linearGradient(stops, literalPart, colors)
    }
  }

  // MARK: Composite values

  static let letterSpacingSuffix = "-letter-spacing"

  /// How many properties a token becomes: its own, and for a typography `-letter-spacing`, which
  /// the `font` shorthand its own property holds cannot carry. Each is asked for by its position
  /// (``property(of:at:colors:)``), so that no list of them is made for every token.
  static func propertyCount(of token: Token) -> Int {
    guard case .typography = token.value else { return 1 }
    return 2
  }

  /// The suffix of the name of a token's property at `position` (``propertyCount(of:)``).
  static func propertySuffix(at position: Int) -> String {
    position == 0 ? "" : letterSpacingSuffix
  }

  /// The property at `position` (``propertyCount(of:)``) a token becomes: the suffix of its name,
  /// and its value.
  func property(of token: Token, at position: Int, colors: ColorNotation = .sRGB) -> (
    suffix: String, value: String
  ) {
    guard position > 0, case .typography(let typography) = token.value else {
      return ("", value(of: token, colors: colors))
    }
    var letterSpacing = part(of: token, ["letterSpacing"]) { typography.letterSpacing.description }
    if keepsReferences, let reference = token.reference,
      case .success(let target) = Self.propertyName(reference.target)
    {
      letterSpacing = "var(\(target)-letter-spacing)"
    }
    return (Self.letterSpacingSuffix, letterSpacing)
  }

  /// A composite value written out, with the parts written as references kept as `var()` when
  /// references are kept; `nil` for any other type.
  private func compositeValue(of token: Token, _ colors: ColorNotation) -> String? {
    let part: Part = { self.part(of: token, $0, $1) }
    switch token.value {
    case .typography(let typography): return Self.font(typography, part)
    case .shadow(let layers):
      // A shadow written as a list has its parts' paths under each entry's index.
      let listed = layers.count > 1 || token.componentReferences.contains { Int($0.path.first ?? "") != nil }
      return Self.boxShadow(layers, listed: listed, part, colors)
    case .border(let border): return Self.border(border, part, colors)
    case .strokeStyle(let style): return style.cssKeyword
    case .transition(let transition): return Self.transition(transition, part)
    case .gradient(let stops): return Self.linearGradient(stops, part, colors)
    case .color, .dimension, .number, .fontFamily, .fontWeight, .duration, .cubicBezier: return nil
    }
  }

  /// The CSS text of the part of a value at a path: a reference, or the literal the closure writes.
  private typealias Part = (_ path: [String], _ literal: () -> String) -> String

  /// A part written as its literal.
  private static func literalPart(_ path: [String], _ literal: () -> String) -> String { literal() }

  /// The `font` shorthand: weight, size, the line height as CSS's (and DTCG's) multiple of the size,
  /// families: `700 18px/1.5 "Proxima Soft"`.
  private static func font(_ typography: Typography, _ part: Part) -> String {
    part(["fontWeight"]) { NumberFormatting.shortest(typography.fontWeight) } + " "
      + part(["fontSize"]) { typography.fontSize.description } + "/"
      + part(["lineHeight"]) { NumberFormatting.shortest(typography.lineHeight) } + " "
      + part(["fontFamily"]) { literal(.fontFamily(typography.fontFamily)) }
  }

  /// `box-shadow`'s value: each layer `[inset] x y blur spread color`, the first on top.
  private static func boxShadow(_ layers: [Shadow], listed: Bool, _ part: Part, _ colors: ColorNotation)
    -> String
  {
    layers.enumerated().map { index, shadow in
      let prefix = listed ? [String(index)] : []
      let written =
        (shadow.inset ? "inset " : "")
        + [
          part(prefix + ["offsetX"]) { shadow.offsetX.description },
          part(prefix + ["offsetY"]) { shadow.offsetY.description },
          part(prefix + ["blur"]) { shadow.blur.description },
          part(prefix + ["spread"]) { shadow.spread.description },
          part(prefix + ["color"]) { literal(.color(shadow.color), colors) },
        ].joined(separator: " ")
      return part(prefix) { written }
    }.joined(separator: ", ")
  }

  /// The `border` shorthand: width, line style (a dash pattern is `dashed`), color.
  private static func border(_ border: Border, _ part: Part, _ colors: ColorNotation) -> String {
    part(["width"]) { border.width.description } + " " + part(["style"]) { border.style.cssKeyword } + " "
      + part(["color"]) { literal(.color(border.color), colors) }
  }

  /// The `transition` shorthand without a property (so it applies to `all`): duration, timing
  /// function, delay, in that order, as CSS reads the first time as the duration and the second as
  /// the delay: `200ms cubic-bezier(0.4, 0, 0.2, 1) 0ms`.
  private static func transition(_ transition: Transition, _ part: Part) -> String {
    part(["duration"]) { transition.duration.description } + " "
      + part(["timingFunction"]) { transition.timingFunction.description } + " "
      + part(["delay"]) { transition.delay.description }
  }

  /// `linear-gradient(90deg, #0000ff 0%, #ff0000 100%)`: DTCG gradients have no direction, and
  /// ebtokens draws them left to right, as the format module's examples do; each stop's position
  /// as a percentage (a referenced number `n` as `clamp(0%, var(--n) * 100%, 100%)`, clamped as DTCG
  /// clamps positions).
  private static func linearGradient(_ stops: [GradientStop], _ part: Part, _ colors: ColorNotation) -> String
  {
    let written = stops.enumerated().map { index, stop in
      let position = part([String(index), "position"]) { decimal(stop.position * 100) + "%" }
      return part([String(index), "color"]) { literal(.color(stop.color), colors) } + " "
        + (position.hasSuffix("%") ? position : "clamp(0%, \(position) * 100%, 100%)")
    }
    return "linear-gradient(90deg, " + written.joined(separator: ", ") + ")"
  }

  /// The part of `token`'s value at `path`: `var()` of the token it references when it was
  /// written as a reference and references are kept (`color-mix()` for an `@ NN%` one), else
  /// `literal`.
  private func part(of token: Token, _ path: [String], _ literal: () -> String) -> String {
    guard keepsReferences, let component = token.componentReferences.first(where: { $0.path == path }),
      case .success(let target) = Self.propertyName(component.reference.target)
    else { return literal() }
    guard let factor = component.reference.alphaFactor else { return "var(\(target))" }
    return "color-mix(in srgb, var(\(target)) \(Self.decimal(factor * 100))%, transparent)"
  }

  /// Keywords that name a generic family, and the browsers' own names for the system font
  /// (`-apple-system` in Safari, `BlinkMacSystemFont` in older Chrome), which must stay unquoted: a
  /// quoted keyword is looked up as a font called that, which matches nothing. Every other name is
  /// a quoted string.
  static let genericFamilies: Set<String> = [
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
    "ui-monospace", "ui-rounded", "math", "emoji", "fangsong", "-apple-system", "BlinkMacSystemFont",
  ]

  private static func familyName(_ name: String) -> String {
    genericFamilies.contains(name) ? name : escaper.literal(name)
  }

  /// CSS's strings and comments. A string escapes quotes and backslashes, and writes control
  /// characters, line separators, bidirectional controls and `<` as `\hex ` escapes, the last so
  /// the stylesheet stays inert if someone pastes it into a `<style>` element (where `</style>`
  /// would end it). Comment lines cannot end the `/* */` they are in, nor such a `<style>`
  /// element: `*/` is written `*\/`, `</` is written `<\/`.
  static let escaper = StringEscaper(
    quote: "\"",
    rules: [
      (.scalar("\""), .text("\\\"")), (.scalar("\\"), .text("\\\\")),
      (.controls, hex), (.bidiControls, hex), (.scalar("<"), hex), (.lineSeparators, hex),
    ],
    commentRewrites: [("*/", "*\\/"), ("</", "<\\/")])

  /// `\1B `: the space ends the escape, so a hex digit after it is not read as part of it.
  private static let hex = StringEscaper.Spelling.hex(prefix: "\\", digits: 1, suffix: " ")

  /// At most six decimals, so `0.07 * 100` is `7`, not `7.000000000000001`.
  static func decimal(_ value: Double) -> String {
    NumberFormatting.shortest((value * 1_000_000).rounded() / 1_000_000)
  }
}
