// Prints the aliases through the generated API, one `name value` line each: each holds the value
// of the token it names, in each mode.
import EBTokens

let text = EBTokens.Color.Text.self
for mode in EBMode.allCases {
  print("\(mode.rawValue).title", text.title.value(for: mode).hex)
  print("\(mode.rawValue).body", text.body.value(for: mode).hex)
  print("\(mode.rawValue).caption", text.caption.value(for: mode).hex)
  print("\(mode.rawValue).raised", EBTokens.Color.Surface.raised.value(for: mode).hex)
  print("\(mode.rawValue).overlay", EBTokens.Color.Surface.overlay.value(for: mode).hex)
}
print("link", text.link.hex)
print("border", EBTokens.Color.border.hex)
print("radius", EBTokens.Size.radius)
