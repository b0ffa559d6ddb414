import EBTokensModel
import EBTokensSupport
import EBTokensSyntax

extension NumberSyntax {
  /// A whole JSON number, finite; the problem otherwise.
  static func parse(_ text: String) -> Swift.Result<Double, ValueProblem> {
    var text = text
    let (length, count) = text.withUTF8 { (jsonNumberPrefix($0), $0.count) }
    guard length == count, length > 0 else {
      return .failure(ValueProblem("'\(text)' is not a number"))
    }
    guard let value = Double(text), value.isFinite else {
      return .failure(ValueProblem("'\(text)' is out of range"))
    }
    return .success(value)
  }
}

/// What the value parsers found dubious but readable in a value, such as a typography member
/// DTCG does not define (ignored): each becomes a warning.
package final class ValueWarnings {
  // Unchecked for exclusive access at run time: nothing reads it while it is written, and
  // `take()` runs for every value.
  @exclusivity(unchecked) package private(set) var problems: [ValueProblem] = []

  package init() {}

  func add(_ problem: ValueProblem) { problems.append(problem) }

  /// The problems found since the last call, and none kept.
  package func take() -> [ValueProblem] {
    defer { problems = [] }
    return problems
  }
}

/// Interprets literal values once their type is known.
package enum ValueParser {
  /// `lookup` gives the values of the tokens a composite value's sub-values reference; `warnings`
  /// receives what is dubious but readable.
  package static func parse(
    _ node: SyntaxNode, as type: TokenType, lookup: ReferenceLookup = .none, warnings: ValueWarnings
  ) -> Swift.Result<TokenValue, ValueProblem> {
    if case .scalar(let scalar) = node, scalar.style == .plain, scalar.value.isEmpty {
      let hint = type == .color ? " (in YAML '#' starts a comment: quote colors, as in \"#FFFFFF\")" : ""
      return .failure(ValueProblem("the value is missing\(hint)"))
    }
    switch type {
    case .color: return color(node, warnings: warnings).map(TokenValue.color)
    case .dimension: return dimension(node).map(TokenValue.dimension)
    case .number: return number(node).map(TokenValue.number)
    case .fontFamily: return fontFamily(node, warnings: warnings).map(TokenValue.fontFamily)
    case .fontWeight: return fontWeight(node).map(TokenValue.fontWeight)
    case .duration: return duration(node).map(TokenValue.duration)
    case .strokeStyle:
      return CompositeValueParser.catching { () throws(ValueProblem) in
        .strokeStyle(try CompositeValueParser.strokeStyle(node, lookup: lookup, warnings: warnings))
      }
    case .border:
      return CompositeValueParser.catching { () throws(ValueProblem) in
        .border(try CompositeValueParser.border(node, lookup: lookup, warnings: warnings))
      }
    case .shadow:
      return CompositeValueParser.catching { () throws(ValueProblem) in
        .shadow(try CompositeValueParser.shadow(node, lookup: lookup, warnings: warnings))
      }
    case .typography:
      return CompositeValueParser.catching { () throws(ValueProblem) in
        .typography(try CompositeValueParser.typography(node, lookup: lookup, warnings: warnings))
      }
    case .cubicBezier: return cubicBezier(node).map(TokenValue.cubicBezier)
    case .transition:
      return CompositeValueParser.catching { () throws(ValueProblem) in
        .transition(try CompositeValueParser.transition(node, lookup: lookup, warnings: warnings))
      }
    case .gradient:
      return CompositeValueParser.catching { () throws(ValueProblem) in
        .gradient(try CompositeValueParser.gradient(node, lookup: lookup, warnings: warnings))
      }
    }
  }

  // MARK: Color

  static func color(_ node: SyntaxNode, warnings: ValueWarnings) -> Swift.Result<Color, ValueProblem> {
    switch node {
    case .scalar(let scalar): return hexColor(scalar.value)
    case .mapping(let mapping): return ColorObjectParser.parse(mapping, warnings: warnings)
    case .sequence: return .failure(ValueProblem("expected a color, found a sequence"))
    }
  }

  /// `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
  package static func hexColor(_ text: String) -> Swift.Result<Color, ValueProblem> {
    let expected = "write #RGB, #RRGGBB, #RRGGBBAA or a DTCG color object"
    guard text.hasPrefix(ascii: UInt8(ascii: "#")) else {
      return .failure(ValueProblem("'\(text)' is not a supported color; \(expected)"))
    }
    // The digits are packed into one integer as they are read (at most 8 are kept: more is an
    // error), rather than collected into arrays: every color token is read here.
    var packed: UInt32 = 0
    var count = 0
    for digit in text.utf8.dropFirst() {
      guard let nibble = hexNibble(digit) else {
        return .failure(ValueProblem("'\(text)' has a character that is not a hex digit; \(expected)"))
      }
      if count < 8 { packed = packed << 4 | UInt32(nibble) }
      count += 1
    }
    /// Channel `index` (0 is the first) of `channelCount`, each `width` nibbles wide.
    func channel(_ index: Int, of channelCount: Int, width: Int) -> Double {
      let shift = (channelCount - 1 - index) * width * 4
      let bits = (packed >> UInt32(shift)) & (width == 1 ? 0xF : 0xFF)
      return Double(width == 1 ? bits << 4 | bits : bits) / 255
    }
    let width: Int
    switch count {
    case 3, 4: width = 1
    case 6, 8: width = 2
    default:
      return .failure(
        ValueProblem("'\(text)' has \(count) hex digits, but a color has 3, 4, 6 or 8; \(expected)"))
    }
    let channelCount = count / width
    return .success(
      Color(
        red: channel(0, of: channelCount, width: width), green: channel(1, of: channelCount, width: width),
        blue: channel(2, of: channelCount, width: width),
        alpha: channelCount == 4 ? channel(3, of: channelCount, width: width) : 1))
  }

  private static func hexNibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: return byte - 48
    case 65...70: return byte - 55
    case 97...102: return byte - 87
    default: return nil
    }
  }

  // MARK: Dimension and duration

  static func dimension(_ node: SyntaxNode) -> Swift.Result<Dimension, ValueProblem> {
    measure(node, kind: "dimension", example: "\"4px\" or {value: 4, unit: px}", allowsNegative: true)
      .flatMap { value, unit in
        let dimension = Dimension(value, unit)
        // Swift and Kotlin get points (1rem = 16): `1e308rem` would be written `inf`.
        guard dimension.points.isFinite else {
          return .failure(ValueProblem("'\(dimension)' is out of range in points (1rem = 16px)"))
        }
        return .success(dimension)
      }
  }

  static func duration(_ node: SyntaxNode) -> Swift.Result<Duration, ValueProblem> {
    measure(node, kind: "duration", example: "\"200ms\" or {value: 200, unit: ms}", allowsNegative: false)
      .map { Duration($0.value, $0.unit) }
  }

  /// A number with a unit, as a string (`4px`) or a DTCG object (`{value: 4, unit: px}`).
  ///
  /// Inlined into its two callers, where `Unit` is known: left out of line, it ran as generic
  /// code, reaching the unit's `init(rawValue:)` through witness tables for every value read.
  @inline(__always)
  private static func measure<Unit: RawRepresentable & CaseIterable>(
    _ node: SyntaxNode, kind: String, example: String, allowsNegative: Bool
  ) -> Swift.Result<(value: Double, unit: Unit), ValueProblem> where Unit.RawValue == String {
    // Only an error names the units: joining them for every value read would be wasted.
    var units: String { Unit.allCases.map(\.rawValue).joined(separator: " or ") }
    let numberText: String
    let unitText: String
    var numberLocation: SourceLocation?
    switch node {
    case .scalar(let scalar):
      // The bytes read in place: every dimension and duration is read here.
      var text = scalar.value
      let parts = text.withUTF8 { bytes -> (number: String, unit: String)? in
        let length = NumberSyntax.jsonNumberPrefix(bytes)
        guard length > 0 else { return nil }
        return (
          String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self),
          String(decoding: UnsafeBufferPointer(rebasing: bytes[length...]), as: UTF8.self)
        )
      }
      guard let parts else {
        return .failure(ValueProblem("'\(scalar.value)' is not a \(kind); write \(example)"))
      }
      numberText = parts.number
      unitText = parts.unit
      if unitText.hasPrefix(" ") {
        return .failure(
          ValueProblem("'\(scalar.value)' has a space between the number and the unit; write \(example)"))
      }
      if unitText.isEmpty {
        return .failure(ValueProblem("'\(scalar.value)' has no unit; use \(units)"))
      }
      // Units are letters: after `0x10px` or `1_000px` the number is what JSON does not allow.
      if !unitText.allUTF8Bytes({ (65...90).contains($0) || (97...122).contains($0) }) {
        return .failure(ValueProblem("'\(scalar.value)' is not a \(kind); write \(example)"))
      }
    case .mapping(let mapping):
      if let unknown = mapping.entries.first(where: { $0.key.value != "value" && $0.key.value != "unit" }) {
        return .failure(
          ValueProblem("unknown \(kind) field '\(unknown.key.value)'", at: unknown.key.location))
      }
      guard case .scalar(let value)? = mapping["value"], value.style == .plain,
        case .scalar(let unit)? = mapping["unit"]
      else {
        return .failure(ValueProblem("a \(kind) object needs a number 'value' and a 'unit' (\(units))"))
      }
      numberText = value.value
      unitText = unit.value
      numberLocation = value.location
    case .sequence:
      return .failure(ValueProblem("expected a \(kind), found a sequence; write \(example)"))
    }
    let value: Double
    switch NumberSyntax.parse(numberText) {
    case .failure(let problem): return .failure(ValueProblem(problem.message, at: numberLocation))
    case .success(let number): value = number
    }
    guard let unit = Unit(rawValue: unitText) else {
      return .failure(ValueProblem("unit '\(unitText)' is not supported; use \(units)"))
    }
    if value == 0 && value.sign == .minus {
      return .failure(
        ValueProblem("'\(numberText)\(unitText)' is negative zero; write 0\(unitText)", at: numberLocation))
    }
    if value < 0 && !allowsNegative {
      return .failure(ValueProblem("a \(kind) cannot be negative", at: numberLocation))
    }
    return .success((value, unit))
  }

  // MARK: Cubic Bézier

  /// `[x1, y1, x2, y2]`: four numbers, the x coordinates from 0 to 1 (format module § 8.6).
  static func cubicBezier(_ node: SyntaxNode) -> Swift.Result<CubicBezier, ValueProblem> {
    guard case .sequence(let list) = node, list.items.count == 4 else {
      let found =
        if case .sequence(let list) = node { "\(list.items.count) numbers" } else { node.kindDescription }
      return .failure(
        ValueProblem("a cubic Bézier is a list of four numbers [x1, y1, x2, y2], found \(found)"))
    }
    var points: [Double] = []
    for (index, item) in list.items.enumerated() {
      switch number(item) {
      case .failure(let problem):
        return .failure(ValueProblem(problem.message, at: problem.location ?? item.location))
      case .success(let value):
        if index % 2 == 0 && !(0...1).contains(value) {
          return .failure(
            ValueProblem(
              "x\(index / 2 + 1) is \(NumberFormatting.shortest(value)); the x coordinates of a cubic Bézier are from 0 to 1",
              at: item.location))
        }
        points.append(value)
      }
    }
    return .success(CubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3]))
  }

  // MARK: Number, font family, font weight

  static func number(_ node: SyntaxNode) -> Swift.Result<Double, ValueProblem> {
    guard case .scalar(let scalar) = node, scalar.style == .plain else {
      return .failure(ValueProblem("expected a number, found \(node.kindDescription)"))
    }
    return NumberSyntax.parse(scalar.value)
  }

  static func fontFamily(_ node: SyntaxNode, warnings: ValueWarnings) -> Swift.Result<[String], ValueProblem>
  {
    switch node {
    case .scalar(let scalar) where scalar.value.contains(","):
      // A CSS font stack in one string (Primer's, Style Dictionary's): the list it means.
      let names = scalar.value.split(separator: ",").map { name in
        var name = name.trimmingCharacters(in: .whitespaces)
        if name.count >= 2, let first = name.first, first == "\"" || first == "'", name.last == first {
          name = String(name.dropFirst().dropLast())
        }
        return name
      }.filter { !$0.isEmpty }
      guard !names.isEmpty else { return .failure(ValueProblem("'\(scalar.value)' names no font family")) }
      let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
      warnings.add(
        ValueProblem(
          "'\(scalar.value)' is a comma-separated font stack in one string; write it as a list, [\(list)] "
            + "(read as that list)", at: scalar.location))
      return .success(names)
    case .scalar(let scalar):
      return .success([scalar.value])
    case .sequence(let list) where list.items.isEmpty:
      return .failure(ValueProblem("the list of font families is empty"))
    case .sequence(let list):
      var names: [String] = []
      for item in list.items {
        guard case .scalar(let scalar) = item, !scalar.value.isEmpty else {
          return .failure(
            ValueProblem("each font family must be a name, found \(item.kindDescription)", at: item.location))
        }
        names.append(scalar.value)
      }
      return .success(names)
    default:
      return .failure(
        ValueProblem("expected a font family name or a list of names, found \(node.kindDescription)"))
    }
  }

  /// DTCG's named weights, as CSS Fonts numbers them.
  static let namedWeights: [String: Double] = [
    "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400,
    "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700,
    "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
  ]

  static func fontWeight(_ node: SyntaxNode) -> Swift.Result<Double, ValueProblem> {
    guard case .scalar(let scalar) = node else {
      return .failure(ValueProblem("expected a font weight, found \(node.kindDescription)"))
    }
    if let weight = namedWeights[scalar.value] { return .success(weight) }
    guard scalar.style == .plain, case .success(let weight) = NumberSyntax.parse(scalar.value) else {
      let suggestion = Suggestion.closest(to: scalar.value, in: namedWeights.keys.sorted())
      let hint =
        suggestion.map { "; did you mean '\($0)'?" } ?? " (a number from 1 to 1000 or a name such as 'bold')"
      return .failure(ValueProblem("'\(scalar.value)' is not a font weight\(hint)"))
    }
    guard weight >= 1 && weight <= 1000 else {
      return .failure(ValueProblem("font weight \(scalar.value) is out of range 1 to 1000"))
    }
    return .success(weight)
  }
}
