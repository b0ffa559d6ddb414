// Prints a sample of Terrazzo's tokens through the generated API, one `name value` line each: the
// theme's colors in each mode, a typography whose lineHeight is written as a dimension, a curve.
import EBTokens

for mode in EBMode.allCases {
  print("\(mode.rawValue).color.bg.1", EBTokens.Color.Bg._1.value(for: mode).hex)
  print("\(mode.rawValue).color.text.1", EBTokens.Color.Text._1.value(for: mode).hex)
}
let heading = EBTokens.Font.heading2
print("font.heading2", heading.size, heading.lineHeight, heading.weight)
let curve = EBTokens.Ease.quintOut
print("ease.quint-out", curve.x1, curve.y1, curve.x2, curve.y2)
