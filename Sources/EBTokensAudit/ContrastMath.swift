import EBTokensModel
import Foundation

/// WCAG 2.x contrast ratio arithmetic.
///
/// All functions are pure and ignore `alpha`: a translucent color has no contrast of its own until it
/// is composited onto what lies beneath it, so callers flatten first (see ``Compositing``).
public enum WCAGContrast {
  /// The relative luminance of `color`, 0 for black to 1 for white.
  ///
  /// Each channel is linearised with the sRGB transfer function (IEC 61966-2-1) and weighted
  /// 0.2126 R + 0.7152 G + 0.0722 B. The linear segment ends at 0.04045, as in the sRGB standard,
  /// not at the 0.03928 of the WCAG 2.0/2.1 text (taken from a draft of the sRGB standard; WCAG 2.2
  /// notes the correction). No 8-bit channel value lies between the two thresholds, so the choice
  /// only matters for colors off the 8-bit grid, where 0.04045 gives the correct, continuous curve.
  ///
  /// The channels are used at full precision, not rounded to 8 bits. Alpha is ignored.
  public static func relativeLuminance(_ color: Color) -> Double {
    0.2126 * linearised(color.red) + 0.7152 * linearised(color.green) + 0.0722 * linearised(color.blue)
  }

  /// The contrast ratio `(L1 + 0.05) / (L2 + 0.05)` where L1 is the lighter of the two relative
  /// luminances; 1 for identical colors, 21 for black against white. Order-independent.
  public static func ratio(_ a: Color, _ b: Color) -> Double {
    ratio(luminances: relativeLuminance(a), relativeLuminance(b))
  }

