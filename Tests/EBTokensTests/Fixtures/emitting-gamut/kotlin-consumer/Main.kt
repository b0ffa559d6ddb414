// Prints the gamut fixture's colors through the generated API, one `name value` line each: a color
// outside sRGB is a Display P3 Compose color (its space and components), an sRGB one its ARGB.
package consumer

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.colorSpace
import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBTokens

fun describe(color: Color): String =
    if (color.colorSpace.name == "Display P3") {
        "Display P3 " + listOf(color.red, color.green, color.blue, color.alpha)
            .joinToString(" ") { String.format("%.4f", it) }
    } else {
        Integer.toHexString(color.toArgb())
    }

fun main() {
    println("hotPink " + describe(EBTokens.Color.hotPink))
    println("brandBlue " + describe(EBTokens.Color.brandBlue))
    println("ink " + describe(EBTokens.Color.ink))
    println("edge " + describe(EBTokens.Color.edge))
    println("accentSoft " + describe(EBTokens.Color.accentSoft))
    println("border.focus " + describe(EBTokens.Border.focus.color))
    println("glow.stop " + describe(EBTokens.Gradient.glow.colorStops[0].second))
    println("accent.equalsHotPink " + (EBTokens.Color.accent == EBTokens.Color.hotPink))
}
