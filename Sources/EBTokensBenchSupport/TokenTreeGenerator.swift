import Foundation

/// Generates a realistic, deterministic design-token tree of exactly `count` tokens, with the
/// `ebtokens.yml` that builds and audits it, for benchmarks and tests.
///
/// Brands are generated one after another (`brand1`, `brand2`, …), each as a palette, a theme, a
/// semantic layer and one file per component (see ``TokenCatalog``), until the count is reached;
/// the last file is cut short. Tokens only reference tokens generated before them, so every
/// prefix resolves. About 70% are colors, 20% dimensions and 10% numbers, font weights,
/// durations and font families; about 15% are references, some with an `@ NN%` alpha, in chains
/// up to five deep (palette ← theme ← semantic ← semantic ← component `enabled` ←
/// component `disabled`).
///
/// The output depends only on `count` and `seed`: every random draw comes from ``SplitMix64``
/// seeded per file, keys keep the catalog's order and files are listed sorted by path.
public struct TokenTreeGenerator: Sendable {
  /// The token loader's limit is 1,000,000 tokens.
  public static let countRange = 1...1_000_000

  public let count: Int
  public let seed: UInt64

  public init(count: Int, seed: UInt64 = 1) throws(TokenTreeGeneratorError) {
    guard Self.countRange.contains(count) else { throw .countOutOfRange(count) }
    self.count = count
    self.seed = seed
  }

  public func generate() -> GeneratedTokenTree {
    var run = GenerationRun(count: count, seed: seed)
    return run.generate()
  }
}

public enum TokenTreeGeneratorError: Error, Equatable, CustomStringConvertible {
  case countOutOfRange(Int)
  /// The output folder already holds `tokens/` or `ebtokens.yml`.
  case outputExists(String)
  case writeFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .countOutOfRange(let count):
      let range = TokenTreeGenerator.countRange
      return "the token count must be from \(range.lowerBound) to \(range.upperBound), not \(count)"
    case .outputExists(let path):
      return "'\(path)' already exists; choose an empty folder or pass --overwrite"
    case .writeFailed(let path, let reason):
      return "could not write '\(path)': \(reason)"
    }
  }
}

/// A generated tree: token files and the config, ready to write.
public struct GeneratedTokenTree: Sendable {
  public struct File: Sendable, Equatable {
    /// Relative to the output folder: `tokens/brand3/button.yaml`, `ebtokens.yml`.
    public let path: String
    public let contents: String
  }

  /// Every file, the config included, sorted by path.
  public let files: [File]
  public let tokenCount: Int
  public let ruleCount: Int

  public static let configurationPath = "ebtokens.yml"
  public static let tokenDirectory = "tokens"
  /// What the generated config makes `ebtokens build` write, relative to the output folder.
  public static let distDirectory = "dist"
  public static let outputPaths = (
    swift: "dist/swift", kotlin: "dist/kotlin", css: "dist/css/tokens.css", report: "dist/report"
  )

  /// The size of the token files in bytes (the config excluded).
  public var tokenBytes: Int {
    files.reduce(0) { $0 + ($1.path == Self.configurationPath ? 0 : $1.contents.utf8.count) }
  }

  /// Writes every file below `directory`, creating it when needed.
  ///
  /// - Parameter overwrite: Removes an existing `tokens/` folder and `ebtokens.yml` first;
  ///   without it, their presence is an error, so files of an earlier, larger tree never mix in.
  public func write(to directory: String, overwrite: Bool = false) throws(TokenTreeGeneratorError) {
    let manager = FileManager.default
    let root = URL(fileURLWithPath: directory)
    for name in [Self.tokenDirectory, Self.configurationPath] {
      let existing = root.appendingPathComponent(name)
      guard manager.fileExists(atPath: existing.path) else { continue }
      guard overwrite else { throw .outputExists(existing.path) }
      do {
        try manager.removeItem(at: existing)
      } catch {
        throw .writeFailed(path: existing.path, reason: error.localizedDescription)
      }
    }
    for file in files {
      let url = root.appendingPathComponent(file.path)
      do {
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.contents.utf8).write(to: url)
      } catch {
        throw .writeFailed(path: url.path, reason: error.localizedDescription)
      }
    }
  }
}

