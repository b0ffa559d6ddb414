import EBTokensConfig
import EBTokensModel
import EBTokensSupport
import EBTokensSyntax
import Foundation

/// `ebtokens export`: the token set as one DTCG 2025.10 JSON document, which other DTCG tools
/// read and ebtokens reads back to the same resolved tokens.
///
/// Every token carries its own `$type`, then `$value`, `$description`, `$deprecated` and
/// `$extensions`, in that order; groups carry their `$description` and `$extensions` (DTCG requires
/// tools to write back extension data). Groups and tokens come in path order, numbers in the
/// shortest form that reads back as the same double, so the same tokens always give the same bytes.
///
/// Values are written in the format module's object forms whatever form they were written in:
/// a color as an sRGB color object (components at full precision, with a `#rrggbb` `hex` fallback),
/// or as written when it lies outside sRGB (the fallback then its sRGB gamut mapping), dimensions and durations as `{value, unit}`, a font weight as its number. With references kept
/// (the default), an alias is `"{target}"`, and an alias with the YAML `@ NN%` modifier, which DTCG
/// has no syntax for, is a color object whose components are `$ref`s to the source color's
/// components and whose `alpha` is the resolved alpha. With ``Mode/resolved`` every value is a
/// literal.
public enum DTCGExport {
  public enum Mode: Sendable {
    /// Aliases stay references to the tokens they name.
    case references
    /// Every value is written out.
    case resolved
  }

  public static func render(_ tokens: TokenSet, mode: Mode) -> String {
    JSONWriter.render(.object(members(tokens.tokens[...], depth: 0, in: tokens, mode: mode)))
  }

  // MARK: - Structure

  /// The members of the group at `depth` whose tokens are `tokens` (in path order, so each
  /// subgroup's tokens are contiguous).
  private static func members(_ tokens: ArraySlice<Token>, depth: Int, in set: TokenSet, mode: Mode)
    -> [(String, JSONWriter.Value)]
  {
    var members: [(String, JSONWriter.Value)] = []
    var index = tokens.startIndex
    while index < tokens.endIndex {
      let token = tokens[index]
      let segment = token.path.segments[depth]
      if token.path.segments.count == depth + 1 {
        members.append((segment, tokenObject(token, mode: mode)))
        index += 1
        continue
      }
      var end = index + 1
      while end < tokens.endIndex && tokens[end].path.segments[depth] == segment { end += 1 }
      var group: [(String, JSONWriter.Value)] = []
      if let metadata = set.groups[token.path.segments[...depth].joined(separator: ".")] {
        if let description = metadata.description { group.append(("$description", .string(description))) }
        if let extensions = metadata.extensions { group.append(("$extensions", json(extensions))) }
      }
      group += Self.members(tokens[index..<end], depth: depth + 1, in: set, mode: mode)
      members.append((segment, .object(group)))
      index = end
    }
    return members
  }

  private static func tokenObject(_ token: Token, mode: Mode) -> JSONWriter.Value {
    var members: [(String, JSONWriter.Value)] = [
      ("$type", .string(token.type.rawValue)), ("$value", value(of: token, mode: mode)),
    ]
    if let description = token.description { members.append(("$description", .string(description))) }
    switch token.deprecation {
    case .deprecated?: members.append(("$deprecated", .bool(true)))
    case .message(let message)?: members.append(("$deprecated", .string(message)))
    case nil: break
    }
    if let extensions = token.extensions { members.append(("$extensions", json(extensions))) }
    return .object(members)
  }

  // MARK: - Values

  private static func value(of token: Token, mode: Mode) -> JSONWriter.Value {
    guard mode == .references else { return literal(token.value) }
    if let reference = token.reference { return referenceValue(reference, written: literal(token.value)) }
    // A shadow written as a list stays a list, so the parts' paths (["0", "color"]) still lead to them.
    let writtenAsList = token.componentReferences.contains { Int($0.path.first ?? "") != nil }
    var value = literal(token.value, shadowAsList: writtenAsList)
    for component in token.componentReferences {
      value = replacing(in: value, at: component.path[...]) {
        referenceValue(component.reference, written: $0)
      }
    }
    return value
  }

  /// `"{target}"`; for a color with an `@ NN%` modifier, `written` (the resolved color's object,
  /// so its color space, alpha and `hex` fallback) with components that point at the target's.
  private static func referenceValue(_ reference: TokenReference, written: JSONWriter.Value)
    -> JSONWriter.Value
  {
    guard reference.alphaFactor != nil, case .object(let members) = written else {
      return .string("{\(reference.target.name)}")
    }
    let components = (0..<3).map { index -> JSONWriter.Value in
      .object([("$ref", .string(pointer(to: reference.target, "components", String(index))))])
    }
    return .object(members.map { $0.0 == "components" ? ($0.0, .array(components)) : $0 })
  }

  /// `value` with the member at `path` replaced by what `replacement` makes of it.
  private static func replacing(
    in value: JSONWriter.Value, at path: ArraySlice<String>,
    with replacement: (JSONWriter.Value) -> JSONWriter.Value
  ) -> JSONWriter.Value {
    guard let key = path.first else { return replacement(value) }
    switch value {
    case .object(let members):
      return .object(
        members.map {
          $0.0 == key ? ($0.0, replacing(in: $0.1, at: path.dropFirst(), with: replacement)) : $0
        })
    case .array(var items):
      guard let index = Int(key), items.indices.contains(index) else { return value }
      items[index] = replacing(in: items[index], at: path.dropFirst(), with: replacement)
      return .array(items)
    default:
      return value
    }
  }

