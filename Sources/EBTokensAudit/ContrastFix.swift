import EBTokensModel
import Foundation

/// What would make a failing pair pass, computed as a designer would look for it: the foreground's
/// own hue and chroma at another lightness, the nearest one that passes; and for a translucent
/// alias (`{base} @ 80%`), the smallest opacity of the same base that passes.
public struct ContrastFix: Sendable, Equatable {
  /// The nearest passing color: the foreground with another OKLCH lightness (its chroma reduced
  /// only where the new lightness would leave sRGB), in 8-bit channels, with the foreground's alpha.
  public let color: Color
  /// What to write as the value of ``token``: `color` with the alpha that token holds (for an
  /// alias with `@ NN%`, the base's own alpha, which the alias then multiplies).
  public let literal: Color
  /// How far `color` is from the foreground: ΔEOK, the Euclidean distance in Oklab (CSS Color 4),
  /// between the two opaque colors.
  public let deltaE: Double
  /// `color` measured on the pair's background.
  public let measurement: ContrastAudit.Measurement
  /// For a foreground written as `{base} @ NN%`: the smallest whole percentage of the same base
  /// that passes; `nil` for other foregrounds, or when even 100% fails.
  public let alpha: AlphaFix?
  /// The token whose value is a literal and would change: the foreground itself, or the end of its
  /// chain of references (the base color an alias is made from).
  public let token: String
  /// Other pairs whose colors come from `token` too, as "foreground on background" (with the mode),
  /// which changing it would also move; empty when the foreground holds its own literal.
  public var alsoMoves: [String]

  public struct AlphaFix: Sendable, Equatable {
    /// The `@ NN%` that passes.
    public let percent: Int
    public let measurement: ContrastAudit.Measurement
  }
}

extension ContrastFix {
  /// How finely the boundary between failing and passing lightness is found: far below what
  /// 8-bit channels can show.
  static let lightnessPrecision = 1e-6

  /// The fix for `foreground` on `background` (over `canvas`), or `nil` when no lightness passes
  /// (a threshold above what black or white reach on this background).
  ///
  /// - Parameters:
  ///   - aliasBase: For a foreground written as `{base} @ NN%`: the base's color and the factor.
  static func find(
    foreground: Color, background: Color, canvas: Color, minimum: Double, method: ContrastAudit.Method,
    aliasBase: (color: Color, factor: Double)?, token: String
  ) -> ContrastFix? {
    let original = [foreground.red, foreground.green, foreground.blue]
    let originalLab = ColorSpace.oklab(fromSRGB: original)
    let lch = oklch(fromOklab: originalLab)
    func passes(_ color: Color) -> ContrastAudit.Measurement? {
      let measurement = ContrastAudit.measure(foreground: color, background: background, canvas: canvas)
      return ContrastAudit.passes(measurement, minimum: minimum, method: method) ? measurement : nil
    }
    guard let (color, measurement) = nearestPassing(lch: lch, alpha: foreground.alpha, passes: passes)
    else { return nil }
    let deltaE = distance(originalLab, ColorSpace.oklab(fromSRGB: [color.red, color.green, color.blue]))
    let alpha = aliasBase.flatMap { base in
      smallestPassingAlpha(base: base.color, factor: base.factor, passes: passes)
    }
    let literal = Color(
      red: color.red, green: color.green, blue: color.blue, alpha: aliasBase?.color.alpha ?? foreground.alpha)
    return ContrastFix(
      color: color, literal: literal, deltaE: deltaE, measurement: measurement, alpha: alpha, token: token,
      alsoMoves: [])
  }

