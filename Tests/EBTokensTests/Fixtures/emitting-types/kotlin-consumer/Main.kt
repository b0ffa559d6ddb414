// Prints cubic Bézier, transition and gradient token values through the generated API, one
// `name value` line each.
package consumer

import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBTokens

fun main() {
    println("ease.standard " + EBTokens.Ease.standard)
    println("ease.overshoot " + EBTokens.Ease.overshoot)
    println("ease.emphasis.equalsStandard " + (EBTokens.Ease.emphasis == EBTokens.Ease.standard))
    val fade = EBTokens.Motion.fade
    println("fade " + fade.durationMillis + " " + fade.delayMillis + " " + (fade.easing == EBTokens.Ease.standard))
    val spec = fade.tweenSpec<Float>()
    println("fade.tween " + spec.durationMillis + " " + spec.delay + " " + (spec.easing == EBTokens.Ease.standard))
    val slide = EBTokens.Motion.slide
    println("slide " + slide.durationMillis + " " + slide.delayMillis + " " + slide.easing)
    println("enter.equalsFade " + (EBTokens.Motion.enter == fade))
    for ((position, color) in EBTokens.Gradient.brand.colorStops) {
        println("brand.stop " + position + " " + Integer.toHexString(color.toArgb()))
    }
    println("sunrise.brush " + EBTokens.Gradient.sunrise.horizontalBrush())
    println("hero.equalsBrand " + (EBTokens.Gradient.hero == EBTokens.Gradient.brand))
}
