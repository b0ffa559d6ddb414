// A stand-in for Jetpack Compose's Color with the API generated code uses (the Color(Long) and
// Color(Int) factories, copy(alpha), equality) and the accessors the consumer reads, so the tests compile the generated
// Kotlin without the Android toolchain.
package androidx.compose.ui.graphics

class Color internal constructor(private val argb: Long, @Suppress("UNUSED_PARAMETER") marker: Unit) {
    val alpha: Float get() = ((argb shr 24) and 0xFF) / 255f
    val red: Float get() = ((argb shr 16) and 0xFF) / 255f
    val green: Float get() = ((argb shr 8) and 0xFF) / 255f
    val blue: Float get() = (argb and 0xFF) / 255f

    internal val packed: Long get() = argb

    // Compose's copy, for alpha: the channel set, rounded to 8 bits as an sRGB Color packs it.
    fun copy(alpha: Float = this.alpha): Color =
        Color((((alpha * 255f + 0.5f).toLong() and 0xFF) shl 24) or (argb and 0xFFFFFFL), Unit)

    // Compose's Color is a value class: two colors with the same channels are equal.
    override fun equals(other: Any?): Boolean = other is Color && other.argb == argb

    override fun hashCode(): Int = argb.hashCode()
}

fun Color(color: Long): Color = Color(color and 0xFFFFFFFFL, Unit)

fun Color(color: Int): Color = Color(color.toLong() and 0xFFFFFFFFL, Unit)

fun Color.toArgb(): Int = packed.toInt()