/// One generation: the token budget, the files so far, and what the audit rules may match.
private struct GenerationRun {
  let seed: UInt64
  var remaining: Int
  var files: [YAMLFileBuilder] = []
  /// `component/role` for every component color role generated, and `semantic/group.name` for
  /// every semantic color: an audit rule is written only when what it pairs exists.
  var generatedKinds: Set<String> = []

  init(count: Int, seed: UInt64) {
    self.seed = seed
    self.remaining = count
  }

  mutating func generate() -> GeneratedTokenTree {
    var brandNumber = 1
    while remaining > 0 {
      generateBrand(brandNumber)
      brandNumber += 1
    }
    // A file is started only while the budget lasts, so none is empty.
    var output = files.map { GeneratedTokenTree.File(path: $0.path, contents: $0.render()) }
    let tokenCount = files.reduce(0) { $0 + $1.tokenCount }
    let rules = auditRules()
    output.append(
      GeneratedTokenTree.File(
        path: GeneratedTokenTree.configurationPath,
        contents: configuration(tokenCount: tokenCount, fileCount: output.count, rules: rules)))
    output.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    return GeneratedTokenTree(files: output, tokenCount: tokenCount, ruleCount: rules.count)
  }

  // MARK: - Writing tokens

  /// A file being generated, with its own random stream.
  struct FileContext {
    let file: YAMLFileBuilder
    let brand: String
    var rng: SplitMix64
  }

  mutating func startFile(brand: Int, index: Int, name: String) -> FileContext {
    let brandName = "brand\(brand)"
    let file = YAMLFileBuilder(
      path: "\(GeneratedTokenTree.tokenDirectory)/\(brandName)/\(name).yaml",
      header: "Generated by ebtokens-bench (seed \(seed)): \(brandName) \(name). Regenerate rather than edit."
    )
    files.append(file)
    // Streams are numbered per brand and file so that no file's draws depend on another's.
    return FileContext(
      file: file, brand: brandName, rng: SplitMix64(seed: seed, stream: UInt64(brand) << 16 | UInt64(index)))
  }

  /// Adds a token while the budget lasts; returns whether it was added.
  @discardableResult
  mutating func add(_ context: FileContext, _ path: [String], _ entry: TokenEntry) -> Bool {
    guard remaining > 0, context.file.add(path, entry) else { return false }
    remaining -= 1
    return true
  }

  // MARK: - Brands

  mutating func generateBrand(_ number: Int) {
    var palette = startFile(brand: number, index: 0, name: "palette")
    let brandHue = palette.rng.pick(TokenCatalog.brandHues)
    let accentHue = palette.rng.pick(TokenCatalog.accentHues)
    generatePalette(&palette)
    guard remaining > 0 else { return }
    var theme = startFile(brand: number, index: 1, name: "theme")
    generateTheme(&theme, brandHue: brandHue, accentHue: accentHue)
    guard remaining > 0 else { return }
    let semantic = startFile(brand: number, index: 2, name: "semantic")
    generateSemantic(semantic)
    let hueDegrees = TokenCatalog.hues.first { $0.name == brandHue }?.degrees ?? 0
    for (offset, component) in TokenCatalog.components.enumerated() {
      guard remaining > 0 else { return }
      var context = startFile(brand: number, index: 3 + offset, name: component.name)
      generateComponent(component, in: &context, brandHue: hueDegrees)
    }
  }

  mutating func generatePalette(_ context: inout FileContext) {
    let group = [context.brand, "palette"]
    context.file.declareGroup(
      group, type: "color", description: "Literal colors; everything else aliases them.")
    for hue in TokenCatalog.hues {
      // Each brand shifts the shared hues a little, so brands differ.
      let degrees = hue.degrees + context.rng.between(-10, 10)
      let saturation = min(1, hue.saturation * context.rng.between(0.9, 1.05))
      for step in TokenCatalog.steps {
        let value = ColorText.quotedHex(hue: degrees, saturation: saturation, lightness: step.lightness)
        add(context, group + [hue.name, step.name], TokenEntry(value: value))
      }
    }
  }

