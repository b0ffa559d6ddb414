import Foundation
import TestSupport
import Testing

@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensSupport

/// The web outputs, proven by the web's own tools: `tsc --strict` type-checks the declarations, the
/// module's values against them and a consumer (and refuses a wrong one), `node` imports the module
/// and prints the values of the resolved tokens, and `sassc` compiles the SCSS with a consumer that
/// reads each token's variable and its entry in the maps. Outside CI a missing tool skips its test;
/// in CI it fails.
@Suite(.serialized) struct EmitWebToolchainTests {
  /// The options a web project's `tsconfig.json` would give for an ES module.
  private static let tscOptions = [
    "--strict", "--noEmit", "--allowJs", "--checkJs", "--target", "es2020", "--module", "es2020",
    "--moduleResolution", "node",
  ]

  /// The module's values conform to its declarations: `tokens.js` is checked as JavaScript against
  /// the types its JSDoc names from `tokens.d.ts`.
  @Test(.requires(.tsc), arguments: WebFixture.allCases)
  func tscChecksTheModuleAgainstItsDeclarations(fixture: WebFixture) throws {
    let tsc = try ExternalTool.tsc.require()
    try withTemporaryDirectory { directory in
      try fixture.write(to: directory)
      let check = try ExternalTool.run(
        tsc, Self.tscOptions + ["typescript/tokens.js", "typescript/tokens.d.ts"], in: directory)
      #expect(check.status == 0, "tsc failed:\n\(check.stdout)\(check.stderr)")
    }
  }

  /// A consumer uses a color, a dimension, a typography, a mode and a CSS variable name; each of
  /// the wrong uses fails to type-check, so the types are real.
  @Test(.requires(.tsc)) func tscTypeChecksAConsumerAndRefusesWrongUses() throws {
    let tsc = try ExternalTool.tsc.require()
    try withTemporaryDirectory { directory in
      try WebFixture.eastBlueDark.write(to: directory)
      let consumer = """
        import { tokens, modes, cssVar, cssVariables } from "./typescript/tokens.js";
        import type { Color, Dimension, Typography, ModeName, TokenName } from "./typescript/tokens.js";
        const background: Color = tokens.mainAlertColorInformationBg;
        const padding: Dimension = tokens.spaceSpace16;
        const headline: Typography = tokens.typographyPrimaryHeadlinesBlock;
        const weight: number = headline.fontWeight;
        const mode: ModeName = "dark";
        const darkBackground: Color = modes[mode].mainNudgeColorPrimaryBg;
        const property: "--main-alert-color-information-bg" = cssVariables.mainAlertColorInformationBg;
        const reference: "var(--space-space-16)" = cssVar("spaceSpace16");
        const name: TokenName = "mainNudgeColorPrimaryBg";
        export const used = [background, padding, weight, darkBackground, property, reference, name];

        """
      try consumer.write(
        to: directory.appendingPathComponent("consumer.ts"), atomically: true, encoding: .utf8)
      let check = try ExternalTool.run(tsc, Self.tscOptions + ["consumer.ts"], in: directory)
      #expect(check.status == 0, "tsc failed:\n\(check.stdout)\(check.stderr)")

      let wrong = """
        import { tokens, modes, cssVar } from "./typescript/tokens.js";
        import type { Typography } from "./typescript/tokens.js";
        export const a: number = tokens.spaceSpace16;
        export const b: Typography = tokens.mainAlertColorInformationBg;
        export const c = modes.sepia;
        export const d = cssVar("noSuchToken");
        export const e: "var(--space-space-4)" = cssVar("spaceSpace16");
        export const f = tokens.mainAlertColorInformationBackground;

        """
      try wrong.write(to: directory.appendingPathComponent("wrong.ts"), atomically: true, encoding: .utf8)
      let refused = try ExternalTool.run(tsc, Self.tscOptions + ["wrong.ts"], in: directory)
      #expect(refused.status != 0)
      // One error on each line from the third, and none in the generated files.
      let lines = ExternalTool.lines(refused.stdout).filter { $0.hasPrefix("wrong.ts(") }.compactMap {
        Int($0.dropFirst("wrong.ts(".count).prefix { $0.isNumber })
      }
      #expect(lines == [3, 4, 5, 6, 7, 8], "\(refused.stdout)")
      #expect(!refused.stdout.contains("typescript/tokens"), "\(refused.stdout)")
    }
  }

