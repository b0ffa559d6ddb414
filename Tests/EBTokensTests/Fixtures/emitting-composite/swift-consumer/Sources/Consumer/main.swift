// Prints composite token values through the generated API, one `name value` line each.
import EBTokens

let headline = EBTokens.Styles.headline
print("headline.family", headline.family)
print("headline.families", headline.families)
print("headline.size", headline.size)
print("headline.weight", headline.weight)
print("headline.lineHeight", headline.lineHeight)
print("headline.tracking", headline.tracking)
let caption = EBTokens.Styles.caption
print("caption", caption.size, caption.lineHeight, caption.tracking)
print("title.equalsHeadline", EBTokens.Styles.title == headline)
let layered = EBTokens.Elevation.layered
print("layered.count", layered.count)
print("layered.0", layered[0].color.hex, layered[0].offsetY, layered[0].blur, layered[0].inset)
print("layered.1", layered[1].color.hex, layered[1].spread, layered[1].inset)
let focus = EBTokens.Outline.focus
print("focus", focus.width, focus.style.keyword, focus.color.hex)
print("focus.style.dashPattern", focus.style.dashPattern(lineWidth: 2))
let pattern = EBTokens.Stroke.pattern
print("stroke.pattern", pattern.keyword, pattern.dash, pattern.lineCap, pattern.dashPattern(lineWidth: 1))
print("pattern.style.equalsStroke", EBTokens.Outline.pattern.style == pattern)
let dotted = EBTokens.Stroke.dotted
print("stroke.dotted", dotted.keyword, dotted.lineCap, dotted.dashPattern(lineWidth: 3))
print("stroke.dashed", EBTokens.Stroke.dashed.dashPattern(lineWidth: 2))
print("stroke.odd", EBTokens.Stroke.odd.dashPattern(lineWidth: 1), EBTokens.Stroke.odd.lineCap)
