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

/// A DTCG cubic Bézier curve (format module § 8.6): the control points P1 and P2 of a timing
/// curve from (0, 0) to (1, 1). The x coordinates are in 0...1; the y coordinates may be any number
/// (a curve that overshoots).
public struct CubicBezier: Hashable, Sendable, CustomStringConvertible {
  public let x1: Double
  public let y1: Double
  public let x2: Double
  public let y2: Double

  public init(x1: Double, y1: Double, x2: Double, y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  /// The four numbers in DTCG's (and CSS's) order: x1, y1, x2, y2.
  public var points: [Double] { [x1, y1, x2, y2] }

  /// `cubic-bezier(0.4, 0, 0.2, 1)`, as CSS writes it.
  public var description: String {
    "cubic-bezier(" + points.map(NumberFormatting.shortest).joined(separator: ", ") + ")"
  }
}

/// A DTCG transition (format module § 9.5), resolved: how long an animation lasts, how long it
/// waits before it starts, and its timing curve.
public struct Transition: Hashable, Sendable {
  public let duration: Duration
  public let delay: Duration
  public let timingFunction: CubicBezier

  public init(duration: Duration, delay: Duration, timingFunction: CubicBezier) {
    self.duration = duration
    self.delay = delay
    self.timingFunction = timingFunction
  }
}

/// One stop of a DTCG gradient (format module § 9.7), resolved.
public struct GradientStop: Hashable, Sendable {
  public let color: Color
  /// From 0, the start of the gradient's axis, to 1, its end: a position written outside is
  /// clamped, as the format module says.
  public let position: Double

  public init(color: Color, position: Double) {
    self.color = color
    self.position = min(max(position, 0), 1)
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
