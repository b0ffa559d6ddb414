import EBTokensModel
import EBTokensSupport
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
  /// The fix as changes to the token files' text, once located there (by
  /// `ContrastAudit.run(configuration:locatingEdits:)`, which reads the files): the alpha of the
  /// alias, when ``alpha`` is set, then the color of ``token``. Empty when the audit ran on tokens
  /// alone, or when a value is not in a form ebtokens rewrites.
  public var edits: [ValueEdit] = []

  public struct AlphaFix: Sendable, Equatable {
    /// The `@ NN%` that passes.
    public let percent: Int
    public let measurement: ContrastAudit.Measurement
  }
}

extension ContrastFix {
  /// How finely the boundary between failing and passing lightness is found: below what 8-bit
  /// channels can show (a step of one in a channel moves OKLCH lightness by about 0.002 or more).
  static let lightnessPrecision = 1e-4
  /// How much further than the best boundary's ΔEOK `failing` must be before the search towards
  /// the other end stops: a thousand times what clamping moves a color's lightness by.
  static let prunedLightnessMargin = 1e-6

  /// A failing pair, as much of it as a fix is searched from: an audit of a large design system
  /// holds one for each of tens of thousands of failing pairs while it measures, so it is small.
  struct Request: Sendable {
    let foreground: Color
    /// The background flattened onto the canvas, as the pair was measured on (opaque): what the
    /// fix is judged and measured on.
    let backdrop: Color
    let minimum: Double
    let method: ContrastAudit.Method
    /// For a foreground written as `{base} @ NN%`: the base's color and the factor.
    let aliasBase: AliasBase?
    /// The token that holds the foreground's literal.
    let token: String

    /// What the search depends on: everything but ``token``.
    struct Search: Hashable {
      let foreground: Color
      let backdrop: Color
      let minimum: Double
      let method: ContrastAudit.Method
      let aliasColor: Color?
      let aliasFactor: Double?

      init(_ request: Request) {
        foreground = request.foreground
        backdrop = request.backdrop
        minimum = request.minimum
        method = request.method
        aliasColor = request.aliasBase?.color
        aliasFactor = request.aliasBase?.factor
      }
    }
  }

  /// The base color of a foreground written as `{base} @ NN%`, and the factor; boxed, since few
  /// failing pairs have one.
  final class AliasBase: Sendable {
    let color: Color
    let factor: Double

    init(color: Color, factor: Double) {
      self.color = color
      self.factor = factor
    }
  }

  /// Pairs from which a fix is searched on both cores: below it, splitting costs more than it saves.
  static let minimumCountSearchedSideBySide = 64

  /// Each request's fix, boxed, given to `give` with the request's position, in order (a request
  /// no lightness answers gets none); searched on both cores when there are many (a fix tries a
  /// few dozen colors, and a large audit can have thousands of failing pairs).
  ///
  /// The fixes are boxed as they are found, in the boxes the results keep: a large audit's fixes
  /// are megabytes, held once rather than in arrays of their own first.
  static func findAll(_ requests: [Request], giving give: (Int, PairResult.FixBox) -> Void) {
    // Pairs repeat colors: each search is made once per half, and its fix given to every request
    // that asks it, in one box for every request naming the same token.
    @Sendable func boxes(_ half: ArraySlice<Request>) -> [PairResult.FixBox?] {
      // By the search's hash, the first request asking it, whose search is compared: a search is
      // about 200 bytes, which a dictionary of searches held for each of tens of thousands of
      // requests. Another search of the same hash is made on its own.
      var firstAsking: [Int: Int] = [:]
      var boxes: [PairResult.FixBox?] = []
      boxes.reserveCapacity(half.count)
      for request in half {
        let search = Request.Search(request)
        let hash = search.hashValue
        if let first = firstAsking[hash], Request.Search(half[half.startIndex + first]) == search {
          boxes.append(
            boxes[first].map { $0.fix.token == request.token ? $0 : .init($0.fix.naming(request.token)) })
        } else {
          if firstAsking[hash] == nil { firstAsking[hash] = boxes.count }
          boxes.append(find(request).map(PairResult.FixBox.init))
        }
      }
      return boxes
    }
    // Below the minimum, one job, which runs on the calling thread.
    let halves =
      requests.count >= minimumCountSearchedSideBySide
      ? [requests[..<(requests.count / 2)], requests[(requests.count / 2)...]] : [requests[...]]
    var position = 0
    for half in runSideBySide(halves.map { half in { boxes(half) } }) {
      for box in half {
        if let box { give(position, box) }
        position += 1
      }
    }
  }

