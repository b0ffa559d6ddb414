internal import CYAML
import EBTokensSupport
import Foundation

/// Reads one YAML file into a ``SyntaxNode`` tree through libyaml's event API.
///
/// The tree is built with an explicit stack rather than recursion, so nesting
/// depth is bounded by ``/EBTokensSupport/Limits/maxDepth`` and never by the thread's stack.
/// Anchors, aliases, merge keys and tags are refused: token references do their
/// job without the expansion-bomb risk.
public struct YAMLReader: Sendable {
  public var limits: Limits

  public init(limits: Limits = .standard) {
    self.limits = limits
  }

  public struct Result: Sendable {
    /// `nil` when the file could not be read or had a syntax error; a file with
    /// only recoverable errors (a duplicate key, say) still yields its tree so
    /// later stages can report their errors in the same run.
    public let document: SyntaxDocument?
    public let errors: [YAMLError]
    /// The digest (XXH64) of the bytes read from the file, when it could be read: what a build's
    /// fingerprint covers (see `InputDigests`).
    public internal(set) var contentDigest: UInt64? = nil
  }

  /// Reads the file at `path`; `displayPath` is what locations will show.
  ///
  /// Only a regular file is read, and never more than ``/EBTokensSupport/Limits/maxFileBytes`` of it; a
  /// symbolic link only with `followingLinks` (see `FileContents`).
  public func read(path: String, displayPath: String, followingLinks: Bool = false) -> Result {
    switch FileContents.read(path, limit: limits.maxFileBytes, followingLinks: followingLinks) {
    case .bytes(let bytes):
      var result = read(bytes: bytes, path: displayPath)
      result.contentDigest = ContentHash.xxh64(bytes)
      return result
    case .tooLarge(let size):
      return Result(
        document: nil, errors: [.fileTooLarge(path: displayPath, bytes: size, limit: limits.maxFileBytes)])
    case .unreadable(let reason):
      return Result(document: nil, errors: [.unreadable(path: displayPath, reason: reason)])
    }
  }

  public func read(bytes: [UInt8], path: String) -> Result {
    if bytes.count > limits.maxFileBytes {
      return Result(
        document: nil, errors: [.fileTooLarge(path: path, bytes: bytes.count, limit: limits.maxFileBytes)])
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      return Result(
        document: nil,
        errors: [
          .unreadable(
            path: path, reason: "it is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8")
        ])
    }
    if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
      let location = UTF8Validation.location(ofByte: offset, in: bytes, file: path)
      return Result(document: nil, errors: [.notUTF8(byte: bytes[offset], at: location)])
    }
    var builder = TreeBuilder(path: path, maxDepth: limits.maxDepth)
    bytes.withUnsafeBufferPointer { buffer in
      builder.run(buffer)
    }
    return Result(
      document: builder.failed ? nil : SyntaxDocument(path: path, root: builder.root), errors: builder.errors)
  }
}

/// Turns libyaml events into nodes, one stack frame per open collection.
///
/// The entries of every open mapping (and the items of every open sequence) wait on one stack
/// shared by all, each collection's from where its frame says, and move into an array of their
/// exact size when the collection ends: one allocation per collection, where a frame object, an
/// array grown entry by entry and a list of keys took several. (A frame holding its own array as a
/// value, popped, changed and pushed back, would copy the array every time: quadratic in the size
/// of a mapping.)
private struct TreeBuilder {
  /// A stack whose top elements are moved off into an array of their own (``takeElements(from:)``).
  /// An `Array` can only copy a range out and then destroy it there: a retain and a release of
  /// every key and node of every file.
  private final class PendingStack<Element> {
    private var elements: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init() {
      capacity = 64
      elements = .allocate(capacity: capacity)
    }

    deinit {
      elements.deinitialize(count: count)
      elements.deallocate()
    }

    func append(_ element: consuming Element) {
      if count == capacity {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: elements, count: count)
        elements.deallocate()
        elements = grown
        capacity *= 2
      }
      (elements + count).initialize(to: element)
      count += 1
    }

