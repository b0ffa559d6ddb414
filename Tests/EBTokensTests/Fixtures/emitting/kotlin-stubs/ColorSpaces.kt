// A stand-in for Jetpack Compose's color spaces, with the one generated code names besides sRGB.
package androidx.compose.ui.graphics.colorspace

abstract class ColorSpace internal constructor(val name: String)

object ColorSpaces {
    val Srgb: ColorSpace = object : ColorSpace("sRGB IEC61966-2.1") {}
    val DisplayP3: ColorSpace = object : ColorSpace("Display P3") {}
}