  /// This fix, for the token `token` instead.
  private func naming(_ token: String) -> ContrastFix {
    ContrastFix(
      color: color, literal: literal, deltaE: deltaE, measurement: measurement, alpha: alpha, token: token,
      alsoMoves: alsoMoves, edits: edits)
  }

  /// The fix `request` asks for, or `nil` when no lightness passes (a minimum above what black or
  /// white reach on this background).
  static func find(_ request: Request) -> ContrastFix? {
    let (foreground, backdrop) = (request.foreground, request.backdrop)
    let (minimum, method, aliasBase) = (request.minimum, request.method, request.aliasBase)
    let originalLab = oklab(of: foreground)
    let lch = oklch(fromOklab: originalLab)
    let judge = Judge(
      backdrop: backdrop, minimum: minimum, method: method)
    func measured(_ color: Color) -> ContrastAudit.Measurement {
      // On an opaque backdrop, the canvas below it shows nowhere.
      ContrastAudit.measure(foreground: color, background: backdrop, canvas: backdrop)
    }
    guard
      let color = nearestPassing(lch: lch, originalLab: originalLab, alpha: foreground.alpha, judge: judge)
    else { return nil }
    let measurement = measured(color)
    let deltaE = distance(originalLab, oklab(of: color))
    let alpha = aliasBase.flatMap { base in
      smallestPassingAlpha(base: base.color, factor: base.factor, passes: judge.passes).map {
        color, percent in
        AlphaFix(percent: percent, measurement: measured(color))
      }
    }
    let literal = Color(
      red: color.red, green: color.green, blue: color.blue, alpha: aliasBase?.color.alpha ?? foreground.alpha)
    return ContrastFix(
      color: color, literal: literal, deltaE: deltaE, measurement: measurement, alpha: alpha,
      token: request.token,
      alsoMoves: [])
  }

  /// Whether a color passes on a pair's backdrop: only the measure judged, on the backdrop made
  /// once (a search asks this a few dozen times).
  struct Judge {
    let backdrop: Color
    let backdropLuminance: Double
    let minimum: Double
    let method: ContrastAudit.Method

    init(backdrop: Color, minimum: Double, method: ContrastAudit.Method) {
      self.backdrop = backdrop
      backdropLuminance = WCAGContrast.relativeLuminance(backdrop)
      self.minimum = minimum
      self.method = method
    }

    func passes(_ color: Color) -> Bool {
      let seen = Compositing.flattened(color, over: backdrop)
      switch method {
      case .wcag2:
        return WCAGContrast.ratio(luminances: WCAGContrast.relativeLuminance(seen), backdropLuminance)
          >= minimum
      case .apca: return abs(APCAContrast.lightnessContrast(text: seen, background: backdrop)) >= minimum
      }
    }

    /// How far the WCAG 2 ratio worked out from linear-light channels can be from the one of the
    /// encoded color: decoding an encoded channel gives it back within 2.4e-9 (the sRGB curve's two
    /// segments do not quite meet at 0.0031308), which moves a luminance as much and the ratio at
    /// most 420 times that (`(B + 0.05) / (L + 0.05)²` with L and B in 0...1). Ten times that bound.
    static let linearRatioError = 1e-5

    /// ``passes(_:)`` of the color of linear-light channels `linear` (each in 0...1) and `alpha`.
    ///
    /// An opaque color measured with WCAG 2 is judged from `linear` itself, as long as its ratio is
    /// clearly on one side of the minimum: the 6 `pow`s of encoding the channels and decoding them
    /// again change the ratio by less than ``linearRatioError``. Closer to the minimum, and for
    /// other colors, the color is encoded and judged as ``passes(_:)`` judges it: the answer is
    /// always the same.
    func passes(linear: (Double, Double, Double), alpha: Double) -> Bool {
      if method == .wcag2, alpha >= 1 {
        let luminance = 0.2126 * linear.0 + 0.7152 * linear.1 + 0.0722 * linear.2
        let ratio = WCAGContrast.ratio(luminances: luminance, backdropLuminance)
        if abs(ratio - minimum) > Self.linearRatioError { return ratio >= minimum }
      }
      return passes(ContrastFix.encoded(linear, alpha: alpha))
    }
  }

