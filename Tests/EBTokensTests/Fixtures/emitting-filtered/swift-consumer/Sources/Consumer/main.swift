// Prints the filtered package's tokens through the generated API, one `name value` line each:
// the aliases of the palette, which the package leaves out, hold its values in each mode.
import EBTokens

let text = EBTokens.Color.Text.self
print("light.title", text.title.value(for: .light).hex)
print("dark.title", text.title.value(for: .dark).hex)
print("dark.body", text.body.value(for: .dark).hex)
print("link", EBTokens.Color.Text.link.hex)
print("dark.bg", EBTokens.Color.Surface.bg.value(for: .dark).hex)
print("outline.focus.width", EBTokens.Outline.focus.width)
print("radius", EBTokens.Size.radius)
