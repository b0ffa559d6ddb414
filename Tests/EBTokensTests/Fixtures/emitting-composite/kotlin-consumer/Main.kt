// Prints composite token values through the generated API, one `name value` line each.
package consumer

import androidx.compose.ui.graphics.toArgb
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
    println("focus " + focus.width + " " + focus.style + " " + Integer.toHexString(focus.color.toArgb()))
    println("stroke.dotted " + EBTokens.Stroke.dotted)
}
