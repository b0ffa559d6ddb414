import EBTokensSupport
import Foundation

/// A color in sRGB, each channel in 0...1; for a color written outside sRGB, its sRGB gamut
/// mapping, with the color as written in ``wideGamut``.
public struct Color: Hashable, Sendable {
  public let red: Double
  public let green: Double
  public let blue: Double
  public let alpha: Double
  /// The color as written, when it lies outside sRGB: what the outputs that can show more than sRGB
  /// use (CSS, Display P3 in Swift and Compose). `nil` for a color inside sRGB.
  public let wideGamut: WideGamutColor?

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1, wideGamut: WideGamutColor? = nil) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.wideGamut = wideGamut
  }

  /// 8-bit channels, rounded half away from zero as CSS serialises colors.
  public var red8: UInt8 { Color.byte(red) }
  public var green8: UInt8 { Color.byte(green) }
  public var blue8: UInt8 { Color.byte(blue) }
  public var alpha8: UInt8 { Color.byte(alpha) }

  public var isOpaque: Bool { alpha8 == 255 }

  /// `#RRGGBB`, or `#RRGGBBAA` when the color is not opaque; uppercase.
  public var hex: String { hexString(includingAlpha: true) }

  /// `#RRGGBB` ignoring alpha.
  public var opaqueHex: String { hexString(includingAlpha: false) }

  private func hexString(includingAlpha: Bool) -> String {
    let alpha = alpha8
    return Self.hexLiteral(
      "#", red: red8, green: green8, blue: blue8, alpha: includingAlpha && alpha != 255 ? alpha : nil)
  }

  /// Appends ``hex``, or ``opaqueHex`` unless `includingAlpha`: reports write thousands of colors
  /// straight into their bytes, all digits in one append.
  package func appendHex(to output: inout [UInt8], includingAlpha: Bool) {
    let alpha = alpha8
    let channels = (red8, green8, blue8, includingAlpha && alpha != 255 ? alpha : nil)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { text in
      guard let start = text.baseAddress else { return }
      start.initialize(to: UInt8(ascii: "#"))
      let count = 1 + Self.writeHexDigits(channels, lowercase: false, to: start + 1)
      output.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
    }
  }

  /// `prefix`, the channels' hex digits (two each, uppercase unless `lowercase`: `RRGGBB`, then
  /// `AA` when `alpha` is given, or `AARRGGBB` with `alphaFirst`), then `suffix`: a string made at
  /// once, as every output spells colors (`#072592`, `EBColor(hex: 0x072592)`,
  /// `ComposeColor(0xFF072592)`, CSS's `#072592`), where arrays of bytes and channels made for each
  /// color cost more than the digits.
  package static func hexLiteral(
    _ prefix: StaticString, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8? = nil,
    alphaFirst: Bool = false, lowercase: Bool = false, suffix: String = ""
  ) -> String {
    let digitCount = alpha == nil ? 6 : 8
    let length = prefix.utf8CodeUnitCount + digitCount + suffix.utf8.count
    return String(unsafeUninitializedCapacity: length) { buffer in
      guard let start = buffer.baseAddress else { return 0 }
      var written = 0
      prefix.withUTF8Buffer { bytes in
        if let base = bytes.baseAddress { start.initialize(from: base, count: bytes.count) }
        written += bytes.count
      }
      let channels =
        alphaFirst ? (alpha ?? 255, red, green, Optional(blue)) : (red, green, blue, alpha)
      written += writeHexDigits(channels, lowercase: lowercase, to: start + written)
      // The suffix's bytes in place (a native string's always are): its view's iterator took
      // more than the rest.
      let suffixBytes = UnsafeMutableBufferPointer(start: start + written, count: length - written)
      written +=
        suffix.utf8.withContiguousStorageIfAvailable { suffixBytes.initialize(fromContentsOf: $0) }
        ?? suffixBytes.initialize(fromContentsOf: suffix.utf8)
      return written
    }
  }

  /// The hex digits of three channels, and of a fourth when there is one, at `destination`; their
  /// count (6 or 8).
  private static func writeHexDigits(
    _ channels: (UInt8, UInt8, UInt8, UInt8?), lowercase: Bool, to destination: UnsafeMutablePointer<UInt8>
  ) -> Int {
    func put(_ byte: UInt8, at index: Int) {
      (destination + index).initialize(to: UInt8.hexDigit(byte >> 4, lowercase: lowercase))
      (destination + index + 1).initialize(to: UInt8.hexDigit(byte & 0xF, lowercase: lowercase))
    }
    put(channels.0, at: 0)
    put(channels.1, at: 2)
    put(channels.2, at: 4)
    guard let fourth = channels.3 else { return 6 }
    put(fourth, at: 6)
    return 8
  }

  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha, wideGamut: wideGamut)
  }

  static func byte(_ channel: Double) -> UInt8 {
    UInt8((min(max(channel, 0), 1) * 255).rounded())
  }

}

/// A color written outside the sRGB gamut, as written, and inside Display P3. A class, so a
/// ``Color`` (and so every ``TokenValue``) grows by one reference rather than by two arrays.
public final class WideGamutColor: Hashable, Sendable {
  /// The color space and components as written (a `none` component as 0).
  public let space: ColorSpace
  public let components: [Double]
  /// Gamma-encoded Display P3 red, green and blue: the color itself when inside Display P3, else
  /// its gamut mapping into Display P3.
  public let displayP3: [Double]
  /// Whether the color lies outside Display P3 too, so ``displayP3`` is a gamut mapping.
  public let isOutsideDisplayP3: Bool

  public init(space: ColorSpace, components: [Double], displayP3: [Double], isOutsideDisplayP3: Bool) {
    self.space = space
    self.components = components
    self.displayP3 = displayP3
    self.isOutsideDisplayP3 = isOutsideDisplayP3
  }

