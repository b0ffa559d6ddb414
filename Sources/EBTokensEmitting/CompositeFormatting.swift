import EBTokensModel

extension StrokeStyle {
  /// The CSS line-style keyword the outputs write: the keyword itself, or `dashed` for a dash
  /// pattern, the fallback the format module suggests (§ 9.3.3) where a platform cannot draw the
  /// pattern exactly (CSS borders, and the border types generated for Swift and Kotlin).
  var cssKeyword: String {
    switch self {
    case .keyword(let keyword): return keyword.rawValue
    case .dashes: return StrokeStyle.Keyword.dashed.rawValue
    }
  }
}
