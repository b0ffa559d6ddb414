/// A template that does not compile: what is wrong, and the byte offset of the tag (or name)
/// it is wrong at.
struct MustacheParseError: Error, Equatable {
  let problem: String
  let offset: Int
}

/// Compiles a Mustache template (https://mustache.github.io/mustache.5.html, and the rules of
/// the spec's test suite) into ``MustacheNode``s in one pass over its UTF-8 bytes.
///
/// Sections are kept on an explicit stack, never by recursion, so no template can exhaust the
/// thread's stack while it is compiled; more than ``maxNesting`` open sections are an error at
/// the tag. Whitespace follows the spec: a section, inverted section, closing, comment, partial
/// or set-delimiter tag alone on its line (but for spaces and tabs) is *standalone*, and its
/// whole line, line ending included, is removed; a standalone partial indents every line of
/// the partial by the spaces before it.
struct MustacheParser {
  /// Far deeper than any template needs (the built-in ones nest four sections).
  static let maxNesting = 64

  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")

  private let bytes: [UInt8]
  /// Template name → index in the library, for `{{> name}}`.
  private let partials: [String: Int]
  private var openDelimiter: [UInt8] = Array("{{".utf8)
  private var closeDelimiter: [UInt8] = Array("}}".utf8)
  /// Where the text not yet made a node starts.
  private var textStart = 0
  /// Whether what comes next starts a line of the template (see ``MustacheText/lineStarts``).
  private var atLineStart = true
  private var nodes: [MustacheNode] = []
  private var sections: [OpenSection] = []
  private var includes: [MustacheInclude] = []
  /// Counts lines up to each include, which come in order.
  private var includeLines = LineCounter()

  private struct OpenSection {
    let name: MustacheName
    let isInverted: Bool
    let tagOffset: Int
    /// The nodes of the enclosing list, resumed when the section closes.
    let enclosing: [MustacheNode]
  }

  /// Compiles `text`; `partials` names every template a `{{> name}}` may include.
  static func parse(_ text: String, partials: [String: Int]) throws(MustacheParseError) -> MustacheTemplate {
    var parser = MustacheParser(bytes: Array(text.utf8), partials: partials)
    return try parser.parse()
  }

  private init(bytes: [UInt8], partials: [String: Int]) {
    self.bytes = bytes
    self.partials = partials
  }

  private mutating func parse() throws(MustacheParseError) -> MustacheTemplate {
    var position = 0
    while let tagStart = find(openDelimiter, from: position) {
      let sigilOffset = tagStart + openDelimiter.count
      let sigil = sigilOffset < bytes.count ? bytes[sigilOffset] : 0
      let hasSigil = Array("#^/!>=<$%{&".utf8).contains(sigil)
      let terminator =
        sigil == UInt8(ascii: "{")
        ? [UInt8(ascii: "}")] + closeDelimiter
        : sigil == UInt8(ascii: "=") ? [UInt8(ascii: "=")] + closeDelimiter : closeDelimiter
      let contentStart = sigilOffset + (hasSigil ? 1 : 0)
      guard let contentEnd = find(terminator, from: contentStart) else {
        throw unfinishedTag(at: tagStart)
      }
      let tagEnd = contentEnd + terminator.count
      let content = bytes[contentStart..<contentEnd]
      // A tag whose content holds a line break or another tag's opening ran into what follows.
      if sigil != UInt8(ascii: "!"),
        content.contains(Self.newline) || find(openDelimiter, in: content) != nil
      {
        throw unfinishedTag(at: tagStart)
      }

      let canStandAlone = hasSigil && !"{&".utf8.contains(sigil)
      if canStandAlone, let line = standaloneLine(tagStart: tagStart, tagEnd: tagEnd) {
        flushText(upTo: line.start)
        textStart = line.end
        atLineStart = true
        position = line.end
        try handle(
          sigil: sigil, content: content, tagStart: tagStart, indent: Array(bytes[line.start..<tagStart]))
      } else {
        flushText(upTo: tagStart)
        textStart = tagEnd
        position = tagEnd
        if atLineStart {
          nodes.append(.text(MustacheText(bytes: [], lineStarts: [0])))
          atLineStart = false
        }
        try handle(sigil: hasSigil ? sigil : 0, content: content, tagStart: tagStart, indent: [])
      }
    }
    flushText(upTo: bytes.count)
    if let open = sections.last {
      throw MustacheParseError(
        problem: "a section is never closed; add its '\(text(openDelimiter))/\(open.name.text)"
          + "\(text(closeDelimiter))'",
        offset: open.tagOffset)
    }
    return MustacheTemplate(nodes: nodes, includes: includes)
  }