  /// The passing color nearest in ΔEOK among the colors of `lch`'s hue and chroma at every
  /// lightness, rounded to 8 bits; `originalLab` is `lch`'s color in Oklab, which distances are
  /// measured from.
  ///
  /// Contrast with a background grows as the foreground's lightness moves away from it, so the
  /// passing lightnesses are at most two intervals, one towards black and one towards white: the
  /// boundary of each (where the end itself passes) is found by bisection between the original
  /// lightness and that end, and the nearer of the two in ΔEOK is kept. Rounded to 8 bits the color
  /// may fall just short, so it is moved on, away from the original, until it passes too.
  static func nearestPassing(lch: [Double], originalLab: ColorSpace.Oklab, alpha: Double, judge: Judge)
    -> Color?
  {
    // The hue is the same for every color tried, and the chroma read once: the search tries a
    // few dozen colors.
    let hue = HueDirection(degrees: lch[2])
    let (start, chroma) = (lch[0], lch[1])
    func color(lightness: Double) -> Color {
      Self.color(chroma: chroma, hue: hue, lightness: lightness, alpha: alpha)
    }
    func passesAt(_ lightness: Double) -> Bool {
      judge.passes(linear: linearInGamut(chroma: chroma, hue: hue, lightness: lightness), alpha: alpha)
    }
    var best: (lightness: Double, distance: Double)?
    ends: for end in [0.0, 1.0] where passesAt(end) {
      var failing = start
      var passing = end
      while abs(passing - failing) > lightnessPrecision {
        // The boundary is beyond `failing`, and a color's ΔEOK from the original is at least their
        // difference in lightness (give or take the 1e-9 a gamut-mapped color's lightness moves by
        // in clamping): once `failing` is that far, this end cannot be nearer than the best.
        if let best, abs(failing - start) >= best.distance + Self.prunedLightnessMargin { continue ends }
        let middle = (passing + failing) / 2
        if passesAt(middle) { passing = middle } else { failing = middle }
      }
      let distance = distance(originalLab, oklab(of: color(lightness: passing)))
      if distance < best?.distance ?? .infinity { best = (passing, distance) }
    }
    guard let best else { return nil }
    let direction = start > best.lightness ? -1.0 : 1.0
    var step = 0.0
    while step <= 0.05 {
      let candidate = min(max(best.lightness + direction * step, 0), 1)
      let rounded = eightBit(color(lightness: candidate))
      if judge.passes(rounded) { return rounded }
      step += 0.0005
    }
    return nil
  }

  /// The smallest whole `@ NN%` above the current one at which `base` passes, with the color it
  /// gives; `nil` when 100% fails.
  static func smallestPassingAlpha(base: Color, factor: Double, passes: (Color) -> Bool) -> (Color, Int)? {
    let current = Int((factor * 100).rounded(.down))
    guard current < 100 else { return nil }
    for percent in (current + 1)...100 {
      let color = Color(
        red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * Double(percent) / 100)
      if passes(color) { return (color, percent) }
    }
    return nil
  }

  /// The color of `lch`'s hue and chroma at `lightness`; where that leaves sRGB, the largest chroma
  /// that stays inside (found by bisection), so the hue is kept.
  ///
  /// The search calls this a few dozen times for each failing pair, so it works on scalars and
  /// decides the gamut in linear light, encoding only the color it returns (an audit of a large
  /// design system can have thousands of failing pairs).
  static func color(lch: [Double], lightness: Double, alpha: Double) -> Color {
    color(chroma: lch[1], hue: HueDirection(degrees: lch[2]), lightness: lightness, alpha: alpha)
  }

  /// The cosine and sine of a hue, worked out once for a search that tries many lightnesses of it.
  struct HueDirection {
    let cosine: Double
    let sine: Double

    init(degrees: Double) {
      let radians = degrees * Double.pi / 180
      (cosine, sine) = (cos(radians), sin(radians))
    }
  }

