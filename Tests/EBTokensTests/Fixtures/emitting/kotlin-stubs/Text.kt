// A stand-in for Jetpack Compose's TextStyle with the parameters generated code passes (by name, as
// Compose's own constructor takes them) and the accessors the consumer reads.
package androidx.compose.ui.text

import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.TextUnit

class TextStyle(
    val fontSize: TextUnit = TextUnit.Unspecified,
    val fontWeight: FontWeight? = null,
    val letterSpacing: TextUnit = TextUnit.Unspecified,
    val lineHeight: TextUnit = TextUnit.Unspecified
)
