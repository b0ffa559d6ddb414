import EBTokensModel
import EBTokensSupport
import EBTokensSyntax

/// A digest of everything a resolved token carries (its name, type, value in every mode, where it
/// is written, its reference, description, deprecation and extensions), the same in every process:
/// the incremental build compares an output's tokens by their digests to know whether rendering it
/// again can give other bytes (see ``OutputInputs``).
///
/// Every field goes in, with its length or a tag before it, so two different tokens never write
/// the same bytes; numbers go in as their bit patterns, so no rounding hides a change.
struct TokenDigestWriter: ~Copyable {
  /// The bytes written: a buffer rather than an array, whose every append of a few bytes took
  /// about a hundred instructions, a dozen times for each token.
  private var buffer = ByteBuffer(capacity: 256)
  /// The path of the file of the last location added.
  private var paths = SourceFiles.LastPath()

  init() {}

  /// The bytes written, in an array of their own.
  var bytes: [UInt8] { buffer.array() }

  mutating func reset() { buffer.removeAll() }

  var digest: UInt64 { buffer.withUnsafeBytes { ContentHash.xxh64($0) } }

  mutating func add(_ value: UInt64) { buffer.append(littleEndian: value) }

  mutating func add(_ value: Int) { add(UInt64(bitPattern: Int64(value))) }
  mutating func add(_ value: Double) { add(value.bitPattern) }
  mutating func add(_ flag: Bool) { buffer.append(flag ? 1 : 0) }

  mutating func add(_ text: String) {
    add(text.utf8.count)
    buffer.append(text)
  }

  mutating func add(_ texts: [String]) {
    add(texts.count)
    for text in texts { add(text) }
  }

  /// A tag that says which field or case comes next.
  mutating func tag(_ value: UInt8) { buffer.append(value) }

  mutating func add(_ location: SourceLocation) {
    // A token's two locations, and the tokens digested one after another, are mostly in one file.
    add(paths.file(of: location))
    add(location.line)
    add(location.column)
  }

  mutating func add(_ token: Token) {
    add(token.name)
    add(token.type.rawValue)
    add(token.value)
    add(token.location)
    add(token.valueLocation)
    if let reference = token.reference {
      tag(1)
      add(reference)
    } else {
      tag(0)
    }
    if let description = token.description {
      tag(1)
      add(description)
    } else {
      tag(0)
    }
    switch token.deprecation {
    case nil: tag(0)
    case .deprecated?: tag(1)
    case .message(let message)?:
      tag(2)
      add(message)
    }
    add(token.extensions)
    add(token.componentReferences.count)
    for component in token.componentReferences {
      add(component.path)
      add(component.reference)
    }
  }

  mutating func add(_ reference: TokenReference) {
    add(reference.target.name)
    if let factor = reference.alphaFactor {
      tag(1)
      add(factor)
    } else {
      tag(0)
    }
  }

  mutating func add(_ node: SyntaxNode?) {
    switch node {
    case nil: tag(0)
    case .scalar(let scalar)?:
      tag(1)
      add(scalar.value)
      add(scalar.isQuoted)
    case .mapping(let mapping)?:
      tag(2)
      add(mapping.entries.count)
      for entry in mapping.entries {
        add(entry.key.value)
        add(entry.value)
      }
    case .sequence(let sequence)?:
      tag(3)
      add(sequence.items.count)
      for item in sequence.items { add(item) }
    }
  }

