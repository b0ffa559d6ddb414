// Prints token values in each mode through the generated API, one `name value` line each: the
// color scheme of a mode picked at runtime, and a token's value in one mode.
package consumer

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBColorScheme
import com.eastblue.ds.tokens.EBMode
import com.eastblue.ds.tokens.EBTokens

fun hex(color: Color): String = Integer.toHexString(color.toArgb())

fun main() {
    val dark = EBColorScheme.of(EBMode.system(true))
    println("light.title " + hex(EBColorScheme.light.color.text.title))
    println("dark.title " + hex(dark.color.text.title))
    println("dark.body " + hex(dark.color.text.body))
    println("dark.link " + hex(dark.color.text.link))
    println("dark.raised " + hex(dark.color.surface.raised))
    for (mode in EBMode.values()) {
        println(mode.modeName + ".bg " + hex(EBColorScheme.of(mode).color.surface.bg))
        println(mode.modeName + ".border-width " + EBTokens.Size.borderWidth[mode])
    }
    println("system.light " + EBMode.system(false).modeName)
    println("highContrast.title " + hex(EBTokens.Color.Text.title.highContrast))
    // The same in every mode: a plain value in the object, and in every scheme.
    println("brand " + hex(EBTokens.Color.brand) + " " + hex(EBColorScheme.highContrast.color.brand))
    println("radius " + EBTokens.Size.radius)
}
