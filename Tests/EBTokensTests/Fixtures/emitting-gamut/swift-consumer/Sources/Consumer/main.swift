// Prints the gamut fixture's colors through the generated API, one `name value` line each: the sRGB
// gamut mapping as hex, and the Display P3 channels (to four decimals) where the color has them.
import EBTokens

func displayP3(_ color: EBColor) -> String {
  guard let p3 = color.displayP3 else { return "none" }
  // Rounded half up by hand: `rounded()` needs libm, which a package without Foundation does not link.
  return [p3.red, p3.green, p3.blue].map { String(Double(Int($0 * 10_000 + 0.5)) / 10_000) }
    .joined(separator: " ")
}

for (name, color) in [
  ("hotPink", EBTokens.Color.hotPink), ("brandBlue", EBTokens.Color.brandBlue), ("ink", EBTokens.Color.ink),
  ("edge", EBTokens.Color.edge), ("accentSoft", EBTokens.Color.accentSoft),
  ("border.focus", EBTokens.Border.focus.color), ("glow.stop", EBTokens.Gradient.glow.stops[0].color),
] {
  print(name, color.hex, displayP3(color))
}
print("accent.equalsHotPink", EBTokens.Color.accent == EBTokens.Color.hotPink)
