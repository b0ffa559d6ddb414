// Prints the Figma export's tokens through the generated API, one `name value` line each.
package consumer

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBTokens

fun hex(color: Color): String = Integer.toHexString(color.toArgb())

fun main() {
    println("red.50 " + hex(EBTokens.Color.Red._50))
    println("danger " + hex(EBTokens.Color.danger))
    println("spacing.base " + EBTokens.Spacing.base)
    println("opacity.disabled " + EBTokens.Opacity.disabled)
}