  mutating func add(_ value: TokenValue) {
    switch value {
    case .color(let color):
      tag(1)
      add(color)
    case .dimension(let dimension):
      tag(2)
      add(dimension)
    case .number(let number):
      tag(3)
      add(number)
    case .fontFamily(let families):
      tag(4)
      add(families)
    case .fontWeight(let weight):
      tag(5)
      add(weight)
    case .duration(let duration):
      tag(6)
      add(duration)
    case .strokeStyle(let style):
      tag(7)
      add(style)
    case .border(let border):
      tag(8)
      add(border.color)
      add(border.width)
      add(border.style)
    case .shadow(let layers):
      tag(9)
      add(layers.count)
      for shadow in layers {
        add(shadow.color)
        add(shadow.offsetX)
        add(shadow.offsetY)
        add(shadow.blur)
        add(shadow.spread)
        add(shadow.inset)
      }
    case .typography(let typography):
      tag(10)
      add(typography.fontFamily)
      add(typography.fontSize)
      add(typography.fontWeight)
      add(typography.letterSpacing)
      add(typography.lineHeight)
    case .cubicBezier(let curve):
      tag(11)
      add(curve)
    case .transition(let transition):
      tag(12)
      add(transition.duration)
      add(transition.delay)
      add(transition.timingFunction)
    case .gradient(let stops):
      tag(13)
      add(stops.count)
      for stop in stops {
        add(stop.color)
        add(stop.position)
      }
    }
  }

  private mutating func add(_ color: Color) {
    add(color.red)
    add(color.green)
    add(color.blue)
    add(color.alpha)
    guard let wide = color.wideGamut else { return tag(0) }
    tag(1)
    add(wide.space.rawValue)
    add(wide.components.count)
    for component in wide.components { add(component) }
    add(wide.displayP3.count)
    for component in wide.displayP3 { add(component) }
    add(wide.isOutsideDisplayP3)
  }

  private mutating func add(_ dimension: Dimension) {
    add(dimension.value)
    add(dimension.unit.rawValue)
  }

  private mutating func add(_ duration: Duration) {
    add(duration.value)
    add(duration.unit.rawValue)
  }

  private mutating func add(_ curve: CubicBezier) {
    for point in curve.points { add(point) }
  }

  private mutating func add(_ style: StrokeStyle) {
    switch style {
    case .keyword(let keyword):
      tag(1)
      add(keyword.rawValue)
    case .dashes(let lengths, let lineCap):
      tag(2)
      add(lengths.count)
      for length in lengths { add(length) }
      add(lineCap.rawValue)
    }
  }
}

/// The digest of each token of a set, in every mode, in the set's order; and of what every output
/// of the set shares (the mode names and the groups' descriptions and extensions).
struct TokenDigests: Sendable {
  /// By position in ``/EBTokensModel/ModalTokenSet/tokens``.
  let tokens: [UInt64]
  let shared: UInt64

  /// - Parameter previous: The digests of an earlier set: a token that is the very object it was
  ///   there, at the same position, keeps its digest (tokens are immutable).
  init(_ set: ModalTokenSet, reusing previous: (set: ModalTokenSet, digests: TokenDigests)? = nil) {
    var writer = TokenDigestWriter()
    var digests: [UInt64] = []
    digests.reserveCapacity(set.tokens.count)
    let reusable = previous.flatMap { previous in
      !set.hasModes && !previous.set.hasModes && previous.set.tokens.count == set.tokens.count
        ? previous : nil
    }
    if !set.hasModes {
      // Without modes, each set's tokens are its only mode's, read in place: a modal token made of
      // each of a hundred thousand costs more than the comparison of the kept ones. Without an
      // earlier set to reuse, `before` is empty and every token is digested.
      let before = reusable?.set.firstTokens ?? []
      let kept = reusable?.digests.tokens ?? []
      set.firstTokens.withUnsafeBufferPointer { tokens in
        before.withUnsafeBufferPointer { before in
          kept.withUnsafeBufferPointer { kept in
            for index in tokens.indices {
              if index < before.count, before[index] === tokens[index] {
                digests.append(kept[index])
                continue
              }
              writer.reset()
              writer.add(tokens[index])
              digests.append(writer.digest)
            }
          }
        }
      }
    } else {
      for token in set.tokens {
        writer.reset()
        for byMode in token.byMode { writer.add(byMode) }
        digests.append(writer.digest)
      }
    }
    tokens = digests
    writer.reset()
    writer.add(set.modes)
    for tokens in set.sets {
      writer.add(tokens.groups.count)
      for name in tokens.groups.keys.sorted() {
        writer.add(name)
        let group = tokens.groups[name]
        writer.add(group?.description ?? "")
        writer.add(group?.description != nil)
        writer.add(group?.extensions)
      }
    }
    shared = writer.digest
  }
}