  /// One tag: `sigil` is 0 for a variable.
  private mutating func handle(
    sigil: UInt8, content: ArraySlice<UInt8>, tagStart: Int, indent: [UInt8]
  ) throws(MustacheParseError) {
    switch sigil {
    case UInt8(ascii: "!"):
      break
    case UInt8(ascii: "="):
      let parts = text(content).split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
        throw MustacheParseError(
          problem: "invalid set-delimiter tag; write '\(text(openDelimiter))=<% %>=\(text(closeDelimiter))'",
          offset: tagStart)
      }
      openDelimiter = Array(parts[0].utf8)
      closeDelimiter = Array(parts[1].utf8)
    case UInt8(ascii: "#"), UInt8(ascii: "^"):
      let name = try self.name(content, tagStart: tagStart)
      guard sections.count < Self.maxNesting else {
        throw MustacheParseError(
          problem: "sections are nested more than \(Self.maxNesting) deep", offset: tagStart)
      }
      sections.append(
        OpenSection(name: name, isInverted: sigil == UInt8(ascii: "^"), tagOffset: tagStart, enclosing: nodes)
      )
      nodes = []
    case UInt8(ascii: "/"):
      let written = trimmed(content)
      guard let open = sections.last, open.name.text == text(written) else {
        throw MustacheParseError(
          problem: "this closing tag does not match the section it closes",
          offset: written.isEmpty ? tagStart : written.startIndex)
      }
      sections.removeLast()
      let children = nodes
      nodes = open.enclosing
      nodes.append(open.isInverted ? .invertedSection(open.name, children) : .section(open.name, children))
    case UInt8(ascii: ">"):
      var written = trimmed(content)
      let isDynamic = written.first == UInt8(ascii: "*")
      if isDynamic { written = trimmed(written.dropFirst()) }
      guard !written.isEmpty, !written.contains(where: { $0 == 32 || $0 == 9 }) else {
        throw MustacheParseError(problem: "a partial tag needs one name: '{{> name}}'", offset: tagStart)
      }
      let name = text(written)
      let (line, column) = includeLines.advance(to: tagStart, in: bytes)
      includes.append(
        MustacheInclude(
          name: isDynamic ? nil : name,
          isGuarded: sections.contains { !$0.isInverted && $0.name.looksUpAField },
          line: line, column: column))
      if isDynamic {
        nodes.append(.dynamicPartial(try self.name(written, tagStart: tagStart), indent: indent))
      } else {
        nodes.append(.partial(partials[name], indent: indent))
      }
    case UInt8(ascii: "<"), UInt8(ascii: "$"):
      throw MustacheParseError(
        problem: "template inheritance ('{{<parent}}', '{{$block}}') is not supported; use partials",
        offset: tagStart)
    case UInt8(ascii: "%"):
      throw MustacheParseError(problem: "pragmas ('{{%…}}') are not supported", offset: tagStart)
    default:
      nodes.append(.variable(try name(content, tagStart: tagStart)))
    }
  }

  /// The line around a tag that can stand alone, when it does: `start` is where the line's
  /// spaces before the tag start, `end` is past the line's end (or the template's).
  private func standaloneLine(tagStart: Int, tagEnd: Int) -> (start: Int, end: Int)? {
    var start = tagStart
    while start > 0, bytes[start - 1] == 32 || bytes[start - 1] == 9 { start -= 1 }
    guard start == 0 || bytes[start - 1] == Self.newline else { return nil }
    var end = tagEnd
    while end < bytes.count, bytes[end] == 32 || bytes[end] == 9 { end += 1 }
    if end == bytes.count { return (start, end) }
    if bytes[end] == Self.newline { return (start, end + 1) }
    if bytes[end] == Self.carriageReturn, end + 1 < bytes.count, bytes[end + 1] == Self.newline {
      return (start, end + 2)
    }
    return nil
  }

  /// Makes the text from `textStart` to `end` a node, noting where its lines start.
  private mutating func flushText(upTo end: Int) {
    guard end > textStart else { return }
    var lineStarts: [Int] = atLineStart ? [0] : []
    for offset in textStart..<(end - 1) where bytes[offset] == Self.newline {
      lineStarts.append(offset + 1 - textStart)
    }
    atLineStart = bytes[end - 1] == Self.newline
    nodes.append(.text(MustacheText(bytes: Array(bytes[textStart..<end]), lineStarts: lineStarts)))
  }

  /// Parses a tag's name: `a`, `a.b`, `.`, or transforms of one, `empty(a)`, `first()`.
  private func name(_ content: ArraySlice<UInt8>, tagStart: Int) throws(MustacheParseError) -> MustacheName {
    let written = text(trimmed(content))
    var transforms: [MustacheTransform] = []
    var inner = Substring(written)
    while let open = inner.firstIndex(of: "(") {
      guard inner.last == ")" else { throw invalidName(written, at: tagStart) }
      let transformName = inner[..<open]
      guard let transform = MustacheTransform(rawValue: String(transformName)) else {
        throw MustacheParseError(
          problem: "unknown transform '\(transformName)'; the transforms are "
            + MustacheTransform.allCases.map(\.rawValue).joined(separator: ", "),
          offset: tagStart)
      }
      transforms.insert(transform, at: 0)
      inner = inner[inner.index(after: open)..<inner.index(before: inner.endIndex)]
    }
    let base: MustacheName.Base
    if inner == "." {
      base = .current
    } else if inner.isEmpty {
      guard !transforms.isEmpty else {
        throw MustacheParseError(problem: "a tag has no name", offset: tagStart)
      }
      base = .position
    } else {
      let components = inner.split(separator: ".", omittingEmptySubsequences: false)
      guard components.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isNameByte) }) else {
        throw invalidName(written, at: tagStart)
      }
      return MustacheName(
        base: .path, path: components.map { TemplateKey(String($0)) }, transforms: transforms, text: written)
    }
    return MustacheName(base: base, transforms: transforms, text: written)
  }

  /// Letters, digits, `-`, `_`, `?` and `*`, and anything not ASCII.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"),
      UInt8(ascii: "*"), 0x80...:
      return true
    default:
      return false
    }
  }

  private func invalidName(_ written: String, at offset: Int) -> MustacheParseError {
    MustacheParseError(
      problem: "'\(written)' is not a name: write a field (name), a dotted path (a.b), '.' or a "
        + "transform of one (empty(name))",
      offset: offset)
  }

  private func unfinishedTag(at offset: Int) -> MustacheParseError {
    MustacheParseError(
      problem: "a tag is not finished; close it with '\(text(closeDelimiter))'", offset: offset)
  }

  private func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = slice
    while let first = slice.first, first == 32 || first == 9 { slice = slice.dropFirst() }
    while let last = slice.last, last == 32 || last == 9 { slice = slice.dropLast() }
    return slice
  }

  private func text(_ slice: some Collection<UInt8>) -> String {
    String(decoding: slice, as: UTF8.self)
  }

  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    find(needle, in: bytes[start...])
  }

  /// The offset of the first `needle` in `haystack`.
  private func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard let head = needle.first, needle.count <= haystack.count else { return nil }
    var offset = haystack.startIndex
    let last = haystack.endIndex - needle.count
    while offset <= last {
      if haystack[offset] == head, haystack[offset..<(offset + needle.count)].elementsEqual(needle) {
        return offset
      }
      offset += 1
    }
    return nil
  }

  /// The 1-based line and column (in Unicode scalars) of byte `offset` of `bytes`.
  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var counter = LineCounter()
    return counter.advance(to: offset, in: bytes)
  }
}

/// Lines and columns of ascending byte offsets, each counted from the one before.
private struct LineCounter {
  private var offset = 0
  private var line = 1
  private var column = 1

  /// The 1-based line and column (in Unicode scalars) of `offset`, at or after the last one.
  mutating func advance(to target: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    while offset < min(target, bytes.count) {
      if bytes[offset] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if bytes[offset] & 0xC0 != 0x80 {
        column += 1
      }
      offset += 1
    }
    return (line, column)
  }
}
