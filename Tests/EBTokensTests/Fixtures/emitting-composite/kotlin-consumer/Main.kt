// Prints composite token values through the generated API, one `name value` line each.
package consumer

import androidx.compose.ui.graphics.toArgb
import androidx.compose.ui.unit.Density
import com.eastblue.ds.tokens.EBTokens

fun main() {
    val headline = EBTokens.Styles.headline
    println("headline.fontSize " + headline.fontSize)
    println("headline.fontWeight " + headline.fontWeight?.weight)
    println("headline.lineHeight " + headline.lineHeight)
    println("headline.letterSpacing " + headline.letterSpacing)
    val caption = EBTokens.Styles.caption
    println("caption " + caption.fontSize + " " + caption.lineHeight + " " + caption.letterSpacing)
    val layered = EBTokens.Elevation.layered
    println("layered.count " + layered.size)
    println("layered.0 " + Integer.toHexString(layered[0].color.toArgb()) + " " + layered[0].offsetY + " " + layered[0].inset)
    println("layered.1 " + layered[1].spread + " " + layered[1].inset)
    val focus = EBTokens.Outline.focus
    println("focus " + focus.width + " " + focus.style.keyword + " " + Integer.toHexString(focus.color.toArgb()))
    // Two px a dp.
    val density = Density(2f)
    println("focus.style.pathEffect " + focus.style.pathEffect(2f, density))
    val pattern = EBTokens.Stroke.pattern
    println("stroke.pattern " + pattern.keyword + " " + pattern.dashArray + " " + pattern.cap + " " + pattern.pathEffect(1f, density))
    println("pattern.style " + EBTokens.Outline.pattern.style.pathEffect(1f, density))
    val dotted = EBTokens.Stroke.dotted
    println("stroke.dotted " + dotted.keyword + " " + dotted.cap + " " + dotted.pathEffect(3f, density))
    println("stroke.dashed " + EBTokens.Stroke.dashed.pathEffect(2f, density))
    val odd = EBTokens.Stroke.odd
    println("stroke.odd " + odd.intervals(1f, density).joinToString(" ") + " " + odd.cap)
}