  /// ``color(lch:lightness:alpha:)`` of the OKLCH color of `chroma` and `hue`.
  static func color(chroma: Double, hue: HueDirection, lightness: Double, alpha: Double) -> Color {
    encoded(linearInGamut(chroma: chroma, hue: hue, lightness: lightness), alpha: alpha)
  }

  /// The linear-light sRGB channels of the color ``color(chroma:hue:lightness:alpha:)`` makes,
  /// each clamped to 0...1, before they are encoded.
  static func linearInGamut(chroma: Double, hue: HueDirection, lightness: Double) -> (Double, Double, Double)
  {
    let (cosine, sine) = (hue.cosine, hue.sine)
    func linear(_ chroma: Double) -> (Double, Double, Double) {
      linearSRGB(lightness: lightness, a: chroma * cosine, b: chroma * sine)
    }
    func inGamut(_ rgb: (Double, Double, Double)) -> Bool {
      let tolerance = 1e-9
      return min(rgb.0, rgb.1, rgb.2) >= -tolerance && max(rgb.0, rgb.1, rgb.2) <= 1 + tolerance
    }
    var rgb = linear(chroma)
    if !inGamut(rgb) {
      var low = 0.0
      var high = chroma
      // 2^-14 of the chroma: below what 8-bit channels show.
      for _ in 0..<14 {
        let middle = (low + high) / 2
        if inGamut(linear(middle)) { low = middle } else { high = middle }
      }
      rgb = linear(low)
    }
    func clamped(_ channel: Double) -> Double { min(max(channel, 0), 1) }
    return (clamped(rgb.0), clamped(rgb.1), clamped(rgb.2))
  }

  /// The color of linear-light channels `linear`, each in 0...1, encoded with the sRGB curve.
  static func encoded(_ linear: (Double, Double, Double), alpha: Double) -> Color {
    Color(
      red: SRGBTransfer.encode(linear.0), green: SRGBTransfer.encode(linear.1),
      blue: SRGBTransfer.encode(linear.2), alpha: alpha)
  }

  /// Oklab to linear-light sRGB (Björn Ottosson's matrices, which CSS Color 4's Oklab is defined
  /// by), on scalars: ``/EBTokensModel/ColorSpace/sRGB(_:)`` converts any space through XYZ with arrays, too slow
  /// for the search's inner loop.
  static func linearSRGB(lightness: Double, a: Double, b: Double) -> (Double, Double, Double) {
    let l = lightness + 0.396_337_777_4 * a + 0.215_803_757_3 * b
    let m = lightness - 0.105_561_345_8 * a - 0.063_854_172_8 * b
    let s = lightness - 0.089_484_177_5 * a - 1.291_485_548_0 * b
    let (l3, m3, s3) = (l * l * l, m * m * m, s * s * s)
    return (
      4.076_741_662_1 * l3 - 3.307_711_591_3 * m3 + 0.230_969_929_2 * s3,
      -1.268_438_004_6 * l3 + 2.609_757_401_1 * m3 - 0.341_319_396_5 * s3,
      -0.004_196_086_3 * l3 - 0.703_418_614_7 * m3 + 1.707_614_701_0 * s3
    )
  }

  static func eightBit(_ color: Color) -> Color {
    Color(
      red: Double(color.red8) / 255, green: Double(color.green8) / 255, blue: Double(color.blue8) / 255,
      alpha: color.alpha)
  }

  static func oklab(of color: Color) -> ColorSpace.Oklab {
    ColorSpace.oklab(red: color.red, green: color.green, blue: color.blue)
  }

  /// ΔEOK.
  static func distance(_ first: ColorSpace.Oklab, _ second: ColorSpace.Oklab) -> Double {
    let (lightness, a, b) = (first.lightness - second.lightness, first.a - second.a, first.b - second.b)
    return sqrt(lightness * lightness + a * a + b * b)
  }

  /// `[L, C, h]` with the hue in degrees; a gray keeps hue 0.
  static func oklch(fromOklab lab: ColorSpace.Oklab) -> [Double] {
    let chroma = hypot(lab.a, lab.b)
    var hue = atan2(lab.b, lab.a) * 180 / Double.pi
    if hue < 0 { hue += 360 }
    return [lab.lightness, chroma, chroma < 1e-9 ? 0 : hue]
  }
}
