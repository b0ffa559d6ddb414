// Prints token values through the generated API, one `name value` line each.
package consumer

import androidx.compose.ui.graphics.toArgb
import com.eastblue.ds.tokens.EBTokens

fun main() {
    val brand = EBTokens.Color.Brand
    println("description.argb " + Integer.toHexString(brand.description.toArgb()))
    println("description.alpha " + brand.description.alpha)
    println("labelTitle.argb " + Integer.toHexString(brand.labelTitle.toArgb()))
    println("default.argb " + Integer.toHexString(brand.default.toArgb()))
    println("mixed.argb " + Integer.toHexString(brand.mixed.toArgb()))
    println("size.2xl " + EBTokens.Size._2xl)
    println("size.halfRem " + EBTokens.Size.halfRem)
    println("size.radius.default " + EBTokens.Size.Radius.default)
    println("size.negative " + EBTokens.Size.negative)
    println("typography.family.body " + EBTokens.Typography.Family.body)
    println("typography.weight.bold " + EBTokens.Typography.Weight.bold)
    println("typography.type.scale " + EBTokens.Typography.Type.scale)
    println("motion.duration.slow " + EBTokens.Motion.Duration.slow)
}
