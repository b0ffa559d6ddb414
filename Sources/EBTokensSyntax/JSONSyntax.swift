import EBTokensSupport
import Foundation

/// A DTCG JSON file that is not valid JSON (RFC 8259), at the first offending character.
public struct JSONSyntaxError: DiagnosticConvertible, Equatable {
  public let problem: String
  public let location: SourceLocation

  public var diagnostic: Diagnostic { Diagnostic("invalid JSON: \(problem)", at: location) }
}

/// Reads DTCG JSON token files through the same libyaml reader as YAML, so they get the same
/// located tree, the same checks (duplicate keys, depth) and the same `file:line:column` errors.
///
/// JSON is almost a subset of YAML's flow syntax, but not quite, in both directions, so the
/// text is checked against JSON's grammar first and handed to libyaml in a form it reads exactly:
///
/// - libyaml accepts what JSON does not: `#` comments, trailing commas, single quotes, unquoted
///   strings, block style. All are errors here, at their line and column.
/// - libyaml refuses what JSON allows: a `\u` escape pair for a character beyond the BMP (an
///   emoji: `"\ud83d\ude00"`), and white space (a line break, say) between a key and its colon.
///   The text given to libyaml writes such a pair as the character itself and puts each colon
///   right after its key, and places every other token at exactly its original line and column,
///   so every location libyaml reports is a location in the file as written.
///
/// Two limits remain, both libyaml's: a key longer than 1022 characters, and raw characters
/// YAML forbids in a stream (DEL, C1 controls, U+FFFE, U+FFFF), which JSON strings may hold
/// unescaped. Both are refused with an error saying so.
public struct JSONReader: Sendable {
  public var limits: Limits

  public init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// What reading one file gave: the tree, unless the file could not be read, and every error.
  public struct Result: Sendable {
    public let document: SyntaxDocument?
    public let errors: [any DiagnosticConvertible]
    /// The digest (XXH64) of the bytes read from the file, when it could be read: what a build's
    /// fingerprint covers (see `InputDigests`).
    public internal(set) var contentDigest: UInt64? = nil
  }

  /// Reads the file at `path`; `displayPath` is what locations will show.
  public func read(path: String, displayPath: String) -> Result {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    if let size = (attributes?[.size] as? NSNumber)?.intValue, size > limits.maxFileBytes {
      return Result(
        document: nil,
        errors: [YAMLError.fileTooLarge(path: displayPath, bytes: size, limit: limits.maxFileBytes)])
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return Result(
        document: nil,
        errors: [YAMLError.unreadable(path: displayPath, reason: "the file could not be opened")])
    }
    let bytes = [UInt8](data)
    var result = read(bytes: bytes, path: displayPath)
    result.contentDigest = ContentHash.xxh64(bytes)
    return result
  }

  public func read(bytes: [UInt8], path: String) -> Result {
    let reader = YAMLReader(limits: limits)
    if bytes.count > limits.maxFileBytes || UTF8Validation.firstInvalidByte(in: bytes) != nil {
      // The YAML reader reports both exactly as it does for YAML files.
      let result = reader.read(bytes: bytes, path: path)
      return Result(document: result.document, errors: result.errors)
    }
    var normalizer = JSONNormalizer(bytes: bytes, path: path, maxDepth: limits.maxDepth)
    switch normalizer.run() {
    case .failure(let error):
      return Result(document: nil, errors: [error])
    case .success(let text):
      let result = reader.read(bytes: text, path: path)
      return Result(document: result.document, errors: result.errors)
    }
  }
}

/// Checks JSON text and writes it out for libyaml, token by token, each at its original line and
/// column (see ``JSONReader``). Iterative, with an explicit stack bounded by the depth limit.
private struct JSONNormalizer {
  private enum Container {
    case object
    case array
  }

  /// What may come next.
  private enum Expectation {
    case value
    /// A value, or `]` when the array is still empty.
    case firstValue
    /// A key, or `}` when the object is still empty.
    case firstKey
    case key
    case colon
    /// `,` or the closing bracket of the innermost container.
    case separator
    /// Nothing but white space: the root value is complete.
    case end
  }

