// Prints the aliases through the generated API, one `name value` line each: each holds the value
// of the token it names, in each mode, also the one declared before its target.
package consumer

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBColorScheme
import com.eastblue.ds.tokens.EBMode
import com.eastblue.ds.tokens.EBTokens

fun hex(color: Color): String = Integer.toHexString(color.toArgb())

fun main() {
    val text = EBTokens.Color.Text
    for (mode in EBMode.values()) {
        println(mode.modeName + ".title " + hex(text.title[mode]))
        println(mode.modeName + ".body " + hex(text.body[mode]))
        println(mode.modeName + ".caption " + hex(text.caption[mode]))
        println(mode.modeName + ".raised " + hex(EBTokens.Color.Surface.raised[mode]))
        println(mode.modeName + ".overlay " + hex(EBColorScheme.of(mode).color.surface.overlay))
    }
    println("link " + hex(text.link))
    println("border " + hex(EBTokens.Color.border))
    println("radius " + EBTokens.Size.radius)
}
