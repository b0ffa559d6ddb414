// A stand-in for Jetpack Compose's animation specs with the API generated code uses: Easing,
// CubicBezierEasing (equal when its control points are, and printed, as Compose's) and tween,
// whose parameters generated code passes by name.
package androidx.compose.animation.core

interface Easing

class CubicBezierEasing(private val a: Float, private val b: Float, private val c: Float, private val d: Float) :
    Easing {
    override fun equals(other: Any?): Boolean =
        other is CubicBezierEasing && a == other.a && b == other.b && c == other.c && d == other.d

    override fun hashCode(): Int = ((a.hashCode() * 31 + b.hashCode()) * 31 + c.hashCode()) * 31 + d.hashCode()

    override fun toString(): String = "CubicBezierEasing(a=$a, b=$b, c=$c, d=$d)"
}

class TweenSpec<T>(val durationMillis: Int, val delay: Int, val easing: Easing)

fun <T> tween(durationMillis: Int, delayMillis: Int, easing: Easing): TweenSpec<T> =
    TweenSpec(durationMillis, delayMillis, easing)
