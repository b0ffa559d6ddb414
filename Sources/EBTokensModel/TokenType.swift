/// The DTCG types ebtokens understands: every type of the 2025.10 format module.
public enum TokenType: String, CaseIterable, Sendable, Comparable {
  case color
  case dimension
  case number
  case fontFamily
  case fontWeight
  case duration
  case strokeStyle
  case border
  case shadow
  case typography
  case cubicBezier
  case transition
  case gradient

  /// Types that are not DTCG's but that tools write: Figma's and Tokens Studio's string and
  /// boolean variables. Their tokens are left out, with a warning (docs/dtcg.md).
  package static let nonStandard: Set<String> = ["string", "boolean"]

  /// Whether values of this type are made of sub-values, any of which may be a reference
  /// (format module § 9).
  public var isComposite: Bool {
    switch self {
    case .strokeStyle, .border, .shadow, .typography, .transition, .gradient: return true
    case .color, .dimension, .number, .fontFamily, .fontWeight, .duration, .cubicBezier: return false
    }
  }

  public static func < (lhs: TokenType, rhs: TokenType) -> Bool { lhs.rawValue < rhs.rawValue }
}