  public static func == (lhs: WideGamutColor, rhs: WideGamutColor) -> Bool {
    lhs.space == rhs.space && lhs.components == rhs.components && lhs.displayP3 == rhs.displayP3
      && lhs.isOutsideDisplayP3 == rhs.isOutsideDisplayP3
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(space)
    hasher.combine(components)
  }

  /// The color as written, in CSS Color 4's notation, which has every DTCG space:
  /// `color(display-p3 1 0 1)`, `oklch(0.7 0.3 328)`, `lab(60 90 -60 / 0.8)`.
  public func notation(alpha: Double) -> String {
    let written = components.map(NumberFormatting.shortest).joined(separator: " ")
    let opacity = alpha == 1 ? "" : " / \(NumberFormatting.shortest(alpha))"
    switch space {
    case .lab, .lch, .oklab, .oklch, .hsl, .hwb: return "\(space.rawValue)(\(written)\(opacity))"
    case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD65, .xyzD50:
      return "color(\(space.rawValue) \(written)\(opacity))"
    }
  }
}

public struct Dimension: Hashable, Sendable, CustomStringConvertible {
  public enum Unit: String, Sendable, CaseIterable {
    case px
    case rem
  }

  public let value: Double
  public let unit: Unit

  public init(_ value: Double, _ unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// `4px`, `1.5rem`.
  public var description: String { NumberFormatting.shortest(value) + unit.rawValue }
}

public struct Duration: Hashable, Sendable, CustomStringConvertible {
  public enum Unit: String, Sendable, CaseIterable {
    case ms
    case s
  }

  public let value: Double
  public let unit: Unit

  public init(_ value: Double, _ unit: Unit) {
    self.value = value
    self.unit = unit
  }

  public var milliseconds: Double { unit == .s ? value * 1000 : value }

  public var description: String { NumberFormatting.shortest(value) + unit.rawValue }
}

/// A resolved value of one of the ``TokenType``s.
public enum TokenValue: Hashable, Sendable {
  case color(Color)
  case dimension(Dimension)
  case number(Double)
  case fontFamily([String])
  /// 1...1000, as DTCG and CSS define weights; named weights are converted.
  case fontWeight(Double)
  case duration(Duration)
  case strokeStyle(StrokeStyle)
  /// Boxed (as is `typography`): inline, the two largest values would make every value, colors
  /// included, twice as large.
  indirect case border(Border)
  /// One shadow or more, the first drawn on top.
  case shadow([Shadow])
  indirect case typography(Typography)
  case cubicBezier(CubicBezier)
  indirect case transition(Transition)
  /// The stops as written, each position clamped to 0...1.
  case gradient([GradientStop])

  public var type: TokenType {
    switch self {
    case .color: return .color
    case .dimension: return .dimension
    case .number: return .number
    case .fontFamily: return .fontFamily
    case .fontWeight: return .fontWeight
    case .duration: return .duration
    case .strokeStyle: return .strokeStyle
    case .border: return .border
    case .shadow: return .shadow
    case .typography: return .typography
    case .cubicBezier: return .cubicBezier
    case .transition: return .transition
    case .gradient: return .gradient
    }
  }

  /// The value as `ebtokens list` shows it: `#072592CC`, `4px`, `1.5`, `200ms`; composites in a
  /// CSS-like form: `1px solid #E5EBF4`, `0px 4px 8px 0px #00000033`,
  /// `700 18px/1.5 [Proxima Soft, sans-serif] letter-spacing 0.25px`,
  /// `cubic-bezier(0.4, 0, 0.2, 1)`, `200ms cubic-bezier(0.4, 0, 0.2, 1) 0ms`, `#0000FF 0%, #FF0000 100%`.
  public var displayString: String {
    switch self {
    case .color(let color): return color.hex
    case .dimension(let dimension): return dimension.description
    case .number(let number): return NumberFormatting.shortest(number)
    case .fontFamily(let families): return families.joined(separator: ", ")
    case .fontWeight(let weight): return NumberFormatting.shortest(weight)
    case .duration(let duration): return duration.description
    case .strokeStyle(let style): return Self.display(style)
    case .border(let border): return "\(border.width) \(Self.display(border.style)) \(border.color.hex)"
    case .shadow(let layers):
      return layers.map { shadow in
        (shadow.inset ? "inset " : "")
          + "\(shadow.offsetX) \(shadow.offsetY) \(shadow.blur) \(shadow.spread) \(shadow.color.hex)"
      }.joined(separator: ", ")
    case .typography(let type):
      return
        "\(NumberFormatting.shortest(type.fontWeight)) \(type.fontSize)/\(NumberFormatting.shortest(type.lineHeight)) "
        + "[\(type.fontFamily.joined(separator: ", "))] letter-spacing \(type.letterSpacing)"
    case .cubicBezier(let curve): return curve.description
    case .transition(let transition):
      return "\(transition.duration) \(transition.timingFunction) \(transition.delay)"
    case .gradient(let stops):
      return stops.map { "\($0.color.hex) \(NumberFormatting.shortest($0.position * 100))%" }
        .joined(separator: ", ")
    }
  }

  private static func display(_ style: StrokeStyle) -> String {
    switch style {
    case .keyword(let keyword): return keyword.rawValue
    case .dashes(let lengths, let lineCap):
      return "dashes(\(lengths.map(\.description).joined(separator: " ")), \(lineCap.rawValue))"
    }
  }
}

public enum NumberFormatting {
  /// The shortest decimal that reads back as the same Double, with no `.0` on
  /// whole numbers and no exponent for the magnitudes tokens use.
  public static func shortest(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return "\(value)"
  }
}
