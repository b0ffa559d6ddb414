// A stand-in for Jetpack Compose's Color with the API generated code uses (the Color(Long) and
// Color(Int) factories, copy(alpha), equality) and the accessors the consumer reads, so the tests compile the generated
// Kotlin without the Android toolchain. A Display P3 color (DisplayP3Color.kt) holds its components,
// red, green, blue and alpha, in `displayP3`.
package androidx.compose.ui.graphics

class Color internal constructor(private val argb: Long, internal val displayP3: FloatArray?) {
    val alpha: Float get() = displayP3?.get(3) ?: (((argb shr 24) and 0xFF) / 255f)
    val red: Float get() = displayP3?.get(0) ?: (((argb shr 16) and 0xFF) / 255f)
    val green: Float get() = displayP3?.get(1) ?: (((argb shr 8) and 0xFF) / 255f)
    val blue: Float get() = displayP3?.get(2) ?: ((argb and 0xFF) / 255f)

    internal val packed: Long get() = argb

    // Compose's copy, for alpha: the channel set, rounded to 8 bits as an sRGB Color packs it; a
    // Display P3 color keeps its components and takes the alpha as it is.
    fun copy(alpha: Float = this.alpha): Color =
        Color(
            (((alpha * 255f + 0.5f).toLong() and 0xFF) shl 24) or (argb and 0xFFFFFFL),
            displayP3?.let { floatArrayOf(it[0], it[1], it[2], alpha) })

    // Compose's Color is a value class: two colors with the same channels (and space) are equal.
    override fun equals(other: Any?): Boolean =
        other is Color && other.argb == argb && java.util.Arrays.equals(other.displayP3, displayP3)

    override fun hashCode(): Int = argb.hashCode() * 31 + java.util.Arrays.hashCode(displayP3)
}

fun Color(color: Long): Color = Color(color and 0xFFFFFFFFL, null)

fun Color(color: Int): Color = Color(color.toLong() and 0xFFFFFFFFL, null)

fun Color.toArgb(): Int = packed.toInt()
