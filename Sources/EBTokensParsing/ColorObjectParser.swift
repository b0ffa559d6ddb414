import EBTokensModel
import EBTokensSupport
import EBTokensSyntax

/// The DTCG color object: `{colorSpace, components, alpha, hex}` in any of the color module's
/// spaces, converted to sRGB (see ``ColorSpace``).
///
/// A color outside the sRGB gamut is an error naming the channels that fall outside, never
/// silently clipped: every output is sRGB and the audit judges sRGB, so a clipped color would be
/// shipped and audited as a color the designer did not choose. The one exception is rounding
/// noise: components written to three or four decimals put a color on the gamut's edge (any color
/// with a channel at 0 or 255) a hair outside it. When clipping moves the color by less than a tenth
/// of the just-noticeable difference CSS Color 4's gamut mapping uses (ΔEOK 0.02), the clipped color
/// is taken, as a browser would render it.
enum ColorObjectParser {
  static let fields = ["colorSpace", "components", "alpha", "hex"]

  /// Below this ΔEOK between a color and its clipped self, the difference is rounding noise.
  static let clippingTolerance = 0.002

  static func parse(_ mapping: SyntaxMapping, warnings: ValueWarnings) -> Swift.Result<Color, ValueProblem> {
    if let unknown = mapping.entries.first(where: { !fields.contains($0.key.value) }) {
      return .failure(
        ValueProblem(
          "unknown color field '\(unknown.key.value)' (a DTCG color has \(fields.joined(separator: ", ")))",
          at: unknown.key.location))
    }
    guard case .scalar(let spaceName)? = mapping["colorSpace"] else {
      return .failure(ValueProblem("a color object needs a 'colorSpace', such as srgb"))
    }
    guard let space = ColorSpace(rawValue: spaceName.value) else {
      let names = ColorSpace.allCases.map(\.rawValue)
      let hint = Suggestion.closest(to: spaceName.value, in: names).map { "; did you mean '\($0)'?" }
      return .failure(
        ValueProblem(
          "'\(spaceName.value)' is not a DTCG color space"
            + (hint ?? " (use one of: \(names.joined(separator: ", ")))"),
          at: spaceName.location))
    }
    guard case .sequence(let list)? = mapping["components"], list.items.count == 3 else {
      let names = space.componentNames.joined(separator: ", ")
      return .failure(
        ValueProblem("a \(space.rawValue) color needs 'components' with three numbers: \(names)"))
    }
    var components: [Double] = []
    for (index, item) in list.items.enumerated() {
      switch component(item, name: space.componentNames[index], range: space.componentRanges[index]) {
      case .success(let value): components.append(value)
      case .failure(let problem): return .failure(problem)
      }
    }
    var alpha = 1.0
    if let node = mapping["alpha"] {
      switch number(node, what: "alpha", range: ColorSpace.srgb.componentRanges[0]) {
      case .success(let value): alpha = value
      case .failure(let problem): return .failure(problem)
      }
    }
    if let node = mapping["hex"] {
      // A fallback ebtokens never reads: the components are the color.
      if case .scalar(let hex) = node, hex.value.utf8.count == 9,
        case .success = ValueParser.hexColor(hex.value)
      {
        warnings.add(
          ValueProblem(
            "'hex' fallback '\(hex.value)' has 8 digits; DTCG's is #RRGGBB, with alpha in 'alpha' "
              + "(ignored: ebtokens reads the components)", at: node.location))
      } else {
        guard case .scalar(let hex) = node, hex.value.utf8.count == 7,
          case .success = ValueParser.hexColor(hex.value)
        else {
          return .failure(ValueProblem("'hex' must be a #RRGGBB string", at: node.location))
        }
      }
    }
    return inGamut(space, components, at: list.location).map { rgb in
      Color(
        red: onEightBitStep(rgb[0]), green: onEightBitStep(rgb[1]), blue: onEightBitStep(rgb[2]),
        alpha: onEightBitStep(alpha))
    }
  }

  /// Within this of a multiple of 1/255, a channel is that multiple.
  static let eightBitTolerance = 1e-5

  /// `value`, or the 8-bit step it is within ``eightBitTolerance`` of: tools that store channels
  /// as float32 (Figma) write 252/255 as 0.98823529481887817, which would print as
  /// `rgb(252.000001 …)` or an `EBColor` a designer never chose. Off-grid values keep their
  /// precision.
  static func onEightBitStep(_ value: Double) -> Double {
    let step = (value * 255).rounded() / 255
    return abs(value - step) < eightBitTolerance ? step : value
  }

  /// A component: a number in its range, or `none` (CSS Color 4's missing component, which
  /// renders as 0).
  private static func component(_ node: SyntaxNode, name: String, range: ColorSpace.ComponentRange?)
    -> Swift.Result<Double, ValueProblem>
  {
    if case .scalar(let scalar) = node, scalar.value == "none" { return .success(0) }
    return number(
      node, what: name == "red" || name == "green" || name == "blue" ? "a color component" : name,
      range: range)
  }

  private static func number(_ node: SyntaxNode, what: String, range: ColorSpace.ComponentRange?)
    -> Swift.Result<Double, ValueProblem>
  {
    guard case .scalar(let scalar) = node, scalar.style == .plain else {
      return .failure(
        ValueProblem("\(what) must be a number, found \(node.kindDescription)", at: node.location))
    }
    switch NumberSyntax.parse(scalar.value) {
    case .failure(let problem): return .failure(ValueProblem(problem.message, at: scalar.location))
    case .success(let value):
      if let range, !range.contains(value) {
        return .failure(
          ValueProblem("\(what) \(scalar.value) is out of range \(range.description)", at: scalar.location))
      }
      return .success(value)
    }
  }

  /// The sRGB channels of the color, or an error naming each channel that falls outside 0 to 1.
  private static func inGamut(_ space: ColorSpace, _ components: [Double], at location: SourceLocation)
    -> Swift.Result<[Double], ValueProblem>
  {
    let rgb = space.sRGB(components)
    let clipped = rgb.map { min(max($0, 0), 1) }
    if rgb == clipped { return .success(rgb) }
    let original = ColorSpace.oklab(fromSRGB: rgb)
    let mapped = ColorSpace.oklab(fromSRGB: clipped)
    let distance = zip(original, mapped).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    if distance < clippingTolerance { return .success(clipped) }
    // Channels out by less than the four decimals shown are noise, not worth naming.
    let outside = zip(["red", "green", "blue"], rgb).filter { abs($0.1 - min(max($0.1, 0), 1)) >= 0.00005 }
      .map {
        name, value in
        "\(name) \(rounded(value)) is \(value < 0 ? "below 0" : "above 1")"
      }
    let written = components.map(NumberFormatting.shortest).joined(separator: ", ")
    return .failure(
      ValueProblem(
        "\(space.rawValue) color [\(written)] is outside the sRGB gamut that every output and the contrast "
          + "audit use: in sRGB its \(outside.joined(separator: ", ")); choose a color inside sRGB "
          + "(ebtokens does not clip colors silently)",
        at: location))
  }

  /// Four decimals: enough to see how far out a channel is.
  private static func rounded(_ value: Double) -> String {
    NumberFormatting.shortest((value * 10_000).rounded() / 10_000)
  }
}
