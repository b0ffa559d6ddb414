import EBTokensModel
import EBTokensSupport
import Foundation

/// What an Xcode asset catalog can hold: asset and group names, color components as Xcode writes
/// them, and the appearances a mode maps to (Apple's Asset Catalog Format Reference: Catalog,
/// Group and Named Color types).
enum XCAssetsLanguage {
  static let name = "asset catalog"

  /// One color as a colorset entry writes it: its color space and components, as Xcode writes
  /// them (strings; Apple's reference also allows numbers from 0 to 1).
  struct Components: Equatable {
    let colorSpace: String
    let red: String
    let green: String
    let blue: String
    let alpha: String
  }

  /// The one place a color becomes a color space and components: `srgb`, or `display-p3` for a
  /// color written outside sRGB.
  ///
  /// A channel that is exactly an 8-bit value is written as Xcode writes a color entered in hex
  /// (`"0xD1"`), so it reads back exactly; any other as a decimal of up to six places. Alpha is a
  /// decimal of three places (`"1.000"`, `"0.800"`), as Xcode writes it, or more when needed.
  static func components(of color: Color) -> Components {
    func channel(_ value: Double, _ byte: UInt8) -> String {
      Double(byte) / 255 == value ? "0x" + SourceText.hex(Unicode.Scalar(byte), width: 2) : decimal(value)
    }
    if let wideGamut = color.wideGamut {
      // Asset catalogs take Display P3, which every current Apple display shows: a color outside
      // sRGB is written there, mapped into P3 when it lies beyond it (the warning says so).
      let p3 = wideGamut.displayP3
      return Components(
        colorSpace: "display-p3", red: decimal(p3[0]), green: decimal(p3[1]), blue: decimal(p3[2]),
        alpha: decimal(color.alpha))
    }
    return Components(
      colorSpace: "srgb", red: channel(color.red, color.red8), green: channel(color.green, color.green8),
      blue: channel(color.blue, color.blue8), alpha: decimal(color.alpha))
  }

  /// At least three decimal places, as Xcode writes them, and at most six.
  private static func decimal(_ value: Double) -> String {
    let micro = Int((min(max(value, 0), 1) * 1_000_000).rounded())
    var fraction = String(micro % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.count > 3 && fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(micro / 1_000_000).\(fraction)"
  }

  /// One appearance of a colorset entry: `luminosity`/`dark`, `contrast`/`high`.
  struct Appearance: Equatable, Hashable {
    let appearance: String
    let value: String
  }

  /// The appearances each mode after the first maps to, by position in `modes`, and the modes that
  /// have none. The first mode is the universal ("Any Appearance") entry. The mode the system's dark
  /// appearance selects (``ModeName/system(dark:in:)``: `dark`, or `dark-acme` of a resolver's
  /// theme × brand) is `luminosity: dark`, the light one `luminosity: light`; a mode whose name has
  /// the part `contrast` (`high-contrast`, `dark-high-contrast`) is `contrast: high`, with
  /// `luminosity: dark` or `light` when its name also has that part. Any other mode, and a second
  /// mode with the same appearances, has none.
  static func appearances(of modes: [String]) -> (byMode: [Int: [Appearance]], leftOut: [String]) {
    guard modes.count > 1 else { return ([:], []) }
    let dark = ModeName.system(dark: true, in: modes)
    let light = ModeName.system(dark: false, in: modes)
    var byMode: [Int: [Appearance]] = [:]
    var taken: Set<[Appearance]> = [[]]
    var leftOut: [String] = []
    for (position, mode) in modes.enumerated().dropFirst() {
      var appearances: [Appearance] = []
      let parts = Set(mode.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init))
      if parts.contains("contrast") && parts.isSubset(of: ["high", "contrast", "dark", "light"]) {
        if parts.contains("dark") { appearances.append(Appearance(appearance: "luminosity", value: "dark")) }
        if parts.contains("light") {
          appearances.append(Appearance(appearance: "luminosity", value: "light"))
        }
        appearances.append(Appearance(appearance: "contrast", value: "high"))
      } else if mode == dark {
        appearances = [Appearance(appearance: "luminosity", value: "dark")]
      } else if mode == light {
        appearances = [Appearance(appearance: "luminosity", value: "light")]
      }
      if taken.insert(appearances).inserted {
        byMode[position] = appearances
      } else {
        leftOut.append(mode)
      }
    }
    return (byMode, leftOut)
  }

  /// Why `segment` cannot name a group folder or colorset, or `nil` when it can: a folder name
  /// cannot hold `/` or `:` (a path separator on Linux or in the Finder), `\`, control characters
  /// or bidirectional controls, nor start with `.` (a hidden file); a group's name cannot hold `.`
  /// (Apple's reference: "No period (.) can appear in the name of the group"), and neither can an
  /// asset's, whose type is the folder's extension.
  static func problem(_ segment: String) -> String? {
    if segment.isEmpty { return "it is empty" }
    for scalar in segment.unicodeScalars {
      if scalar == "/" || scalar == ":" || scalar == "\\" || scalar == "." {
        return "an asset catalog name cannot hold '\(scalar)'"
      }
      if SourceText.isControl(scalar) || scalar == "\t" || SourceText.isBidiControl(scalar) {
        return "an asset catalog name cannot hold control characters or bidirectional controls"
      }
    }
    return nil
  }

  /// The key two names are the same folder under: the file systems Xcode runs on (APFS, HFS+) are
  /// case-insensitive and normalization-insensitive by default.
  static func folderKey(_ segment: String) -> String {
    segment.precomposedStringWithCanonicalMapping.lowercased()
  }
}
