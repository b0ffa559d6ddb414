import EBTokensModel
import EBTokensSupport
import EBTokensSyntax

/// The resolved values of the tokens that the sub-values of a composite value reference.
package struct ReferenceLookup: Sendable {
  package init(value: @escaping @Sendable (TokenPath) -> TokenValue?) {
    self.value = value
  }

  let value: @Sendable (TokenPath) -> TokenValue?

  /// For values that reference nothing.
  package static let none = ReferenceLookup { _ in nil }
}

/// Where a composite value references another token: `"{font.family.primary}"` as its
/// `fontFamily`, or `"{color.black} @ 20%"` as a shadow's color (the YAML alpha modifier).
package struct ComponentReferenceSite {
  package let path: [String]
  package let target: TokenPath
  /// The `@ NN%` factor; `nil` when there is none, or when it is malformed (parsing reports it).
  package let alphaFactor: Double?
  package let location: SourceLocation
}

/// Composite values (format module § 9): typography, shadow (one or a list), border, stroke
/// style, transition and gradient. Every sub-value is a literal of its type or a reference to a token of that type, and
/// every problem is reported at the sub-value: the whole structure is checked, unknown and missing
/// fields included, since DTCG defines each composite's fields exactly.
///
/// References are resolved before the value is parsed (the resolver treats them as dependencies,
/// see ``references(in:)``), so parsing only looks their values up.
package enum CompositeValueParser {
  static let typographyFields = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"]
  static let shadowFields = ["color", "offsetX", "offsetY", "blur", "spread", "inset"]
  static let borderFields = ["color", "width", "style"]
  static let strokeFields = ["dashArray", "lineCap"]
  static let transitionFields = ["duration", "delay", "timingFunction"]
  static let gradientStopFields = ["color", "position"]

  /// The fields of an object value of `type`; `nil` for a type whose values are not objects.
  package static func fields(of type: TokenType) -> [String]? {
    switch type {
    case .typography: return typographyFields
    case .shadow: return shadowFields
    case .border: return borderFields
    case .strokeStyle: return strokeFields
    case .transition: return transitionFields
    case .color, .dimension, .number, .fontFamily, .fontWeight, .duration, .cubicBezier, .gradient: return nil
    }
  }

  /// `body`'s value, or the problem it throws.
  static func catching<T>(_ body: () throws(ValueProblem) -> T) -> Swift.Result<T, ValueProblem> {
    do {
      return .success(try body())
    } catch {
      return .failure(error)
    }
  }

  // MARK: Types

  static func typography(_ node: SyntaxNode, lookup: ReferenceLookup, warnings: ValueWarnings)
    throws(ValueProblem) -> Typography
  {
    let fields = try object(
      node, kind: "typography", fields: typographyFields, optional: [], warnings: warnings)
    let size = try field(fields["fontSize"], "fontSize", .dimension, lookup, ValueParser.dimension) {
      if case .dimension(let value) = $0 { value } else { nil }
    }
    try require(size.value > 0, "fontSize must be more than 0", at: fields["fontSize"])
    let lineHeight = try lineHeight(fields["lineHeight"], fontSize: size, lookup: lookup, warnings: warnings)
    try require(
      lineHeight > 0, "lineHeight (a multiple of fontSize) must be more than 0", at: fields["lineHeight"])
    return Typography(
      fontFamily: try field(
        fields["fontFamily"], "fontFamily", .fontFamily, lookup,
        { ValueParser.fontFamily($0, warnings: warnings) }
      ) {
        if case .fontFamily(let value) = $0 { value } else { nil }
      },
      fontSize: size,
      fontWeight: try field(fields["fontWeight"], "fontWeight", .fontWeight, lookup, ValueParser.fontWeight) {
        if case .fontWeight(let value) = $0 { value } else { nil }
      },
      letterSpacing: try field(
        fields["letterSpacing"], "letterSpacing", .dimension, lookup, ValueParser.dimension
      ) {
        if case .dimension(let value) = $0 { value } else { nil }
      },
      lineHeight: lineHeight)
  }

  /// A typography's `lineHeight`: a number, the multiple of `fontSize` (format module § 9.8). Some
  /// tools write an absolute line height instead, a dimension (Terrazzo's own tokens do): it is
  /// read as its ratio to `fontSize`, with a warning, rather than refusing the whole set.
  private static func lineHeight(
    _ node: SyntaxNode?, fontSize: Dimension, lookup: ReferenceLookup, warnings: ValueWarnings
  ) throws(ValueProblem) -> Double {
    if let node, case .mapping(let mapping) = node, mapping["unit"] != nil,
      case .success(let dimension) = ValueParser.dimension(node)
    {
      let ratio = dimension.points / fontSize.points
      warnings.add(
        ValueProblem(
          "lineHeight is a dimension, \(dimension); DTCG 2025.10 makes it a number, a multiple of fontSize "
            + "(read as \(dimension) / \(fontSize) = \(NumberFormatting.shortest(ratio)))",
          at: node.location))
      return ratio
    }
    return try field(node, "lineHeight", .number, lookup, ValueParser.number) {
      if case .number(let value) = $0 { value } else { nil }
    }
  }

  /// One shadow, or a list of shadows and references to single shadows (DTCG does not flatten a
  /// referenced list into another).
  static func shadow(_ node: SyntaxNode, lookup: ReferenceLookup, warnings: ValueWarnings)
    throws(ValueProblem) -> [Shadow]
  {
    guard case .sequence(let list) = node else {
      return [try shadowObject(node, lookup: lookup, warnings: warnings)]
    }
    guard !list.items.isEmpty else {
      throw ValueProblem("a list of shadows needs at least one shadow", at: list.location)
    }
    var shadows: [Shadow] = []
    for item in list.items {
      guard case .scalar(let scalar) = item, scalar.value.hasPrefix("{") else {
        shadows.append(try shadowObject(item, lookup: lookup, warnings: warnings))
        continue
      }
      let layers = try referenced(scalar, "an entry of the shadow list", .shadow, lookup) {
        if case .shadow(let value) = $0 { value } else { nil }
      }
      guard layers.count == 1 else {
        throw ValueProblem(
          "'\(scalar.value)' is a list of \(layers.count) shadows; an entry of a shadow list is one shadow "
            + "(DTCG does not flatten lists)",
          at: scalar.location)
      }
      shadows.append(layers[0])
    }
    return shadows
  }

  static func border(_ node: SyntaxNode, lookup: ReferenceLookup, warnings: ValueWarnings)
    throws(ValueProblem) -> Border
  {
    let fields = try object(node, kind: "border", fields: borderFields, optional: [], warnings: warnings)
    let width = try field(fields["width"], "width", .dimension, lookup, ValueParser.dimension) {
      if case .dimension(let value) = $0 { value } else { nil }
    }
    try require(width.value >= 0, "width cannot be negative", at: fields["width"])
    return Border(
      color: try field(
        fields["color"], "color", .color, lookup, { ValueParser.color($0, warnings: warnings) }
      ) {
        if case .color(let value) = $0 { value } else { nil }
      },
      width: width,
      style: try field(
        fields["style"], "style", .strokeStyle, lookup,
        { node in
          catching { () throws(ValueProblem) in try strokeStyle(node, lookup: lookup, warnings: warnings) }
        }
      ) {
        if case .strokeStyle(let value) = $0 { value } else { nil }
      })
  }

  /// A line-style keyword (`solid`, `dashed`…), or `{dashArray: [...], lineCap: round}`.
  static func strokeStyle(_ node: SyntaxNode, lookup: ReferenceLookup, warnings: ValueWarnings)
    throws(ValueProblem) -> StrokeStyle
  {
    if case .scalar(let scalar) = node {
      guard let keyword = StrokeStyle.Keyword(rawValue: scalar.value) else {
        let names = StrokeStyle.Keyword.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: scalar.value, in: names).map { "; did you mean '\($0)'?" }
        throw ValueProblem(
          "'\(scalar.value)' is not a stroke style"
            + (hint ?? " (use \(names.joined(separator: ", ")), or an object with dashArray and lineCap)"),
          at: scalar.location)
      }
      return .keyword(keyword)
    }
    let fields = try object(
      node, kind: "stroke style", fields: strokeFields, optional: [], warnings: warnings)
    guard let lengthsNode = fields["dashArray"], case .sequence(let list) = lengthsNode, !list.items.isEmpty
    else {
      throw ValueProblem(
        "dashArray must be a list of one or more dimensions", at: fields["dashArray"]?.location)
    }
    var lengths: [Dimension] = []
    for (index, item) in list.items.enumerated() {
      let length = try field(item, "dashArray[\(index)]", .dimension, lookup, ValueParser.dimension) {
        if case .dimension(let value) = $0 { value } else { nil }
      }
      try require(length.value >= 0, "a dash or gap cannot be negative", at: item)
      lengths.append(length)
    }
    guard case .scalar(let capNode)? = fields["lineCap"],
      let cap = StrokeStyle.LineCap(rawValue: capNode.value)
    else {
      throw ValueProblem("lineCap must be round, butt or square", at: fields["lineCap"]?.location)
    }
    return .dashes(lengths, lineCap: cap)
  }

  /// `{duration, delay, timingFunction}`: two durations and a cubic Bézier (format module § 9.5).
  static func transition(_ node: SyntaxNode, lookup: ReferenceLookup, warnings: ValueWarnings)
    throws(ValueProblem)
    -> Transition
  {
    let fields = try object(
      node, kind: "transition", fields: transitionFields, optional: [], warnings: warnings)
    func duration(_ name: String) throws(ValueProblem) -> Duration {
      try field(fields[name], name, .duration, lookup, ValueParser.duration) {
        if case .duration(let value) = $0 { value } else { nil }
      }
    }
    return Transition(
      duration: try duration("duration"), delay: try duration("delay"),
      timingFunction: try field(
        fields["timingFunction"], "timingFunction", .cubicBezier, lookup, ValueParser.cubicBezier
      ) {
        if case .cubicBezier(let value) = $0 { value } else { nil }
      })
  }

  /// A list of one or more stops `{color, position}` (format module § 9.7); a position outside 0
  /// to 1 is clamped, as the format module says.
  static func gradient(_ node: SyntaxNode, lookup: ReferenceLookup, warnings: ValueWarnings)
    throws(ValueProblem)
    -> [GradientStop]
  {
    guard case .sequence(let list) = node, !list.items.isEmpty else {
      let found = if case .sequence = node { "an empty list" } else { node.kindDescription }
      throw ValueProblem(
        "a gradient is a list of one or more stops, each an object with color and position, found \(found)",
        at: node.location)
    }
    var stops: [GradientStop] = []
    for (index, item) in list.items.enumerated() {
      let fields = try object(
        item, kind: "gradient stop", fields: gradientStopFields, optional: [], warnings: warnings)
      stops.append(
        GradientStop(
          color: try field(
            fields["color"], "stop \(index) color", .color, lookup,
            { ValueParser.color($0, warnings: warnings) }
          ) {
            if case .color(let value) = $0 { value } else { nil }
          },
          position: try field(
            fields["position"], "stop \(index) position", .number, lookup, ValueParser.number
          ) {
            if case .number(let value) = $0 { value } else { nil }
          }))
    }
    return stops
  }

  private static func shadowObject(_ node: SyntaxNode, lookup: ReferenceLookup, warnings: ValueWarnings)
    throws(ValueProblem) -> Shadow
  {
    let fields = try object(
      node, kind: "shadow", fields: shadowFields, optional: ["inset"], warnings: warnings)
    func dimension(_ name: String) throws(ValueProblem) -> Dimension {
      try field(fields[name], name, .dimension, lookup, ValueParser.dimension) {
        if case .dimension(let value) = $0 { value } else { nil }
      }
    }
    let blur = try dimension("blur")
    try require(blur.value >= 0, "blur cannot be negative", at: fields["blur"])
    var inset = false
    if let node = fields["inset"] {
      guard case .scalar(let scalar) = node, let flag = scalar.boolValue else {
        throw ValueProblem("inset must be true or false, found \(node.kindDescription)", at: node.location)
      }
      inset = flag
    }
    return Shadow(
      color: try field(
        fields["color"], "color", .color, lookup, { ValueParser.color($0, warnings: warnings) }
      ) {
        if case .color(let value) = $0 { value } else { nil }
      },
      offsetX: try dimension("offsetX"), offsetY: try dimension("offsetY"), blur: blur,
      spread: try dimension("spread"), inset: inset)
  }

  // MARK: Fields

  /// The fields of a composite object by name, after checking that every field but the `optional`
  /// ones is there. A member the format module does not define (Terrazzo's
  /// `fontVariationSettings`, say) is a warning, and ignored.
  private static func object(
    _ node: SyntaxNode, kind: String, fields: [String], optional: [String], warnings: ValueWarnings
  ) throws(ValueProblem) -> [String: SyntaxNode] {
    guard case .mapping(let mapping) = node else {
      throw ValueProblem(
        "a \(kind) value is an object with \(fields.joined(separator: ", ")), found \(node.kindDescription)",
        at: node.location)
    }
    for unknown in mapping.entries where !fields.contains(unknown.key.value) {
      let hint = Suggestion.closest(to: unknown.key.value, in: fields).map { "; did you mean '\($0)'?" }
      warnings.add(
        ValueProblem(
          "'\(unknown.key.value)' is not a member of a \(kind) value in DTCG 2025.10 (ignored)"
            + (hint ?? "; a \(kind) has \(fields.joined(separator: ", "))"),
          at: unknown.key.location))
    }
    let missing = fields.filter { mapping[$0] == nil && !optional.contains($0) }
    guard missing.isEmpty else {
      throw ValueProblem(
        "a \(kind) value needs \(missing.map { "'\($0)'" }.joined(separator: ", "))", at: mapping.location)
    }
    var result: [String: SyntaxNode] = [:]
    for entry in mapping.entries { result[entry.key.value] = entry.value }
    return result
  }

  /// A sub-value of `type`: a reference to a token of that type (`extract` takes its value), or a
  /// literal (`literal` parses it). Errors are at the sub-value, named by `name`.
  private static func field<T>(
    _ node: SyntaxNode?, _ name: String, _ type: TokenType, _ lookup: ReferenceLookup,
    _ literal: (SyntaxNode) -> Swift.Result<T, ValueProblem>, extract: (TokenValue) -> T?
  ) throws(ValueProblem) -> T {
    guard let node else { throw ValueProblem("\(name) is missing") }
    if case .scalar(let scalar) = node, scalar.value.hasPrefix("{") {
      return try referenced(scalar, name, type, lookup, extract: extract)
    }
    switch literal(node) {
    case .success(let value): return value
    case .failure(let problem):
      throw ValueProblem("\(name): \(problem.message)", at: problem.location ?? node.location)
    }
  }

  /// The value of the token `scalar` references, as `type` (`extract` takes it out).
  private static func referenced<T>(
    _ scalar: SyntaxScalar, _ name: String, _ type: TokenType, _ lookup: ReferenceLookup,
    extract: (TokenValue) -> T?
  ) throws(ValueProblem) -> T {
    let (target, factor) = try reference(scalar)
    guard var value = lookup.value(target) else {
      throw ValueProblem("\(name) references '{\(target.name)}', which has no value", at: scalar.location)
    }
    if let factor {
      guard case .color(let color) = value else {
        throw ValueProblem(
          "\(name) references a \(value.type.rawValue); an alpha modifier ('@ NN%') applies only to colors",
          at: scalar.location)
      }
      value = .color(color.withAlpha(color.alpha * factor))
    }
    guard let extracted = extract(value) else {
      throw ValueProblem(
        "\(name) references '{\(target.name)}', which is a \(value.type.rawValue); it needs a \(type.rawValue)",
        at: scalar.location)
    }
    return extracted
  }

  private static func require(_ condition: Bool, _ message: String, at node: SyntaxNode?) throws(ValueProblem)
  {
    if !condition { throw ValueProblem(message, at: node?.location) }
  }

  // MARK: References

  /// Every reference in a composite value, for the resolver to resolve first and outputs to keep.
  package static func references(in node: SyntaxNode) -> [ComponentReferenceSite] {
    var sites: [ComponentReferenceSite] = []
    var pending: [(node: SyntaxNode, path: [String])] = [(node, [])]
    while let (next, path) = pending.popLast() {
      switch next {
      case .scalar(let scalar):
        guard scalar.value.hasPrefix("{"), let close = scalar.value.firstIndex(of: "}"),
          let target = CurlyReference.path(in: String(scalar.value[...close]))
        else { continue }
        let factor = try? reference(scalar).factor
        sites.append(
          ComponentReferenceSite(
            path: path, target: target, alphaFactor: factor ?? nil, location: scalar.location))
      case .sequence(let list):
        pending += list.items.enumerated().reversed().map { ($1, path + [String($0)]) }
      case .mapping(let mapping):
        pending += mapping.entries.reversed().map { ($0.value, path + [$0.key.value]) }
      }
    }
    return sites
  }

  /// `{a.b}`, or in YAML `{a.b} @ 80%`: the target and the alpha factor.
  private static func reference(_ scalar: SyntaxScalar) throws(ValueProblem) -> (
    target: TokenPath, factor: Double?
  ) {
    let text = scalar.value
    let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    let head = String(parts[0].reversed().drop { $0 == " " }.reversed())
    guard let target = CurlyReference.path(in: head) else {
      throw ValueProblem(
        "malformed reference '\(text)'; a reference is \"{group.token}\"", at: scalar.location)
    }
    guard parts.count == 2 else { return (target, nil) }
    let percent = parts[1].drop { $0 == " " }
    guard percent.hasSuffix("%"), NumberSyntax.isDecimal(percent.dropLast()),
      let value = Double(percent.dropLast()),
      value <= 100
    else {
      throw ValueProblem(
        "malformed alpha modifier in '\(text)'; write a percentage from 0 to 100, as in '@ 80%'",
        at: scalar.location)
    }
    return (target, value / 100)
  }
}
