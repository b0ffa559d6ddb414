// Prints the Figma export's tokens through the generated API, one `name value` line each. The
// float32 channels Figma stores are on 8-bit steps again: exactly 252/255, not 0.98823529481887817.
import EBTokens

let red50 = EBTokens.Color.Red._50
print("red.50", red50.hex)
print("red.50.red-is-252/255", red50.red == 252.0 / 255.0)
print("danger", EBTokens.Color.danger.hex)
print("spacing.base", EBTokens.Spacing.base)
print("opacity.disabled", EBTokens.Opacity.disabled)
