import EBTokensModel
import EBTokensSupport
import EBTokensSyntax

/// The DTCG color object: `{colorSpace, components, alpha, hex}` in any of the color module's
/// spaces, converted to sRGB (see ``/EBTokensModel/ColorSpace``).
///
/// A color outside the sRGB gamut is kept as written (a ``/EBTokensModel/WideGamutColor``, for the outputs that
/// can show it) and gamut-mapped into sRGB with CSS Color 4's algorithm (``/EBTokensModel/GamutMapping``) for
/// where only sRGB can be shown, with a warning naming both: a designer should know which color an
/// sRGB display, and the contrast audit, will see. The one exception is rounding noise: components
/// written to three or four decimals put a color on the gamut's edge a hair outside it, and when
/// clipping moves it by less than ``/EBTokensModel/GamutMapping/clippingTolerance`` it is clipped silently, as a
/// browser would render it.
enum ColorObjectParser {
  static let fields = ["colorSpace", "components", "alpha", "hex"]

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
    let sRGB = GamutMapping.fit(space, components, into: .sRGB)
    var wideGamut: WideGamutColor?
    if sRGB.outcome == .mapped {
      let displayP3 = GamutMapping.fit(space, components, into: .displayP3)
      // Snapped as sRGB channels are: a color converted from another space lands a hair off a step.
      let color = WideGamutColor(
        space: space, components: components, displayP3: displayP3.channels.map(onEightBitStep),
        isOutsideDisplayP3: displayP3.outcome == .mapped)
      warnings.add(gamutMappingWarning(color, sRGB: sRGB.channels, alpha: alpha, at: list.location))
      wideGamut = color
    }
    let rgb = sRGB.channels
    return .success(
      Color(
        red: onEightBitStep(rgb[0]), green: onEightBitStep(rgb[1]), blue: onEightBitStep(rgb[2]),
        alpha: onEightBitStep(alpha), wideGamut: wideGamut))
  }

  /// What a color outside sRGB becomes in each output, and that the audit judges its sRGB color.
  private static func gamutMappingWarning(
    _ color: WideGamutColor, sRGB: [Double], alpha: Double, at location: SourceLocation
  ) -> ValueProblem {
    let mapped = Color(red: sRGB[0], green: sRGB[1], blue: sRGB[2], alpha: alpha)
    let written = color.notation(alpha: alpha)
    let displayP3 =
      color.isOutsideDisplayP3
      ? "; it is outside Display P3 too, so Swift and Compose get it gamut-mapped into Display P3, "
        + "color(display-p3 \(color.displayP3.map(rounded).joined(separator: " ")))"
      : ""
    return ValueProblem(
      "\(written) is outside the sRGB gamut: where only sRGB can be shown (the CSS fallback, sRGB displays, "
        + "the contrast audit) it is gamut-mapped (CSS Color 4) to \(mapped.hex); wide-gamut outputs keep it"
        + displayP3,
      at: location)
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

  /// Four decimals: enough to name a mapped color.
  private static func rounded(_ value: Double) -> String {
    NumberFormatting.shortest((value * 10_000).rounded() / 10_000)
  }
}
