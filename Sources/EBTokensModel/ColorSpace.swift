import Foundation

/// The color spaces of the DTCG color module (2025.10), and their exact conversion to sRGB.
///
/// Every output ebtokens generates has an sRGB form (Swift `EBColor`, Compose `Color`, CSS hex) and
/// the contrast audit measures sRGB, so a color written in another space is converted once, when it
/// is read, with the formulas and matrices of CSS Color 4 (§ 10 "Predefined color spaces", § 9 "Lab and
/// LCH", § 10.7 "Oklab", and its sample conversion code): linearise, to CIE XYZ (D65, or D50 with
/// Bradford adaptation for Lab, LCH and ProPhoto), to linear sRGB, gamma-encode. The result may lie
/// outside sRGB; ``GamutMapping`` brings it inside, and a ``WideGamutColor`` keeps it as written.
public enum ColorSpace: String, CaseIterable, Sendable {
  case srgb
  case srgbLinear = "srgb-linear"
  case hsl
  case hwb
  case lab
  case lch
  case oklab
  case oklch
  case displayP3 = "display-p3"
  case a98RGB = "a98-rgb"
  case prophotoRGB = "prophoto-rgb"
  case rec2020
  case xyzD65 = "xyz-d65"
  case xyzD50 = "xyz-d50"

  /// The components' names, in order, as error messages call them.
  public var componentNames: [String] {
    switch self {
    case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020: return ["red", "green", "blue"]
    case .hsl: return ["hue", "saturation", "lightness"]
    case .hwb: return ["hue", "whiteness", "blackness"]
    case .lab, .oklab: return ["lightness", "a", "b"]
    case .lch, .oklch: return ["lightness", "chroma", "hue"]
    case .xyzD65, .xyzD50: return ["x", "y", "z"]
    }
  }

  /// The range DTCG gives each component, `nil` for an unbounded one. Hues are `[0, 360)`.
  ///
  /// XYZ is left unbounded although the DTCG table says 0 to 1: the D65 white point itself has a
  /// Z of 1.089, so the table's range would refuse white. The gamut check catches what is not a color.
  public var componentRanges: [ComponentRange?] {
    let unit = ComponentRange(lower: 0, upper: 1, includesUpper: true)
    let percent = ComponentRange(lower: 0, upper: 100, includesUpper: true)
    let hue = ComponentRange(lower: 0, upper: 360, includesUpper: false)
    let nonNegative = ComponentRange(lower: 0, upper: .infinity, includesUpper: false)
    switch self {
    case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020: return [unit, unit, unit]
    case .hsl, .hwb: return [hue, percent, percent]
    case .lab: return [percent, nil, nil]
    case .lch: return [percent, nonNegative, hue]
    case .oklab: return [unit, nil, nil]
    case .oklch: return [unit, nonNegative, hue]
    case .xyzD65, .xyzD50: return [nil, nil, nil]
    }
  }

  public struct ComponentRange: Sendable {
    public let lower: Double
    public let upper: Double
    public let includesUpper: Bool

    public func contains(_ value: Double) -> Bool {
      value >= lower && (includesUpper ? value <= upper : value < upper)
    }

    /// `0 to 1`, `0 to 360 (360 excluded)`, `0 or more`.
    public var description: String {
      if upper == .infinity { return "\(NumberFormatting.shortest(lower)) or more" }
      let range = "\(NumberFormatting.shortest(lower)) to \(NumberFormatting.shortest(upper))"
      return includesUpper ? range : "\(range) (\(NumberFormatting.shortest(upper)) excluded)"
    }
  }

  /// The gamma-encoded sRGB red, green and blue of `components`, unclamped: a color outside
  /// the sRGB gamut has a channel below 0 or above 1.
  public func sRGB(_ components: [Double]) -> [Double] {
    let c = components
    switch self {
    case .srgb: return c
    case .srgbLinear: return c.map(SRGBTransfer.encode)
    case .hsl: return Self.hslToSRGB(hue: c[0], saturation: c[1] / 100, lightness: c[2] / 100)
    case .hwb: return Self.hwbToSRGB(hue: c[0], whiteness: c[1] / 100, blackness: c[2] / 100)
    default: return Self.sRGB(fromXYZD65: xyzD65(c))
    }
  }

  /// CIE XYZ (D65) of `components`.
  public func xyzD65(_ components: [Double]) -> [Double] {
    let c = components
    switch self {
    case .srgb, .hsl, .hwb: return Matrix.linearSRGBToXYZ.apply(sRGB(c).map(SRGBTransfer.decode))
    case .srgbLinear: return Matrix.linearSRGBToXYZ.apply(c)
    case .displayP3: return Matrix.displayP3ToXYZ.apply(c.map(SRGBTransfer.decode))
    case .a98RGB: return Matrix.a98RGBToXYZ.apply(c.map(Self.a98Decode))
    case .rec2020: return Matrix.rec2020ToXYZ.apply(c.map(Self.rec2020Decode))
    case .prophotoRGB: return Matrix.d50ToD65.apply(Matrix.prophotoToXYZD50.apply(c.map(Self.prophotoDecode)))
    case .xyzD65: return c
    case .xyzD50: return Matrix.d50ToD65.apply(c)
    case .lab: return Matrix.d50ToD65.apply(Self.labToXYZD50(c))
    case .lch: return ColorSpace.lab.xyzD65(Self.polarToRectangular(c))
    case .oklab: return Self.oklabToXYZD65(c)
    case .oklch: return ColorSpace.oklab.xyzD65(Self.polarToRectangular(c))
    }
  }

