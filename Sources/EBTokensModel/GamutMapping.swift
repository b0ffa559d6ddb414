import Foundation

/// The two RGB gamuts ebtokens' outputs draw in: sRGB, which every display shows, and Display
/// P3, which Apple's and many Android displays show and Swift and Compose colors can hold.
public enum RGBGamut: String, Sendable {
  case sRGB = "sRGB"
  case displayP3 = "Display P3"

  /// Gamma-encoded red, green and blue of a color, unclamped: exactly the components of a color
  /// written in this gamut's own space.
  func encoded(_ space: ColorSpace, _ components: [Double]) -> [Double] {
    switch self {
    case .sRGB: return space.sRGB(components)
    case .displayP3: return space == .displayP3 ? components : encoded(fromXYZ: space.xyzD65(components))
    }
  }

  /// Gamma-encoded red, green and blue of a CIE XYZ (D65) color, unclamped.
  func encoded(fromXYZ xyz: [Double]) -> [Double] {
    switch self {
    case .sRGB: return ColorSpace.sRGB(fromXYZD65: xyz)
    case .displayP3: return ColorSpace.displayP3(fromXYZD65: xyz)
    }
  }

  func xyz(fromEncoded rgb: [Double]) -> [Double] {
    switch self {
    case .sRGB: return ColorSpace.srgb.xyzD65(rgb)
    case .displayP3: return ColorSpace.displayP3.xyzD65(rgb)
    }
  }
}

/// A color brought into an RGB gamut, and how.
public struct GamutFit: Sendable {
  public enum Outcome: Sendable, Equatable {
    /// The color lies inside the gamut.
    case inside
    /// The color lies outside by rounding noise only (clipping moves it less than
    /// ``GamutMapping/clippingTolerance``): clipped, as a browser would render it.
    case clippedNoise
    /// The color lies outside: mapped with CSS Color 4's gamut-mapping algorithm.
    case mapped
  }

  /// Gamma-encoded red, green and blue, each in 0...1.
  public let channels: [Double]
  public let outcome: Outcome
}

/// CSS Color 4's gamut mapping (§ 13.2.2, "CSS gamut mapping to an RGB destination", the binary
/// search in OKLCH): lightness and hue are kept and chroma is reduced until the color, clipped to
/// the gamut, is within a just-noticeable difference (ΔEOK 0.02) of the reduced color; the clipped
/// color is the result. Colors lighter than white or darker than black become white or black.
public enum GamutMapping {
  /// Below this ΔEOK between a color and its clipped self, the difference is rounding noise:
  /// components written to three or four decimals put a color on the gamut's edge (any color with a
  /// channel at 0 or 255) a hair outside it. A tenth of the algorithm's just-noticeable difference.
  public static let clippingTolerance = 0.002

  /// CSS Color 4's just-noticeable difference, in ΔEOK.
  static let justNoticeableDifference = 0.02
  /// CSS Color 4's search precision, in OKLCH chroma and ΔEOK.
  static let epsilon = 0.0001

  /// The color `components` in `space`, inside `gamut`: as it is when inside, clipped when only
  /// rounding noise puts it outside, else gamut-mapped.
  public static func fit(_ space: ColorSpace, _ components: [Double], into gamut: RGBGamut) -> GamutFit {
    let rgb = gamut.encoded(space, components)
    if rgb.allSatisfy({ (0...1).contains($0) }) { return GamutFit(channels: rgb, outcome: .inside) }
    let xyz = space.xyzD65(components)
    let clipped = clip(rgb)
    if deltaEOK(ColorSpace.oklab(fromXYZ: xyz), ColorSpace.oklab(fromXYZ: gamut.xyz(fromEncoded: clipped)))
      < clippingTolerance
    {
      return GamutFit(channels: clipped, outcome: .clippedNoise)
    }
    return GamutFit(channels: map(oklch: ColorSpace.oklch(fromXYZ: xyz), into: gamut), outcome: .mapped)
  }

  /// The algorithm itself, step by step as CSS Color 4 numbers it, from an OKLCH color outside
  /// `gamut` to gamma-encoded channels inside it.
  static func map(oklch origin: [Double], into gamut: RGBGamut) -> [Double] {
    func destination(_ oklch: [Double]) -> [Double] {
      gamut.encoded(fromXYZ: ColorSpace.oklch.xyzD65(oklch))
    }
    func isInside(_ rgb: [Double]) -> Bool { rgb.allSatisfy { (0...1).contains($0) } }
    /// ΔEOK between an OKLCH color and its clipped destination channels.
    func distance(_ oklch: [Double], _ clipped: [Double]) -> Double {
      deltaEOK(
        ColorSpace.polarToRectangular(oklch), ColorSpace.oklab(fromXYZ: gamut.xyz(fromEncoded: clipped)))
    }
    // 3, 4: lighter than white is white, darker than black is black.
    if origin[0] >= 1 { return clip(destination([1, 0, 0])) }
    if origin[0] <= 0 { return clip(destination([0, 0, 0])) }
    // 10 to 13: close enough when clipped.
    var current = origin
    var clipped = clip(destination(current))
    if distance(current, clipped) < justNoticeableDifference { return clipped }
    // 14 to 17: binary search on chroma.
    var low = 0.0
    var high = origin[1]
    var lowIsInside = true
    while high - low > epsilon {
      let chroma = (low + high) / 2
      current[1] = chroma
      let candidate = destination(current)
      if lowIsInside && isInside(candidate) {
        low = chroma
        continue
      }
      clipped = clip(candidate)
      let error = distance(current, clipped)
      if error < justNoticeableDifference {
        if justNoticeableDifference - error < epsilon { return clipped }
        lowIsInside = false
        low = chroma
      } else {
        high = chroma
      }
    }
    return clipped
  }

  /// ΔEOK: the Euclidean distance of two Oklab colors.
  public static func deltaEOK(_ one: [Double], _ two: [Double]) -> Double {
    zip(one, two).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
  }

  static func clip(_ rgb: [Double]) -> [Double] { rgb.map { min(max($0, 0), 1) } }
}