  /// ``ratio(_:_:)`` of two colors of relative luminances `first` and `second`: for a search that
  /// measures many colors against one backdrop, whose luminance it works out once.
  static func ratio(luminances first: Double, _ second: Double) -> Double {
    (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }

  /// `ratio` with exactly two decimals, truncated rather than rounded, so a failing ratio is never
  /// displayed as if it passed: 4.499 shows as `4.49`, not `4.50`. `21` shows as `21.00`.
  ///
  /// For display only; pass/fail decisions must compare the unformatted ratio.
  public static func formatted(_ ratio: Double) -> String {
    // Real ratios lie in 1...21; this only keeps absurd input (and NaN, infinity) from trapping in `Int`.
    guard abs(ratio) < 1e12 else { return String(format: "%.2f", ratio) }
    // Two-decimal values are not representable in binary: 4.56 is stored as 4.55999999999999960...,
    // and 4.56 * 100 evaluates to 455.99999999999994, which a bare floor would truncate to 4.55
    // (likewise 4.52, 4.6, 2.01, ...). Adding 1e-9 before flooring absorbs such representation and
    // multiplication error (a few ulps: below 1e-12 for ratios up to 21 * 100). A ratio would have to
    // lie within 1e-11 below a hundredth to be shown one hundredth too high, far finer than any
    // precision a contrast ratio has.
    let hundredths = Int((abs(ratio) * 100 + 1e-9).rounded(.down))
    let fraction = hundredths % 100
    let sign = ratio < 0 && hundredths != 0 ? "-" : ""
    return "\(sign)\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// The sRGB electro-optical transfer function: gamma-encoded channel to linear light.
  static func linearised(_ channel: Double) -> Double {
    channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
  }
}

/// Alpha compositing as browsers paint: in gamma-encoded (non-linear) sRGB, not in linear light.
public enum Compositing {
  /// Porter-Duff source-over: `foreground` painted on top of `background`, both possibly translucent.
  ///
  /// Result alpha is `af + ab (1 - af)`; each channel is `(cf af + cb ab (1 - af)) / alpha`, i.e. the
  /// result is not premultiplied. A fully transparent result is transparent black. Alphas are clamped
  /// to 0...1 as CSS clamps them.
  public static func sourceOver(_ foreground: Color, on background: Color) -> Color {
    let foregroundAlpha = min(max(foreground.alpha, 0), 1)
    let backgroundAlpha = min(max(background.alpha, 0), 1)
    let alpha = foregroundAlpha + backgroundAlpha * (1 - foregroundAlpha)
    guard alpha > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
    // Exact shortcuts for the common cases, which the general formula reproduces only up to
    // rounding (`cb * ab / ab` need not equal `cb`).
    if foregroundAlpha == 1 { return foreground.withAlpha(1) }
    if foregroundAlpha == 0 { return background.withAlpha(backgroundAlpha) }
    let backgroundWeight = backgroundAlpha * (1 - foregroundAlpha)
    func channel(_ front: Double, _ back: Double) -> Double {
      (front * foregroundAlpha + back * backgroundWeight) / alpha
    }
    return Color(
      red: channel(foreground.red, background.red),
      green: channel(foreground.green, background.green),
      blue: channel(foreground.blue, background.blue),
      alpha: alpha
    )
  }

  /// `color` composited over `canvas`, returned opaque: what the eye sees of a possibly translucent
  /// color painted on a page.
  ///
  /// `canvas` is treated as opaque (its alpha is ignored), as a page's backdrop always is; flatten a
  /// translucent backdrop onto its own canvas first.
  public static func flattened(_ color: Color, over canvas: Color) -> Color {
    // Source-over onto an opaque backdrop; computed directly so the result alpha is exactly 1
    // rather than `af + (1 - af)`, which floating point need not round to 1.
    let alpha = min(max(color.alpha, 0), 1)
    func channel(_ front: Double, _ back: Double) -> Double {
      front * alpha + back * (1 - alpha)
    }
    return Color(
      red: channel(color.red, canvas.red),
      green: channel(color.green, canvas.green),
      blue: channel(color.blue, canvas.blue),
      alpha: 1
    )
  }
}

/// APCA lightness contrast (Lc), the contrast method of the WCAG 3 drafts.
///
/// Implements the base algorithm APCA-W3 0.0.98G-4g, as published by Andrew Somers / Myndex in
/// https://github.com/Myndex/apca-w3 (`src/apca-w3.js`, library version 0.1.8; the constants have
/// been unchanged since 15 Feb 2021 and are listed in that repository's README under "Current APCA
/// Constants"). The expected values in the tests are that repository's `test/index.js` results.
/// APCA is licensed to the W3C for web-content use; see its LICENSE.md.
public enum APCAContrast {
  /// The 0.0.98G-4g constants, named as in the reference implementation.
  private enum G4g {
    /// Exponent of the simple display transfer curve used instead of the piecewise sRGB curve.
    static let mainTRC = 2.4
    /// sRGB → Y coefficients (D65), to more digits than WCAG 2's.
    static let sRco = 0.2126729
    static let sGco = 0.7151522
    static let sBco = 0.0721750
    /// Exponents for dark text on a light background (normal polarity).
    static let normBG = 0.56
    static let normTXT = 0.57
    /// Exponents for light text on a dark background (reverse polarity).
    static let revTXT = 0.62
    static let revBG = 0.65
    /// Soft clamp of near-black luminances (flare compensation).
    static let blkThrs = 0.022
    static let blkClmp = 1.414
    /// Output scale and offset per polarity.
    static let scaleBoW = 1.14
    static let scaleWoB = 1.14
    static let loBoWoffset = 0.027
    static let loWoBoffset = 0.027
    /// Luminance differences below this are reported as no contrast.
    static let deltaYmin = 0.0005
    /// Raw contrasts below this magnitude are clipped to 0.
    static let loClip = 0.1
  }

  /// The signed Lc of `text` drawn on `background`, roughly -108...106. Positive for dark text on a
  /// light background, negative for light text on a dark one; 0 for (near-)identical luminances.
  ///
  /// APCA is polarity-dependent, so the arguments are not interchangeable. Like the reference
  /// implementation it works on 8-bit channels: each color is first rounded to `red8`, `green8`,
  /// `blue8`. Alpha is ignored: composite translucent text onto its background first, e.g. with
  /// ``Compositing/flattened(_:over:)``, as the reference `calcAPCA` does.
  public static func lightnessContrast(text: Color, background: Color) -> Double {
    let textY = softClamped(screenLuminance(text))
    let backgroundY = softClamped(screenLuminance(background))
    guard abs(backgroundY - textY) >= G4g.deltaYmin else { return 0 }

    let contrast: Double
    if backgroundY > textY {
      // Dark on light.
      let raw = (pow(backgroundY, G4g.normBG) - pow(textY, G4g.normTXT)) * G4g.scaleBoW
      contrast = raw < G4g.loClip ? 0 : raw - G4g.loBoWoffset
    } else {
      // Light on dark: raw is negative.
      let raw = (pow(backgroundY, G4g.revBG) - pow(textY, G4g.revTXT)) * G4g.scaleWoB
      contrast = raw > -G4g.loClip ? 0 : raw + G4g.loWoBoffset
    }
    return contrast * 100
  }

  /// `lc` with one decimal, truncated toward zero, keeping its sign: `-62.37` shows as `-62.3` and
  /// `74.99` as `74.9`, so a failing |Lc| is never displayed as if it met a whole-number minimum.
  /// For display only, like ``WCAGContrast/formatted(_:)``.
  public static func formatted(_ lc: Double) -> String {
    guard abs(lc) < 1e12 else { return String(format: "%.1f", lc) }
    // The same representation-error allowance as `WCAGContrast.formatted` (62.3 is stored as
    // 62.2999...), here on tenths.
    let tenths = Int((abs(lc) * 10 + 1e-9).rounded(.down))
    let sign = lc < 0 && tenths != 0 ? "-" : ""
    return "\(sign)\(tenths / 10).\(tenths % 10)"
  }

  /// APCA's estimated screen luminance Ys: each 8-bit channel / 255 raised to the plain 2.4 power
  /// (deliberately not the piecewise sRGB curve), then weighted. 0 for black, 1 for white.
  static func screenLuminance(_ color: Color) -> Double {
    let linear = linearChannels
    return G4g.sRco * linear[Int(color.red8)] + G4g.sGco * linear[Int(color.green8)]
      + G4g.sBco * linear[Int(color.blue8)]
  }

  /// Each 8-bit channel value / 255 raised to the 2.4 power, computed once: an audit measures
  /// tens of thousands of colors, three channels each, from these 256 values.
  private static let linearChannels: [Double] = (0...255).map { pow(Double($0) / 255, G4g.mainTRC) }

  /// Raises luminances below `blkThrs` smoothly, modelling flare that keeps dark colors from being
  /// as dark on a screen as their values say.
  private static func softClamped(_ luminance: Double) -> Double {
    luminance > G4g.blkThrs ? luminance : luminance + pow(G4g.blkThrs - luminance, G4g.blkClmp)
  }
}
