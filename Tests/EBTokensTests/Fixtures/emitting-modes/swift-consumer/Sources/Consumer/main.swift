// Prints token values in each mode through the generated API, one `name value` line each:
// explicit access, which works on every platform (the system-following colors need Apple's).
import EBTokens

let text = EBTokens.Color.Text.self
print("light.title", text.title.value(for: .light).hex)
print("dark.title", text.title.value(for: .dark).hex)
print("dark.body", text.body.value(for: .dark).hex)
print("dark.link", text.link.value(for: .dark).hex)
print("dark.raised", EBTokens.Color.Surface.raised.dark.hex)
for mode in EBMode.allCases {
  print("\(mode.rawValue).bg", EBTokens.Color.Surface.bg.value(for: mode).hex)
  print("\(mode.rawValue).border-width", EBTokens.Size.borderWidth.value(for: mode))
}
print("system.dark", EBMode.system(isDark: true).rawValue)
print("system.light", EBMode.system(isDark: false).rawValue)
// The same in every mode: a plain value, as without modes.
print("brand", EBTokens.Color.brand.hex)
print("radius", EBTokens.Size.radius)
