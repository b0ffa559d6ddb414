import EBTokensModel

/// The size and weight a pair's text is set in, from the typography token its rule names: what
/// APCA's font lookup table judges by.
public struct APCAFont: Sendable, Equatable {
  /// CSS pixels (a rem counts 16).
  public let size: Double
  /// The CSS weight, 1…1000.
  public let weight: Double

  public init(size: Double, weight: Double) {
    self.size = size
    self.weight = weight
  }

  public init(_ typography: Typography) {
    self.init(size: TypographyRole.pixels(of: typography), weight: typography.fontWeight)
  }

  /// `16px/700`.
  public var description: String {
    NumberFormatting.shortest(size) + "px/" + NumberFormatting.shortest(weight)
  }
}

/// APCA's font lookup table: for each level of lightness contrast, the smallest font size (CSS px)
/// that is readable at that contrast, by font weight. Read in reverse, it gives the minimum Lc for
/// text of a given size and weight, which `--method apca` uses for rules that name a typography.
///
/// Source: `fontMatrixAscend` in `fontLookupAPCA()` of `src/apca-w3.js`, Myndex/apca-w3 (APCA-W3
/// 0.1.8, the table "Public Beta 0.1.7 (G) • May 28 2022", constants 0.0.98G-4g; commit
/// 0f9873a7a14369fbd2ba543a6fd6c5bfde067944), reference font Barlow. The table's own codes are
/// kept as they are read: 999 (prohibited) and 777 (non-text or spot text only) both mean that no
/// size of text is enough at that level, written here as `nil`.
public enum APCAFontTable {
  /// The weights of the table's columns.
  public static let weights: [Double] = [100, 200, 300, 400, 500, 600, 700, 800, 900]

  /// Rows from Lc 25 (below it every entry is 999 or 777), in steps of 5: the level, then the
  /// minimum size at each weight of ``weights``.
  public static let rows: [(lc: Double, sizes: [Double?])] = [
    (25, [nil, nil, nil, 120, 120, 108, 96, 96, 96]),
    (30, [nil, nil, 120, 108, 108, 96, 72, 72, 72]),
    (35, [nil, 120, 108, 96, 72, 60, 48, 48, 48]),
    (40, [120, 108, 96, 60, 48, 42, 32, 32, 32]),
    (45, [108, 96, 72, 42, 32, 28, 24, 24, 24]),
    (50, [96, 72, 60, 32, 28, 24, 21, 21, 21]),
    (55, [80, 60, 48, 28, 24, 21, 18, 18, 18]),
    (60, [72, 48, 42, 24, 21, 18, 16, 16, 18]),
    (65, [68, 46, 32, 21.75, 19, 17, 15, 16, 18]),
    (70, [64, 44, 28, 19.5, 18, 16, 14.5, 16, 18]),
    (75, [60, 42, 24, 18, 16, 15, 14, 16, 18]),
    (80, [56, 38.25, 23, 17.25, 15.81, 14.81, 14, 16, 18]),
    (85, [52, 34.5, 22, 16.5, 15.625, 14.625, 14, 16, 18]),
    (90, [48, 32, 21, 16, 15.5, 14.5, 14, 16, 18]),
    (95, [45, 28, 19.5, 15.5, 15, 14, 13.5, 16, 18]),
    (100, [42, 26.5, 18.5, 15, 14.5, 13.5, 13, 16, 18]),
    (105, [39, 25, 18, 14.5, 14, 13, 12, 16, 18]),
    (110, [36, 24, 18, 14, 13, 12, 11, 16, 18]),
    (115, [34.5, 22.5, 17.25, 12.5, 11.875, 11.25, 10.625, 14.5, 16.5]),
    (120, [33, 21, 16.5, 11, 10.75, 10.5, 10.25, 13, 15]),
    (125, [32, 20, 16, 10, 10, 10, 10, 12, 14]),
  ]

  /// The level text of `font` needs: the lowest row whose minimum size at the font's weight is at
  /// most the font's size. Between rows the requirement steps up to the next listed level rather
  /// than being interpolated, so it is never below what the table's own interpolation
  /// (`fontLookupAPCA`, linear within a row's 5 Lc) would ask. A weight between two columns is read
  /// in the lighter one (thinner strokes need more contrast); below 100 as 100, above 900 as 900.
  /// Text smaller than every size of its column is held to the last row, Lc 125, which no pair of
  /// colors reaches: it cannot pass.
  public static func minimumLc(for font: APCAFont) -> Double {
    let column = min(max(Int((font.weight / 100).rounded(.down)), 1), weights.count) - 1
    for row in rows {
      if let size = row.sizes[column], size <= font.size { return row.lc }
    }
    return rows[rows.count - 1].lc
  }
}
