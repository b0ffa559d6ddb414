// A stand-in for Jetpack Compose's Color(red, green, blue, alpha, colorSpace) factory, for Display P3,
// the space generated code uses for colors outside sRGB. Like Compose, it refuses a component outside
// the space's range (0 to 1), so a color not brought into Display P3 fails the test.
package androidx.compose.ui.graphics

import androidx.compose.ui.graphics.colorspace.ColorSpace
import androidx.compose.ui.graphics.colorspace.ColorSpaces

fun Color(red: Float, green: Float, blue: Float, alpha: Float = 1f, colorSpace: ColorSpace = ColorSpaces.Srgb): Color {
    require(colorSpace === ColorSpaces.DisplayP3) { "this stub makes Display P3 colors only" }
    require(listOf(red, green, blue, alpha).all { it in 0f..1f }) {
        "Display P3 components must be 0 to 1: $red, $green, $blue, $alpha"
    }
    return Color(0L, floatArrayOf(red, green, blue, alpha))
}

val Color.colorSpace: ColorSpace get() = if (displayP3 == null) ColorSpaces.Srgb else ColorSpaces.DisplayP3
