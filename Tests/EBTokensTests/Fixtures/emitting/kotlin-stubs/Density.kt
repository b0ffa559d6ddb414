// A stand-in for Jetpack Compose's Density: px per dp, and converting dp to px within it.
package androidx.compose.ui.unit

interface Density {
    val density: Float

    fun Dp.toPx(): Float = value * density
}

fun Density(density: Float): Density = object : Density {
    override val density = density
}
