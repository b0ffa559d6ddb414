/// What the emitters ask of a value beyond what it holds: whether a color survives 8-bit hex
/// unchanged, and a dimension in points.
extension Color {
  /// Whether red, green and blue are each exactly `n / 255`, so `#RRGGBB` loses nothing.
  package var hasExact8BitRGB: Bool {
    [red, green, blue].allSatisfy { Double(Color.byte($0)) / 255 == $0 }
  }

  /// Whether alpha is exactly `n / 255` too (`0.8` is 204 / 255).
  package var hasExact8BitChannels: Bool {
    hasExact8BitRGB && Double(Color.byte(alpha)) / 255 == alpha
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