  /// A value in the format module's form; a shadow of one layer is one object unless `shadowAsList`.
  static func literal(_ value: TokenValue, shadowAsList: Bool = false) -> JSONWriter.Value {
    switch value {
    case .color(let color): return colorObject(color)
    case .dimension(let dimension):
      return .object([("value", .number(dimension.value)), ("unit", .string(dimension.unit.rawValue))])
    case .duration(let duration):
      return .object([("value", .number(duration.value)), ("unit", .string(duration.unit.rawValue))])
    case .number(let number), .fontWeight(let number):
      return .number(number)
    case .fontFamily(let families):
      return families.count == 1 ? .string(families[0]) : .array(families.map(JSONWriter.Value.string))
    case .strokeStyle(let style):
      return strokeStyle(style)
    case .border(let border):
      return .object([
        ("color", literal(.color(border.color))), ("width", literal(.dimension(border.width))),
        ("style", strokeStyle(border.style)),
      ])
    case .shadow(let layers):
      let objects = layers.map(shadowObject)
      return objects.count == 1 && !shadowAsList ? objects[0] : .array(objects)
    case .typography(let typography):
      return .object([
        ("fontFamily", literal(.fontFamily(typography.fontFamily))),
        ("fontSize", literal(.dimension(typography.fontSize))),
        ("fontWeight", .number(typography.fontWeight)),
        ("letterSpacing", literal(.dimension(typography.letterSpacing))),
        ("lineHeight", .number(typography.lineHeight)),
      ])
    case .cubicBezier(let curve):
      return .array(curve.points.map(JSONWriter.Value.number))
    case .transition(let transition):
      return .object([
        ("duration", literal(.duration(transition.duration))),
        ("delay", literal(.duration(transition.delay))),
        ("timingFunction", literal(.cubicBezier(transition.timingFunction))),
      ])
    case .gradient(let stops):
      return .array(
        stops.map { .object([("color", literal(.color($0.color))), ("position", .number($0.position))]) })
    }
  }

  private static func shadowObject(_ shadow: Shadow) -> JSONWriter.Value {
    var members: [(String, JSONWriter.Value)] = [
      ("color", literal(.color(shadow.color))), ("offsetX", literal(.dimension(shadow.offsetX))),
      ("offsetY", literal(.dimension(shadow.offsetY))), ("blur", literal(.dimension(shadow.blur))),
      ("spread", literal(.dimension(shadow.spread))),
    ]
    if shadow.inset { members.append(("inset", .bool(true))) }
    return .object(members)
  }

  private static func strokeStyle(_ style: StrokeStyle) -> JSONWriter.Value {
    switch style {
    case .keyword(let keyword): return .string(keyword.rawValue)
    case .dashes(let lengths, let lineCap):
      return .object([
        ("dashArray", .array(lengths.map { literal(.dimension($0)) })),
        ("lineCap", .string(lineCap.rawValue)),
      ])
    }
  }

  /// A color object: an sRGB one, or for a color written outside sRGB the color as written; alpha
  /// when not 1, and the sRGB color (its gamut mapping) as the `hex` fallback.
  private static func colorObject(_ color: Color) -> JSONWriter.Value {
    let space = color.wideGamut?.space ?? .srgb
    let components = color.wideGamut?.components ?? [color.red, color.green, color.blue]
    var members: [(String, JSONWriter.Value)] = [
      ("colorSpace", .string(space.rawValue)),
      ("components", .array(components.map(JSONWriter.Value.number))),
    ]
    if color.alpha != 1 { members.append(("alpha", .number(color.alpha))) }
    members.append(("hex", .string(color.opaqueHex.lowercased())))
    return .object(members)
  }

  /// `#/group/token/$value/…`, each segment escaped as RFC 6901 says (`~` as `~0`, `/` as `~1`).
  static func pointer(to path: TokenPath, _ valuePath: String...) -> String {
    let segments = path.segments.map {
      $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
    return "#/" + (segments + ["$value"] + valuePath).joined(separator: "/")
  }

  /// `$extensions` (or any value as written) as the text of a JSON document, for templates.
  static func jsonText(_ node: SyntaxNode) -> String {
    String(JSONWriter.render(json(node)).dropLast())
  }

  /// `$extensions` as written: mappings in their order, YAML's plain `true`, `false`, `null` and
  /// numbers as JSON's (numbers digit for digit), every other scalar as a string.
  static func json(_ node: SyntaxNode) -> JSONWriter.Value {
    switch node {
    case .mapping(let mapping): return .object(mapping.entries.map { ($0.key.value, json($0.value)) })
    case .sequence(let sequence): return .array(sequence.items.map(json))
    case .scalar(let scalar):
      guard scalar.style == .plain else { return .string(scalar.value) }
      switch scalar.value {
      case "true": return .bool(true)
      case "false": return .bool(false)
      case "null", "~", "": return .null
      default:
        let bytes = Array(scalar.value.utf8)
        return NumberSyntax.jsonNumberPrefix(bytes[...]) == bytes.count
          ? .numberText(scalar.value) : .string(scalar.value)
      }
    }
  }
}