  /// Node imports the module; every token's value, in every mode, is the resolved token's, and
  /// `cssVar` names the CSS output's custom property.
  @Test(.requires(.node), arguments: [WebFixture.eastBlue, .eastBlueDark, .modes, .composite, .types])
  func nodeImportsTheModuleAndReadsTheResolvedTokens(fixture: WebFixture) throws {
    let node = try ExternalTool.node.require()
    try withTemporaryDirectory { directory in
      try fixture.write(to: directory)
      let module = directory.appendingPathComponent("typescript/tokens.js").absoluteString
      let script = """
        const m = await import(\(JSONWriter.render(.string(module))));
        const cssVars = Object.fromEntries(Object.keys(m.tokens).map((name) => [name, m.cssVar(name)]));
        console.log(JSON.stringify({ tokens: m.tokens, modes: m.modes ?? {}, cssVars }));
        """
      let run = try ExternalTool.run(node, ["--input-type=module", "-e", script])
      try #require(run.status == 0, "node failed:\n\(run.stderr)")
      let printed = try JSONDecoder().decode(Printed.self, from: Data(run.stdout.utf8))
      let (values, modes, cssVars) = (printed.tokens, printed.modes, printed.cssVars)
      let tokens = try fixture.tokens()
      #expect(values.count == tokens.tokens.count)
      #expect(modes.keys.sorted() == tokens.modes.sorted())
      for token in tokens.tokens {
        let name = try #require(TypeScriptLanguage.propertyName(token.path))
        #expect(values[name] == Self.expected(token.first.value), "\(token.name)")
        for (position, mode) in tokens.modes.enumerated() {
          #expect(
            modes[mode]?[name] == Self.expected(token.byMode[position].value), "\(token.name) in \(mode)")
        }
        let property = "--" + token.path.segments.joined(separator: "-")
        #expect(cssVars[name] == "var(\(property))", "\(token.name)")
      }
    }
  }

  /// sassc compiles a consumer that reads every token's variable, and with modes its entry in each
  /// mode's map, and every typography's map: each compiles to the resolved token's value.
  @Test(.requires(.sassc), arguments: [WebFixture.eastBlue, .eastBlueDark, .modes, .composite, .types])
  func sasscCompilesAConsumerOfTheVariablesAndMaps(fixture: WebFixture) throws {
    let sassc = try ExternalTool.sassc.require()
    try withTemporaryDirectory { directory in
      try fixture.write(to: directory)
      let tokens = try fixture.tokens()
      // Each probe: the Sass expression and the CSS value it must compile to.
      var probes: [(expression: String, expected: String)] = []
      for token in tokens.tokens {
        let name = token.path.segments.joined(separator: "-")
        for (position, mode) in ([nil] + tokens.modes.map(Optional.some)).enumerated() {
          let value = token.byMode[max(position - 1, 0)].value
          let lookup = mode.map { "map-get($tokens-\($0), \"\(name)\")" } ?? "$\(name)"
          probes += Self.probes(lookup, value)
        }
      }
      let consumer =
        "@import \"scss/tokens\";\n.probe {\n"
        + probes.enumerated().map { "  p\($0.offset): \($0.element.expression);\n" }.joined() + "}\n"
      try consumer.write(
        to: directory.appendingPathComponent("consumer.scss"), atomically: true, encoding: .utf8)
      let run = try ExternalTool.run(sassc, ["consumer.scss"], in: directory)
      try #require(run.status == 0, "sassc failed:\n\(run.stderr)")
      var compiled: [String: String] = [:]
      for line in ExternalTool.lines(run.stdout) {
        let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { continue }
        compiled[String(parts[0])] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ;}"))
      }
      #expect(compiled.count == probes.count, "\(run.stdout)")
      for (index, probe) in probes.enumerated() {
        let value = compiled["p\(index)"]
        // Numbers to LibSass's precision, 10 decimals.
        if let number = value.flatMap(Double.init), let expected = Double(probe.expected) {
          #expect(abs(number - expected) < 1e-9, "\(probe.expression): \(number)")
        } else {
          #expect(value == probe.expected, "\(probe.expression)")
        }
      }
    }
  }

  /// The Sass expressions that read `value` from `lookup` (a variable, or a map entry), each with
  /// the CSS the resolved value compiles to: a primitive itself, a composite its map's entries.
  private static func probes(_ lookup: String, _ value: TokenValue) -> [(
    expression: String, expected: String
  )] {
    // Between 8-bit steps, `rgba()`, which LibSass prints with whole channels.
    func color(_ color: Color) -> String {
      guard !color.hasExact8BitChannels else { return color.hex.lowercased() }
      let channels = [color.red, color.green, color.blue].map { "\(Int(($0 * 255).rounded()))" }
      return "rgba(\(channels.joined(separator: ", ")), \(NumberFormatting.shortest(color.alpha)))"
    }
    func entry(_ key: String) -> String { "map-get(\(lookup), \(key))" }
    func families(_ names: [String]) -> String {
      // Sass quotes a string holding a double quote with single ones.
      names.map { name in
        CSSLanguage.genericFamilies.contains(name) ? name : name.contains("\"") ? "'\(name)'" : "\"\(name)\""
      }.joined(separator: ", ")
    }
    switch value {
    case .color(let value): return [(lookup, color(value))]
    case .dimension(let dimension): return [(lookup, dimension.description)]
    case .number(let number), .fontWeight(let number): return [(lookup, "\(number)")]
    case .duration(let duration): return [(lookup, duration.description)]
    case .cubicBezier(let curve): return [(lookup, curve.description)]
    case .strokeStyle(let style): return [(lookup, style.cssKeyword)]
    case .fontFamily(let names): return [(lookup, families(names))]
    case .typography(let typography):
      return [
        (entry("font-size"), typography.fontSize.description),
        (entry("font-weight"), "\(typography.fontWeight)"),
        (entry("line-height"), "\(typography.lineHeight)"),
        (entry("letter-spacing"), typography.letterSpacing.description),
        (entry("font-family"), families(typography.fontFamily)),
      ]
    case .border(let border):
      return [
        (entry("width"), border.width.description), (entry("style"), border.style.cssKeyword),
        (entry("color"), color(border.color)),
      ]
    case .shadow(let layers):
      // One layer is a map; several are a list of maps, the first on top.
      let first = layers.count == 1 ? lookup : "nth(\(lookup), 1)"
      return [
        ("map-get(\(first), offset-y)", layers[0].offsetY.description),
        ("map-get(\(first), color)", color(layers[0].color)),
        ("length(\(lookup))", layers.count == 1 ? "6" : "\(layers.count)"),
      ]
    case .transition(let transition):
      return [
        (entry("duration"), transition.duration.description), (entry("delay"), transition.delay.description),
        (entry("timing-function"), transition.timingFunction.description),
      ]
    case .gradient(let stops):
      return [
        ("map-get(nth(\(lookup), 1), color)", color(stops[0].color)),
        ("length(\(lookup))", "\(stops.count)"),
      ]
    }
  }

  /// What node prints: the module's values, each mode's, and `cssVar` of each token.
  private struct Printed: Decodable {
    let tokens: [String: JSValue]
    let modes: [String: [String: JSValue]]
    let cssVars: [String: String]
  }

  /// A JSON value, as node prints a token's.
  private enum JSValue: Decodable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSValue])
    case object([String: JSValue])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else if let text = try? container.decode(String.self) {
        self = .string(text)
      } else if let array = try? container.decode([JSValue].self) {
        self = .array(array)
      } else {
        self = .object(try container.decode([String: JSValue].self))
      }
    }
  }

  /// The value a token should have in JavaScript, from the resolved token: colors as CSS's
  /// lowercase hex, lengths and times with their unit, composites as objects of those.
  private static func expected(_ value: TokenValue) -> JSValue {
    func length(_ dimension: EBTokensModel.Dimension) -> JSValue { .string(dimension.description) }
    // Between 8-bit steps, as CSS's `rgb(r g b / a)`.
    func color(_ color: Color) -> JSValue {
      guard !color.hasExact8BitChannels else { return .string(color.hex.lowercased()) }
      let channels = [color.red, color.green, color.blue].map { NumberFormatting.shortest($0 * 255) }
      return .string("rgb(\(channels.joined(separator: " ")) / \(NumberFormatting.shortest(color.alpha)))")
    }
    func curve(_ curve: CubicBezier) -> JSValue { .array(curve.points.map { .number($0) }) }
    switch value {
    case .color(let value): return color(value)
    case .dimension(let dimension): return length(dimension)
    case .number(let number), .fontWeight(let number): return .number(number)
    case .fontFamily(let families): return .array(families.map(JSValue.string))
    case .duration(let duration): return .string(duration.description)
    case .cubicBezier(let value): return curve(value)
    case .strokeStyle(.keyword(let keyword)): return .string(keyword.rawValue)
    case .strokeStyle(.dashes(let dashes, let lineCap)):
      return .object(["dashArray": .array(dashes.map(length)), "lineCap": .string(lineCap.rawValue)])
    case .border(let border):
      return .object([
        "width": length(border.width), "style": expected(.strokeStyle(border.style)),
        "color": color(border.color),
      ])
    case .shadow(let layers):
      return .array(
        layers.map {
          .object([
            "offsetX": length($0.offsetX), "offsetY": length($0.offsetY), "blur": length($0.blur),
            "spread": length($0.spread), "color": color($0.color), "inset": .bool($0.inset),
          ])
        })
    case .typography(let typography):
      return .object([
        "fontFamily": .array(typography.fontFamily.map(JSValue.string)),
        "fontSize": length(typography.fontSize),
        "fontWeight": .number(typography.fontWeight), "lineHeight": .number(typography.lineHeight),
        "letterSpacing": length(typography.letterSpacing),
      ])
    case .transition(let transition):
      return .object([
        "duration": .string(transition.duration.description), "delay": .string(transition.delay.description),
        "timingFunction": curve(transition.timingFunction),
      ])
    case .gradient(let stops):
      return .array(stops.map { .object(["color": color($0.color), "position": .number($0.position)]) })
    }
  }
}