  /// A color's Oklab coordinates, on scalars.
  public typealias Oklab = (lightness: Double, a: Double, b: Double)

  /// Oklab coordinates of a gamma-encoded sRGB color, for measuring how far apart two colors look
  /// (deltaE OK, the Euclidean distance in Oklab, as CSS Color 4's gamut mapping measures it). On
  /// scalars, without arrays: the contrast audit's fix search measures thousands of colors.
  public static func oklab(red: Double, green: Double, blue: Double) -> Oklab {
    let xyz = Matrix.linearSRGBToXYZ.apply(
      SRGBTransfer.decode(red), SRGBTransfer.decode(green), SRGBTransfer.decode(blue))
    return oklab(x: xyz.0, y: xyz.1, z: xyz.2)
  }

  /// Oklab coordinates of a CIE XYZ (D65) color.
  public static func oklab(fromXYZ xyz: [Double]) -> [Double] {
    let lab = oklab(x: xyz[0], y: xyz[1], z: xyz[2])
    return [lab.lightness, lab.a, lab.b]
  }

  private static func oklab(x: Double, y: Double, z: Double) -> Oklab {
    let lms = Matrix.xyzToLMS.apply(x, y, z)
    return Matrix.lmsToOklab.apply(Foundation.cbrt(lms.0), Foundation.cbrt(lms.1), Foundation.cbrt(lms.2))
  }

  /// OKLCH coordinates of a CIE XYZ (D65) color, hue in degrees from 0 to 360.
  public static func oklch(fromXYZ xyz: [Double]) -> [Double] {
    let lab = oklab(fromXYZ: xyz)
    let hue = atan2(lab[2], lab[1]) * 180 / Double.pi
    return [lab[0], (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot(), hue < 0 ? hue + 360 : hue]
  }

  /// Gamma-encoded sRGB of a CIE XYZ (D65) color, unclamped.
  static func sRGB(fromXYZD65 xyz: [Double]) -> [Double] {
    Matrix.xyzToLinearSRGB.apply(xyz).map(SRGBTransfer.encode)
  }

  /// Gamma-encoded Display P3 of a CIE XYZ (D65) color, unclamped.
  static func displayP3(fromXYZD65 xyz: [Double]) -> [Double] {
    Matrix.xyzToLinearDisplayP3.apply(xyz).map(SRGBTransfer.encode)
  }

  // MARK: - Conversions

  /// CSS Color 4 § 7.1: hue in degrees, saturation and lightness from 0 to 1.
  private static func hslToSRGB(hue: Double, saturation: Double, lightness: Double) -> [Double] {
    func channel(_ n: Double) -> Double {
      let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return lightness - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return [channel(0), channel(8), channel(4)]
  }

  /// CSS Color 4 § 8.1: whiteness and blackness that add up to 1 or more give a gray.
  private static func hwbToSRGB(hue: Double, whiteness: Double, blackness: Double) -> [Double] {
    if whiteness + blackness >= 1 {
      let gray = whiteness / (whiteness + blackness)
      return [gray, gray, gray]
    }
    return hslToSRGB(hue: hue, saturation: 1, lightness: 0.5).map {
      $0 * (1 - whiteness - blackness) + whiteness
    }
  }

  /// `[L, C, h]` to `[L, a, b]`, hue in degrees.
  static func polarToRectangular(_ lch: [Double]) -> [Double] {
    let radians = lch[2] * Double.pi / 180
    return [lch[0], lch[1] * cos(radians), lch[1] * sin(radians)]
  }

  /// CIE Lab (D50) to XYZ (D50), with the CIE's rational ε and κ.
  private static func labToXYZD50(_ lab: [Double]) -> [Double] {
    let kappa = 24389.0 / 27
    let epsilon = 216.0 / 24389
    let f1 = (lab[0] + 16) / 116
    let f0 = lab[1] / 500 + f1
    let f2 = f1 - lab[2] / 200
    let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
    let y = lab[0] > kappa * epsilon ? pow((lab[0] + 16) / 116, 3) : lab[0] / kappa
    let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
    return zip([x, y, z], WhitePoint.d50).map { $0 * $1 }
  }

  private static func oklabToXYZD65(_ oklab: [Double]) -> [Double] {
    Matrix.lmsToXYZ.apply(Matrix.oklabToLMS.apply(oklab).map { $0 * $0 * $0 })
  }

  /// Transfer functions, extended to negative values by symmetry as CSS Color 4 does.
  private static func a98Decode(_ value: Double) -> Double {
    signed(value) { pow($0, 563.0 / 256) }
  }

  private static func prophotoDecode(_ value: Double) -> Double {
    abs(value) <= 16.0 / 512 ? value / 16 : signed(value) { pow($0, 1.8) }
  }

  private static func rec2020Decode(_ value: Double) -> Double {
    let alpha = 1.09929682680944
    let beta = 0.018053968510807
    return abs(value) < beta * 4.5 ? value / 4.5 : signed(value) { pow(($0 + alpha - 1) / alpha, 1 / 0.45) }
  }

  private static func signed(_ value: Double, _ transfer: (Double) -> Double) -> Double {
    value < 0 ? -transfer(-value) : transfer(value)
  }
}

/// The sRGB transfer function (IEC 61966-2-1), extended to negative values by symmetry.
package enum SRGBTransfer {
  package static func decode(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude <= 0.04045 { return value / 12.92 }
    let linear = pow((magnitude + 0.055) / 1.055, 2.4)
    return value < 0 ? -linear : linear
  }

  package static func encode(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude <= 0.0031308 { return value * 12.92 }
    let encoded = 1.055 * pow(magnitude, 1 / 2.4) - 0.055
    return value < 0 ? -encoded : encoded
  }
}

/// CIE white points from their 4-figure x, y chromaticities, as CSS Color 4 defines them.
private enum WhitePoint {
  static let d50 = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585]
}

/// A 3 × 3 matrix, by rows. The constants are CSS Color 4's: rational where the spec gives
/// fractions (so they carry full double precision), decimal where it gives decimals.
private struct Matrix {
  let rows: [[Double]]

