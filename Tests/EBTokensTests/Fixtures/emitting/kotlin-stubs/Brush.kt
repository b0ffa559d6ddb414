// A stand-in for Jetpack Compose's Brush with the gradients generated code makes, printed as
// their direction and their stops (`position argb`), so the tests read what a brush holds.
package androidx.compose.ui.graphics

abstract class Brush {
    companion object {
        fun horizontalGradient(vararg colorStops: Pair<Float, Color>): Brush =
            StubGradient("horizontal", colorStops.toList())

        fun verticalGradient(vararg colorStops: Pair<Float, Color>): Brush =
            StubGradient("vertical", colorStops.toList())
    }
}

private class StubGradient(val direction: String, val colorStops: List<Pair<Float, Color>>) : Brush() {
    override fun toString(): String =
        direction + colorStops.joinToString("") { " " + it.first + " " + Integer.toHexString(it.second.toArgb()) }
}
