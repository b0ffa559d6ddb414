// Prints a sample of Terrazzo's tokens through the generated API, one `name value` line each.
package consumer

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBMode
import com.eastblue.ds.tokens.EBTokens

fun hex(color: Color): String = Integer.toHexString(color.toArgb())

fun main() {
    for (mode in EBMode.values()) {
        println(mode.modeName + ".color.bg.1 " + hex(EBTokens.Color.Bg._1[mode]))
        println(mode.modeName + ".color.text.1 " + hex(EBTokens.Color.Text._1[mode]))
    }
    val heading = EBTokens.Font.heading2
    println("font.heading2 " + heading.fontSize + " " + heading.lineHeight)
}
