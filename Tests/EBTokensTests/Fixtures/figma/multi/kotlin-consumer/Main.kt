// Prints the Figma export's tokens in each mode through the generated API, one `name value` line
// each: the Light file is the base, the Dark file a mode layer.
package consumer

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBColorScheme
import com.eastblue.ds.tokens.EBMode
import com.eastblue.ds.tokens.EBTokens

fun hex(color: Color): String = Integer.toHexString(color.toArgb())

fun main() {
    for (mode in EBMode.values()) {
        println(mode.modeName + ".surface.bg " + hex(EBColorScheme.of(mode).surface.bg))
        println(mode.modeName + ".text.primary " + hex(EBTokens.Text.primary[mode]))
        println(mode.modeName + ".text.danger " + hex(EBTokens.Text.danger[mode]))
    }
    println("gray.900 " + hex(EBTokens.Color.Gray._900))
}
