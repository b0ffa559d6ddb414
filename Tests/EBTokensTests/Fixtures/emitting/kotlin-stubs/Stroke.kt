// A stand-in for Jetpack Compose's StrokeCap and PathEffect, printed as Compose names the caps and
// as the intervals a dash effect holds, so the tests compile the generated Kotlin without the
// Android toolchain and read what a stroke style draws.
package androidx.compose.ui.graphics

class StrokeCap private constructor(private val name: String) {
    override fun toString(): String = name

    companion object {
        val Butt = StrokeCap("Butt")
        val Round = StrokeCap("Round")
        val Square = StrokeCap("Square")
    }
}

interface PathEffect {
    companion object {
        fun dashPathEffect(intervals: FloatArray, phase: Float = 0f): PathEffect = DashPathEffect(intervals, phase)
    }
}

private class DashPathEffect(val intervals: FloatArray, val phase: Float) : PathEffect {
    override fun toString(): String = "dash " + intervals.joinToString(" ") + " phase " + phase
}
