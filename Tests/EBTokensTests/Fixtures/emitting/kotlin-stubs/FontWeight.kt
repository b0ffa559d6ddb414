// A stand-in for Jetpack Compose's FontWeight, which takes a weight from 1 to 1000.
package androidx.compose.ui.text.font

class FontWeight(val weight: Int)