  /// The passing color nearest in ΔEOK among the colors of `lch`'s hue and chroma at every
  /// lightness, rounded to 8 bits.
  ///
  /// Contrast with a background grows as the foreground's lightness moves away from it, so the
  /// passing lightnesses are at most two intervals, one towards black and one towards white: the
  /// boundary of each (where the end itself passes) is found by bisection between the original
  /// lightness and that end, and the nearer of the two in ΔEOK is kept. Rounded to 8 bits the color
  /// may fall just short, so it is moved on, away from the original, until it passes too.
  static func nearestPassing(
    lch: [Double], alpha: Double, passes: (Color) -> ContrastAudit.Measurement?
  ) -> (Color, ContrastAudit.Measurement)? {
    let originalLab = oklab(fromOklch: lch)
    func passesAt(_ lightness: Double) -> Bool {
      passes(color(lch: lch, lightness: lightness, alpha: alpha)) != nil
    }
    var best: (lightness: Double, distance: Double)?
    for end in [0.0, 1.0] where passesAt(end) {
      var failing = lch[0]
      var passing = end
      while abs(passing - failing) > lightnessPrecision {
        let middle = (passing + failing) / 2
        if passesAt(middle) { passing = middle } else { failing = middle }
      }
      let distance = distance(originalLab, oklab(of: color(lch: lch, lightness: passing, alpha: alpha)))
      if distance < best?.distance ?? .infinity { best = (passing, distance) }
    }
    guard let best else { return nil }
    let direction = lch[0] > best.lightness ? -1.0 : 1.0
    var step = 0.0
    while step <= 0.05 {
      let candidate = min(max(best.lightness + direction * step, 0), 1)
      let rounded = eightBit(color(lch: lch, lightness: candidate, alpha: alpha))
      if let measurement = passes(rounded) { return (rounded, measurement) }
      step += 0.0005
    }
    return nil
  }

  /// The smallest whole `@ NN%` above the current one at which `base` passes; `nil` when 100% fails.
  static func smallestPassingAlpha(
    base: Color, factor: Double, passes: (Color) -> ContrastAudit.Measurement?
  ) -> AlphaFix? {
    let current = Int((factor * 100).rounded(.down))
    guard current < 100 else { return nil }
    for percent in (current + 1)...100 {
      let color = Color(
        red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * Double(percent) / 100)
      if let measurement = passes(color) { return AlphaFix(percent: percent, measurement: measurement) }
    }
    return nil
  }

  /// The color of `lch`'s hue and chroma at `lightness`; where that leaves sRGB, the largest chroma
  /// that stays inside (found by bisection), so the hue is kept.
  static func color(lch: [Double], lightness: Double, alpha: Double) -> Color {
    func inGamut(_ rgb: [Double]) -> Bool { rgb.allSatisfy { $0 >= -1e-9 && $0 <= 1 + 1e-9 } }
    var rgb = ColorSpace.oklch.sRGB([lightness, lch[1], lch[2]])
    if !inGamut(rgb) {
      var low = 0.0
      var high = lch[1]
      for _ in 0..<40 {
        let middle = (low + high) / 2
        if inGamut(ColorSpace.oklch.sRGB([lightness, middle, lch[2]])) {
          low = middle
        } else {
          high = middle
        }
      }
      rgb = ColorSpace.oklch.sRGB([lightness, low, lch[2]])
    }
    let clamped = rgb.map { min(max($0, 0), 1) }
    return Color(red: clamped[0], green: clamped[1], blue: clamped[2], alpha: alpha)
  }

  static func eightBit(_ color: Color) -> Color {
    Color(
      red: Double(color.red8) / 255, green: Double(color.green8) / 255, blue: Double(color.blue8) / 255,
      alpha: color.alpha)
  }

  static func oklab(of color: Color) -> [Double] {
    ColorSpace.oklab(fromSRGB: [color.red, color.green, color.blue])
  }

  static func distance(_ a: [Double], _ b: [Double]) -> Double {
    sqrt(zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) })
  }

  /// `[L, C, h]` with the hue in degrees; a gray keeps hue 0.
  static func oklch(fromOklab lab: [Double]) -> [Double] {
    let chroma = hypot(lab[1], lab[2])
    var hue = atan2(lab[2], lab[1]) * 180 / Double.pi
    if hue < 0 { hue += 360 }
    return [lab[0], chroma, chroma < 1e-9 ? 0 : hue]
  }

  static func oklab(fromOklch lch: [Double]) -> [Double] {
    let radians = lch[2] * Double.pi / 180
    return [lch[0], lch[1] * cos(radians), lch[1] * sin(radians)]
  }
}