  mutating func generateTheme(_ context: inout FileContext, brandHue: String, accentHue: String) {
    let brand = context.brand
    context.file.declareGroup([brand, "theme", "color"], type: "color")
    for color in TokenCatalog.themeColors {
      let hue: String
      switch color.hue {
      case .brand: hue = brandHue
      case .accent: hue = accentHue
      case .named(let name): hue = name
      }
      add(
        context, [brand, "theme", "color", color.name],
        TokenEntry(value: Self.reference([brand, "palette", hue, color.step])))
    }
    for scale in TokenCatalog.themeScales {
      let group = [brand, "theme"] + scale.group
      context.file.declareGroup(group, type: scale.type)
      for (name, value) in scale.entries { add(context, group + [name], TokenEntry(value: value)) }
    }
    let familyGroup = [brand, "theme", "font", "family"]
    context.file.declareGroup(familyGroup, type: "fontFamily")
    for family in TokenCatalog.fontFamilies {
      add(
        context, familyGroup + [family.name],
        TokenEntry(value: Self.fontList(context.rng.pick(family.choices))))
    }
  }

  mutating func generateSemantic(_ context: FileContext) {
    let brand = context.brand
    context.file.declareGroup([brand, "semantic"], type: "color", description: "What colors are for.")
    for color in TokenCatalog.semanticColors {
      let target =
        color.semantic
        ? [brand, "semantic"] + color.target.split(separator: ".").map(String.init)
        : [brand, "theme", "color", color.target]
      if add(
        context, [brand, "semantic", color.group, color.name], TokenEntry(value: Self.reference(target)))
      {
        generatedKinds.insert("semantic/\(color.group).\(color.name)")
      }
    }
  }

  // MARK: - Components

  mutating func generateComponent(
    _ component: TokenCatalog.Component, in context: inout FileContext, brandHue: Double
  ) {
    let root = [context.brand, component.name]
    context.file.declareGroup(root, type: "color", description: "The \(component.name) component.")
    let variants: [String?] = component.variants.isEmpty ? [nil] : component.variants
    let sizes: [String?] = component.sizes.isEmpty ? [nil] : component.sizes
    for variant in variants {
      for (sizeStep, size) in sizes.enumerated() {
        guard remaining > 0 else { return }
        let prefix = root + [variant, size].compactMap { $0 }
        generateColors(component, prefix: prefix, in: &context, brandHue: brandHue)
        generateMetrics(prefix: prefix, sizeStep: component.sizes.isEmpty ? 1 : sizeStep, in: &context)
        generateTypeAndMotion(prefix: prefix, in: &context)
      }
    }
  }

  /// 28 colors: four roles in seven states.
  mutating func generateColors(
    _ component: TokenCatalog.Component, prefix: [String], in context: inout FileContext, brandHue: Double
  ) {
    let brand = context.brand
    var rng = context.rng
    defer { context.rng = rng }
    // Lightness bands overlap, so some label/bg pairs pass the audit and some fail.
    let hue = rng.chance(0.6) ? brandHue + rng.between(-15, 15) : rng.between(0, 360)
    let saturation = rng.between(0.25, 0.85)
    let lightness = [
      "bg": rng.between(0.62, 0.97), "label": rng.between(0.04, 0.4), "icon": rng.between(0.08, 0.45),
      "border": rng.between(0.2, 0.7),
    ]
    for state in TokenCatalog.states {
      for role in TokenCatalog.colorRoles {
        let path = prefix + [state, role]
        var entry: TokenEntry
        if state == "disabled" {
          let percent = rng.pick(TokenCatalog.disabledAlphaPercents)
          entry = TokenEntry(value: Self.reference(prefix + ["enabled", role], alphaPercent: percent))
        } else if let alias = Self.alias(role: role, state: state, brand: brand, rng: &rng) {
          entry = TokenEntry(value: Self.reference(alias))
        } else {
          let shift = role == "bg" ? TokenCatalog.backgroundShift[state] ?? 0 : 0
          let selectedShift = role == "label" && state.hasPrefix("selected") ? -0.05 : 0
          let value = (lightness[role] ?? 0.5) + shift + selectedShift
          entry = TokenEntry(
            value: ColorText.quotedHex(
              hue: hue, saturation: saturation, lightness: min(max(value, 0.02), 0.98)))
        }
        if state == "enabled" && role == "bg" {
          entry.description = "Background of \(prefix.dropFirst().joined(separator: " "))."
        }
        if add(context, path, entry) { generatedKinds.insert("\(component.name)/\(role)") }
      }
    }
  }

