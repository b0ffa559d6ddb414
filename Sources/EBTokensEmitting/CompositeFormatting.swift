import EBTokensModel

extension StrokeStyle {
  /// The CSS line-style keyword: the keyword itself, or `dashed` for a dash pattern, the fallback
  /// the format module suggests (§ 9.3.3) where a platform cannot draw the pattern exactly (CSS
  /// borders; Terrazzo's CSS does the same). Swift and Kotlin keep it beside the pattern.
  var cssKeyword: String {
    switch self {
    case .keyword(let keyword): return keyword.rawValue
    case .dashes: return StrokeStyle.Keyword.dashed.rawValue
    }
  }

  /// The line cap Swift and Kotlin draw the style with: a dash pattern's own, round for `dotted`
  /// (dashes of no length with round caps are dots), butt for the other keywords.
  var drawnLineCap: LineCap {
    switch self {
    case .keyword(let keyword): return keyword == .dotted ? .round : .butt
    case .dashes(_, let lineCap): return lineCap
    }
  }

  /// A dash pattern's lengths; none for a keyword.
  var dashLengths: [Dimension] {
    if case .dashes(let lengths, _) = self { return lengths }
    return []
  }
}

/// Which kinds of composite values a token set holds. The Swift and Kotlin outputs declare the
/// types of those it has in their styles file, and only of those: a package without them is as
/// before.
struct StyleKinds {
  var typography = false
  var shadowsOrBorders = false
  /// Stroke styles or borders, whose style is one.
  var strokes = false
  /// Cubic Bézier curves or transitions, which share the curve type.
  var motion = false
  var gradients = false

  init(_ tokens: ModalTokenSet) {
    for token in tokens.firstTokens {
      switch token.type {
      case .typography: typography = true
      case .shadow: shadowsOrBorders = true
      case .border:
        shadowsOrBorders = true
        strokes = true
      case .strokeStyle: strokes = true
      case .cubicBezier, .transition: motion = true
      case .gradient: gradients = true
      case .color, .dimension, .number, .fontFamily, .fontWeight, .duration: break
      }
    }
  }

  /// The sections of `EBStyles.swift`: `EBTextStyle`, `EBShadow` and `EBBorder` for typography,
  /// shadow or border tokens.
  var swiftSections: StyleSections {
    StyleSections(
      hasStyles: typography || shadowsOrBorders, hasStrokes: strokes, hasMotion: motion,
      hasGradients: gradients)
  }

  /// The sections of `EBStyles.kt`: `EBShadow` and `EBBorder` for shadow or border tokens
  /// (typography tokens are Compose's own `TextStyle`).
  var kotlinSections: StyleSections {
    StyleSections(
      hasStyles: shadowsOrBorders, hasStrokes: strokes, hasMotion: motion, hasGradients: gradients)
  }
}

/// The sections of a styles file, each a template field: `hasStyles` (the types of typography,
/// shadow or border values the output declares), `hasStrokes` (`EBStrokeStyle`, for stroke style
/// and border tokens), `hasMotion` (`EBCubicBezier` in Swift and `EBTransition`), `hasGradients`
/// (`EBGradient`, and in Swift `EBGradientStop`).
struct StyleSections {
  let hasStyles: Bool
  let hasStrokes: Bool
  let hasMotion: Bool
  let hasGradients: Bool

  /// Whether the output has a styles file.
  var any: Bool { hasStyles || hasStrokes || hasMotion || hasGradients }
}