    /// The elements from position `start` up, moved off the stack into an array of their own.
    func takeElements(from start: Int) -> [Element] {
      let taken = count - start
      let array = [Element](unsafeUninitializedCapacity: taken) { buffer, initialized in
        buffer.baseAddress?.moveInitialize(from: elements + start, count: taken)
        initialized = taken
      }
      count = start
      return array
    }
  }

  private struct Frame {
    let isMapping: Bool
    let location: SourceLocation
    /// Where the collection's entries start on `pendingEntries` (its items on `pendingItems`).
    let start: Int
    /// Where the mapping's keys start on `pendingKeys`.
    let keyStart: Int
    /// The key waiting for its value; `dropsValue` when the entry must not be kept
    /// (a merge key, a duplicate, or a key that was not a scalar).
    var pendingKey: SyntaxScalar?
    var dropsValue = false
    /// Where each key was first written, once the mapping has more than ``keyListLimit`` keys.
    var keyTable: [String: SourceLocation]?

    /// Matched rather than compared with `nil`, which copied the key (a retain and a release).
    var expectsKey: Bool {
      guard case .none = pendingKey else { return false }
      return !dropsValue
    }
  }

  /// Where each key of a mapping was first written, to catch a key written twice, is looked up in
  /// the mapping's part of `pendingKeys` in order while the mapping is small (most are a token's
  /// few keys, and a table would cost a hash of each key and several allocations), and in a table
  /// once it has more keys than this.
  private static let keyListLimit = 8

  /// The entries of the open mappings, innermost last.
  private let pendingEntries = PendingStack<SyntaxMapping.Entry>()
  /// The items of the open sequences, innermost last.
  private let pendingItems = PendingStack<SyntaxNode>()
  /// The keys of the open mappings that keep them in a list, innermost last: a key whose entry is
  /// dropped (its value an alias) still counts as written.
  private var pendingKeys: [(key: String, location: SourceLocation)] = []

  let path: String
  /// `path`'s number in ``SourceFiles``, for the location of every node.
  private let fileNumber: UInt32
  let maxDepth: Int
  private(set) var root: SyntaxNode?
  private(set) var errors: [YAMLError] = []
  /// Set when the tree cannot be trusted (a syntax error, or a limit hit).
  private(set) var failed = false
  private var stack: [Frame] = []
  private var documentCount = 0
  /// The bytes being parsed, while ``run(_:)`` runs: syntax errors look at them.
  private var input: UnsafeBufferPointer<UInt8>?

  package init(path: String, maxDepth: Int) {
    self.path = path
    self.fileNumber = SourceFiles.number(of: path)
    self.maxDepth = maxDepth
  }

  mutating func run(_ input: UnsafeBufferPointer<UInt8>) {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      errors.append(.unreadable(path: path, reason: "libyaml could not allocate a parser"))
      failed = true
      return
    }
    defer { yaml_parser_delete(&parser) }
    self.input = input
    defer { self.input = nil }
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    if let base = input.baseAddress {
      yaml_parser_set_input_string(&parser, base, input.count)
    } else {
      // An empty file: libyaml still needs a (zero-length) input.
      var empty: UInt8 = 0
      yaml_parser_set_input_string(&parser, &empty, 0)
      parseEvents(&parser)
      return
    }
    parseEvents(&parser)
  }

  private mutating func parseEvents(_ parser: inout yaml_parser_t) {
    var event = yaml_event_t()
    while true {
      guard yaml_parser_parse(&parser, &event) == 1 else {
        errors.append(syntaxError(parser))
        failed = true
        return
      }
      defer { yaml_event_delete(&event) }
      let location = self.location(event.start_mark)
      switch event.type {
      case YAML_STREAM_END_EVENT:
        return
      case YAML_DOCUMENT_START_EVENT:
        documentCount += 1
        if documentCount > 1 {
          errors.append(.multipleDocuments(at: location))
          failed = true
          return
        }
      case YAML_ALIAS_EVENT:
        errors.append(.alias(string(event.data.alias.anchor) ?? "", at: location))
        attach(nil)
      case YAML_SCALAR_EVENT:
        let scalarData = event.data.scalar
        checkAnchorAndTag(anchor: scalarData.anchor, tag: scalarData.tag, at: location)
        let value =
          scalarData.value.map {
            String(decoding: UnsafeBufferPointer(start: $0, count: scalarData.length), as: UTF8.self)
          } ?? ""
        let style: SyntaxScalar.Style = scalarData.style == YAML_PLAIN_SCALAR_STYLE ? .plain : .quoted
        attach(
          .scalar(
            SyntaxScalar(value: value, style: style, location: location, end: self.location(event.end_mark))))
      case YAML_MAPPING_START_EVENT:
        checkAnchorAndTag(
          anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag, at: location)
        guard push(mapping: true, at: location) else { return }
      case YAML_SEQUENCE_START_EVENT:
        checkAnchorAndTag(
          anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag, at: location)
        guard push(mapping: false, at: location) else { return }
      case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
        guard let frame = stack.popLast() else { continue }
        pendingKeys.removeLast(pendingKeys.count - frame.keyStart)
        if frame.isMapping {
          let entries = pendingEntries.takeElements(from: frame.start)
          attach(.mapping(SyntaxMapping(location: frame.location, entries: entries)))
        } else {
          let items = pendingItems.takeElements(from: frame.start)
          attach(.sequence(SyntaxSequence(location: frame.location, items: items)))
        }
      default:
        continue
      }
    }
  }

  private mutating func push(mapping isMapping: Bool, at location: SourceLocation) -> Bool {
    guard stack.count < maxDepth else {
      errors.append(.tooDeep(limit: maxDepth, at: location))
      failed = true
      return false
    }
    stack.append(
      Frame(
        isMapping: isMapping, location: location,
        start: isMapping ? pendingEntries.count : pendingItems.count, keyStart: pendingKeys.count))
    return true
  }

  /// Adds a finished node to the open collection; `nil` stands for a refused
  /// alias, whose entry is dropped.
  private mutating func attach(_ node: consuming SyntaxNode?) {
    guard let top = stack.indices.last else {
      root = node
      return
    }
    guard stack[top].isMapping else {
      if let node { pendingItems.append(node) }
      return
    }
    if stack[top].expectsKey {
      acceptKey(node, into: top)
    } else {
      // The key is taken from its frame, not copied and then cleared.
      if let key = stack[top].pendingKey.take(), !stack[top].dropsValue, let node {
        pendingEntries.append(SyntaxMapping.Entry(key: key, value: node))
      }
      stack[top].dropsValue = false
    }
  }

  /// Takes `node` as the next key of the mapping at `top` of the stack.
  private mutating func acceptKey(_ node: SyntaxNode?, into top: Int) {
    guard case .scalar(let key)? = node else {
      if let node { errors.append(.nonScalarKey(at: node.location)) }
      stack[top].dropsValue = true
      return
    }
    if key.style == .plain && key.value == "<<" {
      errors.append(.mergeKey(at: key.location))
      stack[top].dropsValue = true
    } else if let first = firstLocation(of: key.value, inMappingAt: top) {
      errors.append(.duplicateKey(key.value, first: first, at: key.location))
      stack[top].dropsValue = true
    } else {
      recordKey(key.value, at: key.location, inMappingAt: top)
      stack[top].pendingKey = key
    }
  }

  /// Where `key` was first written in the mapping at `top` of the stack, if it was.
  private func firstLocation(of key: String, inMappingAt top: Int) -> SourceLocation? {
    if let table = stack[top].keyTable { return table[key] }
    for index in stack[top].keyStart..<pendingKeys.count where pendingKeys[index].key == key {
      return pendingKeys[index].location
    }
    return nil
  }

  /// Records a key not recorded yet in the mapping at `top` of the stack.
  private mutating func recordKey(_ key: String, at location: SourceLocation, inMappingAt top: Int) {
    if stack[top].keyTable != nil {
      stack[top].keyTable?[key] = location
      return
    }
    pendingKeys.append((key, location))
    let keyStart = stack[top].keyStart
    if pendingKeys.count - keyStart > Self.keyListLimit {
      stack[top].keyTable = Dictionary(
        pendingKeys[keyStart...].lazy.map { ($0.key, $0.location) }, uniquingKeysWith: { first, _ in first })
      pendingKeys.removeLast(pendingKeys.count - keyStart)
    }
  }

  private mutating func checkAnchorAndTag(
    anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?,
    at location: SourceLocation
  ) {
    if let name = string(anchor) { errors.append(.anchor(name, at: location)) }
    if let tag = string(tag) { errors.append(.tag(tag, at: location)) }
  }

  private func syntaxError(_ parser: yaml_parser_t) -> YAMLError {
    var problem = parser.problem.map { String(cString: $0) } ?? "unknown libyaml error"
    // The reader (which checks characters before the scanner sees them) reports a byte offset
    // and the offending character, and leaves the marks at the start of the file.
    if parser.error == YAML_READER_ERROR {
      let bytes = input.map(Array.init) ?? []
      let offset = min(parser.problem_offset, bytes.count)
      if parser.problem_value >= 0, let scalar = Unicode.Scalar(UInt32(parser.problem_value)) {
        problem += " (found U+\(SourceText.hex(scalar, width: 4)))"
      }
      return .syntax(
        problem: problem, context: nil, at: UTF8Validation.location(ofByte: offset, in: bytes, file: path))
    }
    if problem == "found character that cannot start any token", character(at: parser.problem_mark) == "\t" {
      problem += "; YAML indents with spaces, never tabs"
    }
    var context = parser.context.map { String(cString: $0) }
    if let text = context,
      parser.context_mark.line != parser.problem_mark.line
        || parser.context_mark.column != parser.problem_mark.column
    {
      let mark = location(parser.context_mark)
      context = "\(text) at line \(mark.line), column \(mark.column)"
    }
    return .syntax(problem: problem, context: context, at: location(parser.problem_mark))
  }

  /// The character at libyaml's `mark`, whose index counts characters, not bytes.
  private func character(at mark: yaml_mark_t) -> Unicode.Scalar? {
    guard let input else { return nil }
    return String(decoding: input, as: UTF8.self).unicodeScalars.dropFirst(Int(mark.index)).first
  }

  private func location(_ mark: yaml_mark_t) -> SourceLocation {
    SourceLocation(file: fileNumber, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
  }

  private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
  }
}

