// Prints the Figma export's tokens in each mode through the generated API, one `name value` line
// each: the Light file is the base, the Dark file a mode layer.
import EBTokens

for mode in EBMode.allCases {
  print("\(mode.rawValue).surface.bg", EBTokens.Surface.bg.value(for: mode).hex)
  print("\(mode.rawValue).text.primary", EBTokens.Text.primary.value(for: mode).hex)
  print("\(mode.rawValue).text.danger", EBTokens.Text.danger.value(for: mode).hex)
}
print("gray.900", EBTokens.Color.Gray._900.hex)