  let bytes: [UInt8]
  let path: String
  let maxDepth: Int
  private var index = 0
  private var line = 1
  private var column = 1
  private var output: [UInt8] = []
  private var outputColumn = 1
  private var stack: [Container] = []
  private var expectation = Expectation.value
  /// Set when a key's colon was written right after the key, so the colon in the text is skipped.
  private var colonWritten = false

  /// The longest key libyaml reads: it allows 1024 characters from a key's opening quote to its colon.
  static let maxKeyCharacters = 1024

  package init(bytes: [UInt8], path: String, maxDepth: Int) {
    self.bytes = bytes
    self.path = path
    self.maxDepth = maxDepth
    output.reserveCapacity(bytes.count)
  }

  mutating func run() -> Swift.Result<[UInt8], JSONSyntaxError> {
    // A UTF-8 byte order mark is accepted, as for YAML; libyaml does not count it as a column.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    do {
      try skipWhiteSpace()
      // An empty file stays empty, so the parser reports it as it does an empty YAML file.
      if index == bytes.count { return .success([]) }
      while index < bytes.count {
        try token()
        try skipWhiteSpace()
      }
      guard expectation == .end else { throw failure("the file ends before the JSON value is complete") }
      output.append(UInt8(ascii: "\n"))
      return .success(output)
    } catch let error as JSONSyntaxError {
      return .failure(error)
    } catch {
      return .failure(JSONSyntaxError(problem: "\(error)", location: location))
    }
  }

  private var location: SourceLocation { SourceLocation(file: path, line: line, column: column) }

  private func failure(_ problem: String) -> JSONSyntaxError {
    JSONSyntaxError(problem: problem, location: location)
  }

  // MARK: Tokens

  private mutating func token() throws {
    let byte = bytes[index]
    switch (expectation, byte) {
    case (.colon, UInt8(ascii: ":")):
      if colonWritten {
        colonWritten = false
        advance(1)
      } else {
        try copy(count: 1)
      }
      expectation = .value
    case (.firstKey, UInt8(ascii: "}")), (.separator, UInt8(ascii: "}")):
      guard stack.last == .object else { throw failure("'}' does not close an object here; expected ']'") }
      try close()
    case (.firstValue, UInt8(ascii: "]")), (.separator, UInt8(ascii: "]")):
      guard stack.last == .array else { throw failure("']' does not close an array here; expected '}'") }
      try close()
    case (.separator, UInt8(ascii: ",")):
      try copy(count: 1)
      expectation = stack.last == .object ? .key : .value
      try refuseTrailingComma()
    case (.firstKey, UInt8(ascii: "\"")), (.key, UInt8(ascii: "\"")):
      try key()
    case (.value, _), (.firstValue, _):
      try value(byte)
    default:
      throw failure(unexpected(byte))
    }
  }

  private mutating func value(_ byte: UInt8) throws {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard stack.count < maxDepth else {
        throw failure("nesting is deeper than the limit of \(maxDepth) levels")
      }
      try copy(count: 1)
      stack.append(byte == UInt8(ascii: "{") ? .object : .array)
      expectation = byte == UInt8(ascii: "{") ? .firstKey : .firstValue
      return
    case UInt8(ascii: "\""):
      _ = try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      // 0 for a number JSON refuses (`01`, `-x`): the word is then reported whole.
      let length = NumberSyntax.jsonNumberPrefix(bytes[index...])
      try requireDelimiter(after: length)
      try copy(count: length)
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      let literal = ["true", "false", "null"].first { bytes[index...].starts(with: Array($0.utf8)) } ?? ""
      try requireDelimiter(after: literal.utf8.count)
      try copy(count: literal.utf8.count)
    default:
      throw failure(unexpected(byte))
    }
    expectation = stack.isEmpty ? .end : .separator
  }

  private mutating func close() throws {
    try copy(count: 1)
    stack.removeLast()
    expectation = stack.isEmpty ? .end : .separator
  }

  /// A key, then its colon right after it (see ``JSONReader``).
  private mutating func key() throws {
    let start = location
    let characters = try string()
    guard characters <= Self.maxKeyCharacters else {
      throw JSONSyntaxError(
        problem: "a key longer than \(Self.maxKeyCharacters - 2) characters (as written) is not supported",
        location: start)
    }
    var lookahead = index
    while lookahead < bytes.count, Self.isWhiteSpace(bytes[lookahead]) { lookahead += 1 }
    guard lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: ":") else {
      try skipWhiteSpace()
      throw failure(
        index < bytes.count
          ? "expected ':' after the key, found \(describe(bytes[index]))"
          : "expected ':' after the key, found the end of the file")
    }
    output.append(UInt8(ascii: ":"))
    outputColumn += 1
    colonWritten = true
    expectation = .colon
  }

  /// Copies a string, returning how many characters it takes in the output.
  private mutating func string() throws -> Int {
    let start = location
    try placeOutput()
    let outputStart = outputColumn
    output.append(UInt8(ascii: "\""))
    outputColumn += 1
    advance(1)
    while true {
      guard index < bytes.count else {
        throw JSONSyntaxError(problem: "the string that starts here is never closed", location: start)
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        output.append(byte)
        outputColumn += 1
        advance(1)
        return outputColumn - outputStart
      case UInt8(ascii: "\\"):
        try escape()
      case 0..<0x20:
        throw failure(
          "a control character (U+\(SourceText.hex(Unicode.Scalar(byte), width: 4))) must be escaped in a string, as \\u\(SourceText.hex(Unicode.Scalar(byte), width: 4))"
        )
      default:
        let length = Self.sequenceLength(byte)
        let scalar = Self.decode(bytes[index..<index + length])
        if !Self.isAllowedByLibYAML(scalar) {
          let code = SourceText.hex(scalar, width: 4)
          throw failure(
            "the character U+\(code) cannot be read unescaped (YAML, whose reader ebtokens uses, forbids it); write it as \\u\(code)"
          )
        }
        output.append(contentsOf: bytes[index..<index + length])
        outputColumn += 1
        advance(length)
      }
    }
  }

  private mutating func escape() throws {
    guard index + 1 < bytes.count else { throw failure("the string ends in the middle of an escape") }
    let letter = bytes[index + 1]
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      output.append(contentsOf: bytes[index..<index + 2])
      outputColumn += 2
      advance(2)
    case UInt8(ascii: "u"):
      guard let high = hexQuad(at: index + 2) else {
        throw failure("'\\u' must be followed by four hex digits")
      }
      switch high {
      case 0xD800...0xDBFF:
        guard bytes[index...].count >= 12, bytes[index + 6] == UInt8(ascii: "\\"),
          bytes[index + 7] == UInt8(ascii: "u"),
          let low = hexQuad(at: index + 8), (0xDC00...0xDFFF).contains(low),
          let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
        else {
          throw failure(
            "'\\u\(hex(high))' is half of a surrogate pair without its other half; JSON strings must be valid Unicode"
          )
        }
        // libyaml refuses surrogate escapes, so the pair is written as the character itself.
        output.append(contentsOf: Array(String(Character(scalar)).utf8))
        outputColumn += 1
        advance(12)
      case 0xDC00...0xDFFF:
        throw failure(
          "'\\u\(hex(high))' is half of a surrogate pair without its other half; JSON strings must be valid Unicode"
        )
      default:
        output.append(contentsOf: bytes[index..<index + 6])
        outputColumn += 6
        advance(6)
      }
    default:
      throw failure(
        "'\\\(Self.describeCharacter(letter))' is not a JSON escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"
      )
    }
  }

  private func hexQuad(at start: Int) -> UInt32? {
    guard start + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[start..<start + 4] {
      guard let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { return nil }
      value = value << 4 | digit
    }
    return value
  }

  private func hex(_ value: UInt32) -> String {
    Unicode.Scalar(value).map { SourceText.hex($0, width: 4) } ?? String(value, radix: 16, uppercase: true)
  }

  /// After `,` may come neither `}` nor `]`: JSON has no trailing commas.
  private mutating func refuseTrailingComma() throws {
    try skipWhiteSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]") {
      throw failure("JSON does not allow a comma before '\(Self.describeCharacter(bytes[index]))'")
    }
  }

  /// A number or literal (`length` bytes, 0 for a word that is neither) must end at white space or
  /// punctuation: `12px`, `nope` and `True` are not JSON.
  private func requireDelimiter(after length: Int) throws {
    let next = index + length
    if length > 0 {
      guard next < bytes.count else { return }
      let byte = bytes[next]
      if Self.isWhiteSpace(byte) || [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(byte) {
        return
      }
    }
    var end = next
    while end < bytes.count, end - next < 20, !Self.isWhiteSpace(bytes[end]),
      ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[end])
    {
      end += 1
    }
    let text = String(decoding: bytes[index..<end], as: UTF8.self)
    throw failure("'\(text)' is not a JSON value; strings are written in double quotes")
  }

  // MARK: Output and position

  /// Pads the output with spaces up to the current token's column (it never runs ahead).
  private mutating func placeOutput() throws {
    let padding = column - outputColumn
    if padding > 0 {
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
      outputColumn = column
    }
  }

  /// Copies `count` ASCII bytes, at the token's original column.
  private mutating func copy(count: Int) throws {
    try placeOutput()
    output.append(contentsOf: bytes[index..<index + count])
    outputColumn += count
    advance(count)
  }

  /// Moves past `count` bytes on the current line.
  private mutating func advance(_ count: Int) {
    var scanned = index
    while scanned < index + count {
      if bytes[scanned] & 0xC0 != 0x80 { column += 1 }
      scanned += 1
    }
    index += count
  }

  /// Skips white space, writing its line breaks (CR, LF or CRLF, one break each, as YAML counts them).
  private mutating func skipWhiteSpace() throws {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        advance(1)
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        let isCRLF =
          bytes[index] == UInt8(ascii: "\r") && index + 1 < bytes.count
          && bytes[index + 1] == UInt8(ascii: "\n")
        index += isCRLF ? 2 : 1
        line += 1
        column = 1
        output.append(UInt8(ascii: "\n"))
        outputColumn = 1
      case UInt8(ascii: "#"):
        let hint = expectation == .value ? "; a hex color is a string in double quotes (\"#RRGGBB\")" : ""
        throw failure("JSON has no comments" + hint)
      case UInt8(ascii: "/")
      where index + 1 < bytes.count
        && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
        throw failure("JSON has no comments")
      default:
        return
      }
    }
  }

  // MARK: Characters

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  private func unexpected(_ byte: UInt8) -> String {
    let found = describe(byte)
    switch expectation {
    case .value, .firstValue:
      return "expected a value, found \(found)"
        + (byte == UInt8(ascii: "'") ? "; JSON strings use double quotes" : "")
    case .firstKey: return "expected a key in double quotes or '}', found \(found)"
    case .key: return "expected a key in double quotes, found \(found)"
    case .colon: return "expected ':' after the key, found \(found)"
    case .separator:
      return stack.last == .object
        ? "expected ',' or '}', found \(found)" : "expected ',' or ']', found \(found)"
    case .end: return "unexpected \(found) after the end of the JSON value"
    }
  }

  private func describe(_ byte: UInt8) -> String {
    let length = Self.sequenceLength(byte)
    let scalar = Self.decode(bytes[index..<min(index + length, bytes.count)])
    if scalar.properties.isWhitespace || scalar.value < 0x20 {
      return "U+\(SourceText.hex(scalar, width: 4))"
    }
    return "'\(Character(scalar))'"
  }

  private static func describeCharacter(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F
      ? String(UnicodeScalar(byte)) : "U+\(SourceText.hex(Unicode.Scalar(byte), width: 4))"
  }

  /// The length of the UTF-8 sequence `byte` starts (the text is already valid UTF-8).
  private static func sequenceLength(_ byte: UInt8) -> Int {
    switch byte {
    case 0xF0...: return 4
    case 0xE0...: return 3
    case 0xC0...: return 2
    default: return 1
    }
  }

  private static func decode(_ sequence: ArraySlice<UInt8>) -> Unicode.Scalar {
    String(decoding: sequence, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
  }

  /// libyaml's reader accepts tab, line breaks, printable ASCII, NEL, and the rest of Unicode but
  /// C1 controls, surrogates, U+FFFE and U+FFFF.
  private static func isAllowedByLibYAML(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }
}
