/// The DTCG types ebtokens understands.
public enum TokenType: String, CaseIterable, Sendable, Comparable {
  case color
  case dimension
  case number
  case fontFamily
  case fontWeight
  case duration

  /// DTCG types that exist in the 2025.10 format but that ebtokens does not read yet.
  static let knownButUnsupported: Set<String> = [
    "cubicBezier", "strokeStyle", "border", "transition", "shadow", "gradient", "typography",
  ]

  public static func < (lhs: TokenType, rhs: TokenType) -> Bool { lhs.rawValue < rhs.rawValue }
}
