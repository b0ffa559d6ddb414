import EBTokensConfig
import EBTokensModel
import EBTokensSupport

/// The contrast role of text set in a typography token, as WCAG 2.2 defines "large scale" text:
/// at least 18 point, or at least 14 point and bold. With CSS's 1pt = 4/3 px (and 1rem = 16px),
/// that is 24px, or 18.67px (56/3) at a weight of 700 or more.
///
/// An audit rule that names the typography its pair is rendered in (`typography:` instead of
/// `role:`) takes its role from here, so the role follows the type scale instead of being judged
/// by hand: `text` (4.5:1 at AA) or `large-text` (3:1).
public enum TypographyRole {
  /// 18pt.
  public static let largeSize = 24.0
  /// 14pt, for bold text.
  public static let largeBoldSize = 56.0 / 3
  /// CSS's `bold`.
  public static let boldWeight = 700.0

  /// The font size in CSS pixels (a rem counts 16).
  public static func pixels(of typography: Typography) -> Double {
    typography.fontSize.value * (typography.fontSize.unit == .rem ? 16 : 1)
  }

  public static func role(of typography: Typography) -> Configuration.Audit.Role {
    let pixels = pixels(of: typography)
    let isLarge = pixels >= largeSize || (pixels >= largeBoldSize && typography.fontWeight >= boldWeight)
    return isLarge ? .largeText : .text
  }

  /// The value of the typography token `name`, or why there is none.
  static func typography(named name: String, in tokens: TokenSet, at location: SourceLocation?)
    -> Swift.Result<Typography, TypographyRuleError>
  {
    guard let token = tokens[name] else {
      let candidates = tokens.tokens.lazy.filter { $0.type == .typography }.map(\.name)
      return .failure(
        .unknownTypography(name, suggestion: Suggestion.closest(to: name, in: candidates), at: location))
    }
    guard case .typography(let typography) = token.value else {
      return .failure(.notATypography(name, type: token.type, tokenLocation: token.location, at: location))
    }
    return .success(typography)
  }
}

/// An audit rule's `typography` that names no typography token.
public enum TypographyRuleError: DiagnosticConvertible, Equatable {
  case unknownTypography(String, suggestion: String?, at: SourceLocation?)
  case notATypography(String, type: TokenType, tokenLocation: SourceLocation, at: SourceLocation?)

  public var diagnostic: Diagnostic {
    switch self {
    case .unknownTypography(let name, let suggestion, let location):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return Diagnostic("typography '\(name)' is not a token\(hint)", at: location)
    case .notATypography(let name, let type, let tokenLocation, let location):
      return Diagnostic(
        "typography '\(name)' is a \(type.rawValue) token; a rule's typography names a typography token",
        at: location, notes: [.init("'\(name)' is defined here", at: tokenLocation)])
    }
  }
}
