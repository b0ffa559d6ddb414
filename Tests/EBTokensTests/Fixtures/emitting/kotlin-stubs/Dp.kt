// A stand-in for Jetpack Compose's Dp and its `.dp` extensions, printed as Compose prints them
// (`32.0.dp`), so the tests compile the generated Kotlin without the Android toolchain.
package androidx.compose.ui.unit

class Dp(val value: Float) {
    override fun toString(): String = "$value.dp"
}

val Int.dp: Dp get() = Dp(toFloat())

val Double.dp: Dp get() = Dp(toFloat())

val Float.dp: Dp get() = Dp(this)
