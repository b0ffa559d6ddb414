/// What the emitters ask of a value beyond what it holds: whether a color survives 8-bit hex
/// unchanged, whether a value holds a color written outside sRGB, and a dimension in points.
extension Color {
  /// Whether red, green and blue are each exactly `n / 255`, so `#RRGGBB` loses nothing. (Asked
  /// of every color by the Swift and CSS outputs: channel by channel, where an array of the three
  /// was made each time.)
  package var hasExact8BitRGB: Bool {
    Color.isExact8Bit(red) && Color.isExact8Bit(green) && Color.isExact8Bit(blue)
  }

  /// Whether alpha is exactly `n / 255` too (`0.8` is 204 / 255).
  package var hasExact8BitChannels: Bool {
    hasExact8BitRGB && Color.isExact8Bit(alpha)
  }

  private static func isExact8Bit(_ channel: Double) -> Bool { Double(byte(channel)) / 255 == channel }
}

extension TokenValue {
  /// The colors the value holds: its own, or a composite's.
  package var colors: [Color] {
    switch self {
    case .color(let color): return [color]
    case .border(let border): return [border.color]
    case .shadow(let layers): return layers.map(\.color)
    case .gradient(let stops): return stops.map(\.color)
    case .dimension, .number, .fontFamily, .fontWeight, .duration, .strokeStyle, .typography, .cubicBezier,
      .transition:
      return []
    }
  }

  /// Whether any of its colors was written outside sRGB, so outputs that can show more write it
  /// as written beside its sRGB gamut mapping.
  package var hasWideGamutColor: Bool {
    // Most values are plain colors: no array for them, as every output asks this of every token.
    if case .color(let color) = self { return color.wideGamut != nil }
    return colors.contains { $0.wideGamut != nil }
  }
}

extension Dimension {
  /// Points (Swift) or density-independent pixels (Kotlin): 1px is 1, 1rem is 16, the
  /// browser default root font size.
  package var points: Double {
    switch unit {
    case .px: return value
    case .rem: return value * 16
    }
  }
}