  /// The semantic color an `enabled` or `focused` color aliases, when it aliases one.
  static func alias(role: String, state: String, brand: String, rng: inout SplitMix64) -> [String]? {
    let semantic = [brand, "semantic"]
    switch (state, role) {
    case ("enabled", "bg") where rng.chance(0.2):
      return semantic
        + rng.pick([
          ["action", "primary"], ["action", "secondary"], ["surface", "card"], ["surface", "page"],
        ])
    case ("enabled", "label") where rng.chance(0.15):
      return semantic
        + rng.pick([["text", "primary"], ["text", "on-action"], ["text", "inverse"], ["text", "link"]])
    case ("enabled", "border") where rng.chance(0.1):
      return semantic + rng.pick([["border", "subtle"], ["border", "strong"], ["border", "focus"]])
    case ("focused", "border") where rng.chance(0.5):
      return semantic + ["border", "focus"]
    default:
      return nil
    }
  }

  /// 8 dimensions, larger for larger sizes; some alias the theme's scales.
  mutating func generateMetrics(prefix: [String], sizeStep: Int, in context: inout FileContext) {
    let group = prefix + ["metrics"]
    let theme = [context.brand, "theme"]
    context.file.declareGroup(group, type: "dimension")
    var rng = context.rng
    defer { context.rng = rng }
    let gap =
      rng.chance(0.2)
      ? Self.reference(theme + ["space", rng.pick(["space-4", "space-8", "space-12"])])
      : "\(4 + 2 * rng.below(4))px"
    let radius =
      rng.chance(0.2)
      ? Self.reference(theme + ["radius", rng.pick(["sm", "md", "lg", "full"])])
      : rng.pick(["0px", "2px", "4px", "6px", "8px", "12px"])
    let minWidthTenths = 40 + 5 * rng.below(8)
    let metrics = [
      ("padding-x", "\(8 + 4 * sizeStep + 2 * rng.below(3))px"),
      ("padding-y", "\(4 + 2 * sizeStep + 2 * rng.below(3))px"),
      ("gap", gap),
      ("radius", radius),
      ("border-width", rng.pick(["1px", "1px", "2px"])),
      ("icon-size", "\(16 + 4 * sizeStep)px"),
      ("min-height", "\(32 + 8 * sizeStep + 4 * rng.below(3))px"),
      ("min-width", Self.tenths(minWidthTenths) + "rem"),
    ]
    for (name, value) in metrics { add(context, group + [name], TokenEntry(value: value)) }
  }

  /// A font weight, family and line height, each with its own `$type`, and a duration.
  mutating func generateTypeAndMotion(prefix: [String], in context: inout FileContext) {
    let theme = [context.brand, "theme"]
    var rng = context.rng
    defer { context.rng = rng }
    let weight =
      rng.chance(0.1)
      ? Self.reference(theme + ["font", "weight", rng.pick(["medium", "semibold", "bold"])])
      : rng.pick(["400", "500", "600", "700", "semi-bold", "bold"])
    let family =
      rng.chance(0.3)
      ? Self.reference(theme + ["font", "family", rng.pick(["body", "heading"])])
      : Self.fontList(rng.pick(TokenCatalog.fontFamilies[0].choices))
    let typography = prefix + ["typography"]
    add(context, typography + ["font-weight"], TokenEntry(value: weight, type: "fontWeight"))
    add(context, typography + ["font-family"], TokenEntry(value: family, type: "fontFamily"))
    add(
      context, typography + ["line-height"],
      TokenEntry(value: rng.pick(["1.2", "1.25", "1.3", "1.4", "1.5"]), type: "number"))
    let motion = prefix + ["motion"]
    context.file.declareGroup(motion, type: "duration")
    let duration =
      rng.chance(0.2)
      ? Self.reference(theme + ["duration", rng.pick(["fast", "moderate", "slow"])])
      : rng.pick(["80ms", "120ms", "150ms", "200ms", "250ms", "0.3s"])
    add(context, motion + ["duration"], TokenEntry(value: duration))
  }

  // MARK: - Values

