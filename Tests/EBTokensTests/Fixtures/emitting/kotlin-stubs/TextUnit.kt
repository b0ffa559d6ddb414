// A stand-in for Jetpack Compose's TextUnit and its `.sp` extensions, printed as Compose prints
// them (`18.0.sp`).
package androidx.compose.ui.unit

class TextUnit(val value: Float) {
    override fun toString(): String = "$value.sp"

    companion object {
        val Unspecified = TextUnit(Float.NaN)
    }
}

val Int.sp: TextUnit get() = TextUnit(toFloat())

val Double.sp: TextUnit get() = TextUnit(toFloat())

val Float.sp: TextUnit get() = TextUnit(this)
