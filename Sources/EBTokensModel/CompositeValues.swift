/// A DTCG typography value (format module § 9.8), resolved.
public struct Typography: Hashable, Sendable {
  /// The families, most preferred first.
  public let fontFamily: [String]
  public let fontSize: Dimension
  /// 1 to 1000.
  public let fontWeight: Double
  public let letterSpacing: Dimension
  /// A multiplier of `fontSize`, as DTCG defines it: `1.5` is a line height of one and a half times
  /// the font size.
  public let lineHeight: Double

  public init(
    fontFamily: [String], fontSize: Dimension, fontWeight: Double, letterSpacing: Dimension,
    lineHeight: Double
  ) {
    self.fontFamily = fontFamily
    self.fontSize = fontSize
    self.fontWeight = fontWeight
    self.letterSpacing = letterSpacing
    self.lineHeight = lineHeight
  }

  /// The line height in the font size's unit: `fontSize × lineHeight`.
  public var absoluteLineHeight: Dimension { Dimension(fontSize.value * lineHeight, fontSize.unit) }
}

/// One DTCG shadow (format module § 9.6), resolved. A shadow token holds one or more, drawn first
/// on top, as CSS draws `box-shadow` layers.
public struct Shadow: Hashable, Sendable {
  public let color: Color
  public let offsetX: Dimension
  public let offsetY: Dimension
  /// Not negative.
  public let blur: Dimension
  public let spread: Dimension
  /// An inner shadow, inside the shape, rather than a drop shadow.
  public let inset: Bool

  public init(
    color: Color, offsetX: Dimension, offsetY: Dimension, blur: Dimension, spread: Dimension, inset: Bool
  ) {
    self.color = color
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.blur = blur
    self.spread = spread
    self.inset = inset
  }
}

/// A DTCG stroke style (format module § 9.3): a CSS line-style keyword, or a dash pattern.
public enum StrokeStyle: Hashable, Sendable {
  public enum Keyword: String, CaseIterable, Sendable {
    case solid
    case dashed
    case dotted
    case double
    case groove
    case ridge
    case outset
    case inset
  }

  public enum LineCap: String, CaseIterable, Sendable {
    case round
    case butt
    case square
  }

  case keyword(Keyword)
  /// Alternating dash and gap lengths (not negative), and how dashes end.
  case dashes([Dimension], lineCap: LineCap)
}

/// A DTCG border (format module § 9.4), resolved.
public struct Border: Hashable, Sendable {
  public let color: Color
  /// Not negative.
  public let width: Dimension
  public let style: StrokeStyle

  public init(color: Color, width: Dimension, style: StrokeStyle) {
    self.color = color
    self.width = width
    self.style = style
  }
}

/// A part of a composite value that was written as a reference to another token:
/// `fontFamily: "{font.family.primary}"` has the path `["fontFamily"]`, the color of a layered
/// shadow's second layer `["1", "color"]`.
public struct ComponentReference: Hashable, Sendable {
  /// Keys and list indexes from the value to the part, as a JSON Pointer below `$value` has them.
  public let path: [String]
  public let reference: TokenReference

  public init(path: [String], reference: TokenReference) {
    self.path = path
    self.reference = reference
  }
}