  static func reference(_ path: [String], alphaPercent: String? = nil) -> String {
    let target = "{" + path.joined(separator: ".") + "}"
    return "\"" + target + (alphaPercent.map { " @ \($0)%" } ?? "") + "\""
  }

  static func fontList(_ names: [String]) -> String {
    "[" + names.map(YAMLFileBuilder.quoted).joined(separator: ", ") + "]"
  }

  /// `45` → `4.5`, `40` → `4`.
  static func tenths(_ value: Int) -> String {
    value % 10 == 0 ? "\(value / 10)" : "\(value / 10).\(value % 10)"
  }

  // MARK: - Configuration

  struct Rule {
    let foreground: String
    let background: String
    let role: String
  }

  /// For each component, `label` and `icon` on `bg` and `border` on the white page, with one `*`
  /// for the brand and one for each of its variant, size and state levels; plus two semantic
  /// text pairs. Only rules that match are written.
  func auditRules() -> [Rule] {
    var rules: [Rule] = []
    for (text, surface) in [("text.primary", "page"), ("text.secondary", "card")]
    where generatedKinds.contains("semantic/surface.\(surface)") {
      rules.append(
        Rule(foreground: "*.semantic.\(text)", background: "*.semantic.surface.\(surface)", role: "text"))
    }
    for component in TokenCatalog.components {
      let levels = (component.variants.isEmpty ? 0 : 1) + (component.sizes.isEmpty ? 0 : 1) + 1
      let pattern = "*.\(component.name)" + String(repeating: ".*", count: levels)
      let candidates = [
        ("label", "\(pattern).bg", component.labelRole), ("icon", "\(pattern).bg", "non-text"),
        ("border", "#FFFFFF", component.borderRole),
      ]
      for (role, background, auditRole) in candidates
      where generatedKinds.contains("\(component.name)/\(role)") {
        rules.append(Rule(foreground: "\(pattern).\(role)", background: background, role: auditRole))
      }
    }
    return rules
  }

  func configuration(tokenCount: Int, fileCount: Int, rules: [Rule]) -> String {
    let paths = GeneratedTokenTree.outputPaths
    var text = """
      # Generated by ebtokens-bench: \(tokenCount) tokens in \(fileCount) files, seed \(seed).
      tokens: \(GeneratedTokenTree.tokenDirectory)

      outputs:
        - kind: swift
          destination: \(paths.swift)
          options:
            module: BenchTokens
        - kind: kotlin
          destination: \(paths.kotlin)
          options:
            package: com.example.bench.tokens
            object: BenchTokens
        - kind: css
          destination: \(paths.css)
          options:
            selector: ":root"
            references: true

      audit:
        level: AA
        method: wcag2
        canvas: "#FFFFFF"
        fail-build: false
        report: \(paths.report)
        rules:\(rules.isEmpty ? " []" : "")

      """
    for rule in rules {
      text += "    - foreground: \(YAMLFileBuilder.quoted(rule.foreground))\n"
      text += "      background: \(YAMLFileBuilder.quoted(rule.background))\n"
      text += "      role: \(rule.role)\n"
    }
    return text
  }
}

/// Colors as the token files write them.
enum ColorText {
  /// `"#RRGGBB"` (quoted: in YAML `#` starts a comment) for an HSL color; hue in degrees.
  static func quotedHex(hue: Double, saturation: Double, lightness: Double) -> String {
    let chroma = (1 - abs(2 * lightness - 1)) * saturation
    let sector = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
    let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
    let (red, green, blue): (Double, Double, Double)
    switch Int(sector) {
    case 0: (red, green, blue) = (chroma, second, 0)
    case 1: (red, green, blue) = (second, chroma, 0)
    case 2: (red, green, blue) = (0, chroma, second)
    case 3: (red, green, blue) = (0, second, chroma)
    case 4: (red, green, blue) = (second, 0, chroma)
    default: (red, green, blue) = (chroma, 0, second)
    }
    let offset = lightness - chroma / 2
    let digits = Array("0123456789ABCDEF")
    var text = "\"#"
    for channel in [red, green, blue] {
      let byte = Int((min(max(channel + offset, 0), 1) * 255).rounded())
      text.append(digits[byte >> 4])
      text.append(digits[byte & 0xF])
    }
    return text + "\""
  }
}