  func apply(_ vector: [Double]) -> [Double] {
    let product = apply(vector[0], vector[1], vector[2])
    return [product.0, product.1, product.2]
  }

  /// The product with the column vector (`x`, `y`, `z`).
  func apply(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
    func row(_ row: [Double]) -> Double { row[0] * x + row[1] * y + row[2] * z }
    return (row(rows[0]), row(rows[1]), row(rows[2]))
  }

  static let linearSRGBToXYZ = Matrix(rows: [
    [506752 / 1228815, 87881 / 245763, 12673 / 70218],
    [87098 / 409605, 175762 / 245763, 12673 / 175545],
    [7918 / 409605, 87881 / 737289, 1001167 / 1053270],
  ])

  static let xyzToLinearSRGB = Matrix(rows: [
    [12831 / 3959, -329 / 214, -1974 / 3959],
    [-851781 / 878810, 1648619 / 878810, 36519 / 878810],
    [705 / 12673, -2585 / 12673, 705 / 667],
  ])

  static let displayP3ToXYZ = Matrix(rows: [
    [608311 / 1250200, 189793 / 714400, 198249 / 1000160],
    [35783 / 156275, 247089 / 357200, 198249 / 2500400],
    [0, 32229 / 714400, 5220557 / 5000800],
  ])

  static let xyzToLinearDisplayP3 = Matrix(rows: [
    [446124 / 178915, -333277 / 357830, -72051 / 178915],
    [-14852 / 17905, 63121 / 35810, 423 / 17905],
    [11844 / 330415, -50337 / 660830, 316169 / 330415],
  ])

  static let a98RGBToXYZ = Matrix(rows: [
    [573536 / 994567, 263643 / 1420810, 187206 / 994567],
    [591459 / 1989134, 6239551 / 9945670, 374412 / 4972835],
    [53769 / 1989134, 351524 / 4972835, 4929758 / 4972835],
  ])

  static let rec2020ToXYZ = Matrix(rows: [
    [63426534 / 99577255, 20160776 / 139408157, 47086771 / 278816314],
    [26158966 / 99577255, 472592308 / 697040785, 8267143 / 139408157],
    [0, 19567812 / 697040785, 295819943 / 278816314],
  ])

  /// ProPhoto's own white is D50.
  static let prophotoToXYZD50 = Matrix(rows: [
    [0.79776664490064230, 0.13518129740053308, 0.03134773412839220],
    [0.28807482881940130, 0.71183523424187300, 0.00008993693872564],
    [0, 0, 0.82510460251046020],
  ])

  /// Bradford chromatic adaptation from D50 to D65.
  static let d50ToD65 = Matrix(rows: [
    [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
    [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
    [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
  ])

  static let xyzToLMS = Matrix(rows: [
    [0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
    [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
    [0.0481771893596242, 0.2642395317527308, 0.6335478284694309],
  ])

  static let lmsToOklab = Matrix(rows: [
    [0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
    [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
    [0.0259040424655478, 0.7827717124575296, -0.8086757549230774],
  ])

  static let oklabToLMS = Matrix(rows: [
    [1, 0.3963377773761749, 0.2158037573099136],
    [1, -0.1055613458156586, -0.0638541728258133],
    [1, -0.0894841775298119, -1.2914855480194092],
  ])

  static let lmsToXYZ = Matrix(rows: [
    [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
    [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164],
    [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816],
  ])
}
