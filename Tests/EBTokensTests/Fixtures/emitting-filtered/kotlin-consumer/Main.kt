// Prints the filtered Compose tokens through the generated API, one `name value` line each: the
// semantic colors, in each mode, without the palette they alias.
package consumer

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBColorScheme
import com.eastblue.ds.tokens.EBTokens

fun hex(color: Color): String = Integer.toHexString(color.toArgb())

fun main() {
    println("light.title " + hex(EBColorScheme.light.color.text.title))
    println("dark.title " + hex(EBColorScheme.dark.color.text.title))
    println("dark.body " + hex(EBColorScheme.dark.color.text.body))
    println("link " + hex(EBTokens.Color.Text.link))
    println("dark.bg " + hex(EBColorScheme.dark.color.surface.bg))
}