package enum UTF8Validation {
  /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
  static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
    // ASCII alone (most token files) is valid: the bytes OR-ed together, which the compiler does
    // many bytes at a time, where a search for the first byte above 0x7F went one at a time.
    if bytes.withUnsafeBufferPointer({ $0.reduce(0, |) }) < 0x80 { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// Line and column (in characters, as libyaml counts them) of a byte offset. Lines break
  /// where libyaml breaks them: at `\n`, `\r\n`, a lone `\r`, NEL, U+2028 and U+2029.
  package static func location(ofByte offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
    var line = 1
    var column = 1
    var index = 0
    let end = min(offset, bytes.count)
    while index < end {
      let breakLength = lineBreakLength(at: index, in: bytes)
      if breakLength > 0 {
        line += 1
        column = 1
        index += breakLength
        continue
      }
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(file: file, line: line, column: column)
  }

  /// The byte offset of the character at `line` and `column`, counted as
  /// ``location(ofByte:in:file:)`` counts them (the inverse of it); `nil` past the end of the text.
  package static func byteOffset(line: Int, column: Int, in bytes: [UInt8]) -> Int? {
    var currentLine = 1
    var currentColumn = 1
    var index = 0
    while currentLine < line || currentColumn < column {
      guard index < bytes.count else { return nil }
      let breakLength = lineBreakLength(at: index, in: bytes)
      if breakLength > 0 {
        // A column past the end of its line does not exist.
        guard currentLine < line else { return nil }
        currentLine += 1
        currentColumn = 1
        index += breakLength
        continue
      }
      index += 1
      while index < bytes.count && bytes[index] & 0xC0 == 0x80 { index += 1 }
      currentColumn += 1
    }
    return index
  }

  /// How many bytes the line break at `index` takes (0 where there is none).
  private static func lineBreakLength(at index: Int, in bytes: [UInt8]) -> Int {
    let byte = bytes[index]
    if byte == 0x0A { return 1 }
    if byte == 0x0D { return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1 }
    if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { return 2 }
    if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
    {
      return 3
    }
    return 0
  }
}
