/// A minimal JSON writer with a fixed key order, so reports and listings are
/// byte-identical from run to run (Foundation's encoder sorts or shuffles keys
/// and formats numbers its own way).
///
/// It writes UTF-8 bytes into one buffer: a 50,000-pair audit is a 20 MB
/// document, and building it through `String` appends costs several times more.
public struct JSONWriter {
  public indirect enum Value: Sendable {
    case string(String)
    case number(Double)
    /// A JSON number written exactly as given, digits and all (the caller checks it is one).
    case numberText(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([Value])
    /// Keys in the order given.
    case object([(String, Value)])
  }

  /// Pretty-printed with two-space indentation and a final newline.
  public static func render(_ value: Value) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(4096)
    write(value, indent: 0, into: &output)
    output.append(UInt8(ascii: "\n"))
    return String(decoding: output, as: UTF8.self)
  }

  /// What ``render(_:)`` prints for an object of `members` and, last, a member `key` holding an
  /// array of `count` objects, each written member by member by `element` (given the element's
  /// position): a document of many thousand objects is never held as one `Value`.
  ///
  /// The document grows in one buffer, given room for all of it as soon as its first megabyte
  /// shows how long an element is, so a 20 MB document is not copied again and again as it grows.
  package static func render(
    _ members: [(String, Value)], thenArray key: String, count: Int,
    element: (Int, inout ObjectWriter) -> Void
  ) -> [UInt8] {
    let sampleSize = 1 << 20
    var output: [UInt8] = []
    output.reserveCapacity(sampleSize + 4096)
    var sized = false
    writeDocument(members, thenArray: key, count: count, element: element, into: &output) { output, index in
      if !sized, output.count >= sampleSize {
        // Room for the whole document, with a tenth to spare, estimated from the elements so far.
        let perElement = Double(output.count) / Double(index + 1)
        output.reserveCapacity(Int(perElement * Double(count) * 1.1) + 4096)
        sized = true
      }
    }
    return output
  }

  /// The document ``render(_:thenArray:count:element:)`` renders, handed to `write` in pieces of
  /// about `pieceSize` bytes as they are made: a document of tens of megabytes is never held whole.
  /// The one buffer holds a piece at a time, and its pages are new to each document: 256 KB of
  /// them fault in where 1 MB took 0.3 ms of a one-token change at 10,000 tokens.
  package static func stream(
    _ members: [(String, Value)], thenArray key: String, count: Int, pieceSize: Int = 1 << 18,
    element: (Int, inout ObjectWriter) -> Void, to write: ([UInt8]) -> Void
  ) {
    var output: [UInt8] = []
    output.reserveCapacity(pieceSize + 4096)
    writeDocument(members, thenArray: key, count: count, element: element, into: &output) { output, _ in
      if output.count >= pieceSize {
        write(output)
        output.removeAll(keepingCapacity: true)
      }
    }
    write(output)
  }

  /// Appends the document to `output`, calling `afterElement` with `output` and the position after
  /// each element of the array.
  private static func writeDocument(
    _ members: [(String, Value)], thenArray key: String, count: Int,
    element: (Int, inout ObjectWriter) -> Void, into output: inout [UInt8],
    afterElement: (inout [UInt8], Int) -> Void
  ) {
    output.appendText("{\n")
    for (member, value) in members {
      appendIndent(1, to: &output)
      appendQuoted(member, to: &output)
      output.appendText(": ")
      write(value, indent: 1, into: &output)
      output.appendText(",\n")
    }
    appendIndent(1, to: &output)
    appendQuoted(key, to: &output)
    output.appendText(": ")
    if count == 0 {
      output.appendText("[]")
    } else {
      output.appendText("[\n")
      var writer = ObjectWriter(indent: 2)
      for index in 0..<count {
        writer.begin()
        element(index, &writer)
        writer.end(last: index == count - 1, appendingTo: &output)
        afterElement(&output, index)
      }
      appendIndent(1, to: &output)
      output.append(UInt8(ascii: "]"))
    }
    output.appendText("\n}\n")
  }

  /// Writes one object of a document member by member, laid out as ``render(_:)`` lays out an
  /// `.object` at the same depth, each element of an array of objects on its line.
  ///
  /// The object is staged in a buffer of its own with plain stores, after one check for room per
  /// member, and appended to the document whole: a report's 650,000 members cost far more as
  /// array appends than as bytes.
  package struct ObjectWriter: ~Copyable {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// The depth of the object being written (the element, or an object member opened in it with
    /// ``beginObject(_:)``); its members are one deeper.
    private var indent: Int
    private var isEmpty = true

    fileprivate init(indent: Int) {
      self.indent = indent
      capacity = 1024
      bytes = .allocate(capacity: capacity)
    }

    deinit {
      bytes.deallocate()
    }

    /// Starts an element: its indentation and opening brace.
    fileprivate mutating func begin() {
      count = 0
      isEmpty = true
      reserve(indent * 2 + 1)
      putSpaces(indent * 2)
      put(UInt8(ascii: "{"))
    }

    /// The members written since the element began, as ``replay(_:)`` writes them again: an
    /// element's members are laid out the same wherever the element is.
    package var writtenMembers: [UInt8] {
      let start = indent * 2 + 1
      return Array(UnsafeBufferPointer(start: bytes + start, count: max(0, count - start)))
    }

    /// Writes `members`, the ``writtenMembers`` of an element written before with the same
    /// members, in place of writing them one by one.
    package mutating func replay(_ members: [UInt8]) {
      guard !members.isEmpty else { return }
      reserve(members.count)
      members.withUnsafeBufferPointer { source in
        guard let base = source.baseAddress else { return }
        (bytes + count).update(from: base, count: source.count)
      }
      count += members.count
      isEmpty = false
    }

    /// Closes the element, with the comma and line break that follow it unless it is the `last`,
    /// and appends it to `output`.
    fileprivate mutating func end(last: Bool, appendingTo output: inout [UInt8]) {
      reserve(indent * 2 + 4)
      if !isEmpty {
        put(UInt8(ascii: "\n"))
        putSpaces(indent * 2)
      }
      put(UInt8(ascii: "}"))
      if !last { put(UInt8(ascii: ",")) }
      put(UInt8(ascii: "\n"))
      output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// A string member. Each pair of a report writes a dozen members: its keys are constants
    /// written as they are (they must need no escaping) and its values go straight into the
    /// bytes, never through a `Value`.
    package mutating func member(_ key: StaticString, string: String) {
      var text = string
      text.withUTF8 { utf8 in
        beginMember(key, valueLength: JSONWriter.maximumQuotedLength(utf8.count))
        count += JSONWriter.writeQuoted(utf8, to: bytes + count)
      }
    }

    /// A member holding a `#RRGGBB` color, `#RRGGBBAA` when `alpha` is given and not 255.
    package mutating func member(
      _ key: StaticString, hexRed red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8?
    ) {
      beginMember(key, valueLength: 11)
      put(UInt8(ascii: "\""))
      put(UInt8(ascii: "#"))
      putHex(red)
      putHex(green)
      putHex(blue)
      if let alpha, alpha != 255 { putHex(alpha) }
      put(UInt8(ascii: "\""))
    }

    /// A number as ``JSONWriter/Value/number(_:)`` writes it; `nil` is `null`.
    package mutating func member(_ key: StaticString, number: Double?) {
      beginMember(key, valueLength: JSONWriter.maximumNumberLength)
      guard let number else {
        put("null")
        return
      }
      count += JSONWriter.writeNumber(number, to: bytes + count)
    }

    package mutating func member(_ key: StaticString, integer: Int) {
      beginMember(key, valueLength: 20)
      putInteger(Int64(integer))
    }

    package mutating func member(_ key: StaticString, bool: Bool) {
      beginMember(key, valueLength: 5)
      put(bool ? "true" : "false")
    }

    /// Opens a member holding an object, whose members the next calls write, until
    /// ``endObject()``: laid out as ``JSONWriter/render(_:)`` lays out an `.object` at this depth,
    /// without making one.
    package mutating func beginObject(_ key: StaticString) {
      beginMember(key, valueLength: 1)
      put(UInt8(ascii: "{"))
      indent += 1
      isEmpty = true
    }

    /// Closes the object ``beginObject(_:)`` opened, which must not be empty.
    package mutating func endObject() {
      reserve(indent * 2 + 2)
      put(UInt8(ascii: "\n"))
      putSpaces(indent * 2)
      put(UInt8(ascii: "}"))
      indent -= 1
      isEmpty = false
    }

    /// A member holding an array of strings, laid out as ``JSONWriter/render(_:)`` lays one out.
    package mutating func member(_ key: StaticString, strings: [String]) {
      guard !strings.isEmpty else {
        beginMember(key, valueLength: 2)
        put("[]")
        return
      }
      beginMember(key, valueLength: 1)
      put(UInt8(ascii: "["))
      let itemIndent = (indent + 2) * 2
      for index in strings.indices {
        var text = strings[index]
        text.withUTF8 { utf8 in
          reserve(2 + itemIndent + JSONWriter.maximumQuotedLength(utf8.count))
          put(UInt8(ascii: "\n"))
          putSpaces(itemIndent)
          count += JSONWriter.writeQuoted(utf8, to: bytes + count)
          if index < strings.count - 1 { put(UInt8(ascii: ",")) }
        }
      }
      reserve(2 + itemIndent)
      put(UInt8(ascii: "\n"))
      putSpaces(itemIndent - 2)
      put(UInt8(ascii: "]"))
    }

    /// A member holding any value, laid out as ``JSONWriter/render(_:)`` lays it out at this depth:
    /// for the few nested members of a document (a failing pair's fix), not for every element.
    package mutating func member(_ key: StaticString, value: Value) {
      var nested: [UInt8] = []
      JSONWriter.write(value, indent: indent + 1, into: &nested)
      beginMember(key, valueLength: nested.count)
      for byte in nested { put(byte) }
    }

    /// Makes room for a member whose value takes at most `valueLength` bytes, then writes its line
    /// start, its quoted key and the colon.
    private mutating func beginMember(_ key: StaticString, valueLength: Int) {
      let keyIndent = (indent + 1) * 2
      reserve(2 + keyIndent + key.utf8CodeUnitCount + 4 + valueLength)
      // The comma, line break and indentation in one copy from a row of them.
      let lineStart = JSONWriter.lineStart
      let first = isEmpty ? 1 : 0
      isEmpty = false
      if keyIndent <= lineStart.utf8CodeUnitCount - 2 {
        (bytes + count).initialize(from: lineStart.utf8Start + first, count: 2 - first + keyIndent)
        count += 2 - first + keyIndent
      } else {
        if first == 0 { put(UInt8(ascii: ",")) }
        put(UInt8(ascii: "\n"))
        putSpaces(keyIndent)
      }
      put(UInt8(ascii: "\""))
      put(key)
      put("\": ")
    }

    /// Grows the buffer, if need be, to hold `length` more bytes.
    private mutating func reserve(_ length: Int) {
      guard count + length > capacity else { return }
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, count + length))
      grown.moveInitialize(from: bytes, count: count)
      bytes.deallocate()
      bytes = grown
      capacity = max(capacity * 2, count + length)
    }

    // The writes below go into room already reserved.

    private mutating func put(_ byte: UInt8) {
      bytes[count] = byte
      count += 1
    }

    private mutating func put(_ text: StaticString) {
      (bytes + count).initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
      count += text.utf8CodeUnitCount
    }

    private mutating func putSpaces(_ length: Int) {
      (bytes + count).initialize(repeating: UInt8(ascii: " "), count: length)
      count += length
    }

    /// Two uppercase hexadecimal digits.
    private mutating func putHex(_ byte: UInt8) {
      put(UInt8.hexDigit(byte >> 4))
      put(UInt8.hexDigit(byte & 0xF))
    }

    /// `String(number)`'s digits: at most 20 bytes.
    private mutating func putInteger(_ number: Int64) {
      count += JSONWriter.writeInteger(number, to: bytes + count)
    }
  }

  private static func write(_ value: Value, indent: Int, into output: inout [UInt8]) {
    switch value {
    case .string(let text): appendQuoted(text, to: &output)
    case .number(let number): appendNumber(number, to: &output)
    case .integer(let number): appendInteger(Int64(number), to: &output)
    case .numberText(let text): output += text.utf8
    case .bool(let flag): output.appendText(flag ? "true" : "false")
    case .null: output.appendText("null")
    case .array(let items):
      guard !items.isEmpty else {
        output.appendText("[]")
        return
      }
      output.appendText("[\n")
      for (index, item) in items.enumerated() {
        appendIndent(indent + 1, to: &output)
        write(item, indent: indent + 1, into: &output)
        output.appendText(index == items.count - 1 ? "\n" : ",\n")
      }
      appendIndent(indent, to: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        output.appendText("{}")
        return
      }
      output.appendText("{\n")
      for (index, (key, member)) in members.enumerated() {
        appendIndent(indent + 1, to: &output)
        appendQuoted(key, to: &output)
        output.appendText(": ")
        write(member, indent: indent + 1, into: &output)
        output.appendText(index == members.count - 1 ? "\n" : ",\n")
      }
      appendIndent(indent, to: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  /// ``writeNumber(_:to:)``'s text, appended.
  private static func appendNumber(_ number: Double, to output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumNumberLength) { text in
      guard let start = text.baseAddress else { return }
      output.append(contentsOf: UnsafeBufferPointer(start: start, count: writeNumber(number, to: start)))
    }
  }

  /// More than the longest text ``writeNumber(_:to:)`` writes: a `Double`'s is at most 24 bytes
  /// (`-2.2250738585072014e-308`).
  fileprivate static let maximumNumberLength = 32

  /// Writes `NumberFormatting.shortest(number)`, or `null` when it is not finite, at
  /// `destination`, which has room for ``maximumNumberLength`` bytes; returns the count written.
  /// Whole numbers go digit by digit, others by Swift's own shortest round-trip formatting (what
  /// `"\(number)"` prints), streamed straight into place: a report writes 150,000 of them, and an
  /// array of digits emptied, filled and copied for each cost more than the digits.
  fileprivate static func writeNumber(_ number: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
    guard number.isFinite else {
      let null: StaticString = "null"
      destination.initialize(from: null.utf8Start, count: null.utf8CodeUnitCount)
      return null.utf8CodeUnitCount
    }
    if number == number.rounded(), abs(number) < 1e15 {
      return writeInteger(Int64(number), to: destination)
    }
    var stream = ReservedStream(destination: destination, room: maximumNumberLength)
    number.write(to: &stream)
    return stream.count
  }

  /// `String(number)`'s digits, appended.
  private static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      guard let start = digits.baseAddress else { return }
      output.append(contentsOf: UnsafeBufferPointer(start: start, count: writeInteger(number, to: start)))
    }
  }

  /// Writes `String(number)`'s digits (at most 20 bytes) at `destination`; returns their count.
  fileprivate static func writeInteger(_ number: Int64, to destination: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = number.magnitude
    var length = number < 0 ? 2 : 1
    var rest = magnitude / 10
    while rest != 0 {
      length += 1
      rest /= 10
    }
    if number < 0 { destination[0] = UInt8(ascii: "-") }
    // Written from the last digit.
    var position = length
    repeat {
      position -= 1
      destination[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
    } while magnitude != 0
    return length
  }

  /// A text stream into memory reserved for it, for `Double.write(to:)`: at most `room` bytes
  /// are written (a number's text never reaches ``maximumNumberLength``).
  private struct ReservedStream: TextOutputStream {
    let destination: UnsafeMutablePointer<UInt8>
    let room: Int
    private(set) var count = 0

    init(destination: UnsafeMutablePointer<UInt8>, room: Int) {
      self.destination = destination
      self.room = room
    }

    mutating func write(_ string: String) {
      for byte in string.utf8 where count < room {
        (destination + count).initialize(to: byte)
        count += 1
      }
    }

    /// What the standard library's numbers write through: ASCII bytes, taken as they are rather
    /// than through the `String` the protocol's default implementation makes of them.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
      guard let base = buffer.baseAddress else { return }
      let length = min(buffer.count, room - count)
      (destination + count).initialize(from: base, count: length)
      count += length
    }
  }

  /// The indentation of `level`, two spaces a level.
  private static func appendIndent(_ level: Int, to output: inout [UInt8]) {
    guard level * 2 <= spaces.count else {
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
      return
    }
    // Copied from a row: appending a repeated element goes byte by byte.
    spaces.withUnsafeBufferPointer {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<(level * 2)]))
    }
  }

  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  /// A comma, a line break and a row of spaces: the start of an object member's line.
  fileprivate static let lineStart: StaticString = ",\n                                "

  /// A JSON string literal (RFC 8259), appended: see ``writeQuoted(_:to:)``.
  private static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumQuotedLength(utf8.count)) { quoted in
        guard let start = quoted.baseAddress else { return }
        output.append(contentsOf: UnsafeBufferPointer(start: start, count: writeQuoted(utf8, to: start)))
      }
    }
  }

  /// The most bytes ``writeQuoted(_:to:)`` writes for text of `length` bytes: its quotes, and
  /// six bytes for each byte escaped as `\u00XX`.
  fileprivate static func maximumQuotedLength(_ length: Int) -> Int { 2 + 6 * length }

  /// Whether any byte of `utf8` needs escaping (see ``writeQuoted(_:to:)``), tested eight bytes
  /// at a time: a byte below 0x20, a quote, a backslash, 0x7F or 0xE2 (which starts U+2028 and
  /// U+2029).
  private static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let start = utf8.baseAddress else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    // Whether a byte of `word` is below `limit` (at most 0x80). Exact: without such a byte nothing
    // borrows, and `~word` clears the high bit of every byte from 0x80 up; the lowest such byte
    // always sets its high bit.
    func hasByte(below limit: UInt64, in word: UInt64) -> Bool {
      (word &- ones &* limit) & ~word & highBits != 0
    }
    func hasByte(_ byte: UInt64, in word: UInt64) -> Bool { hasByte(below: 1, in: word ^ (ones &* byte)) }
    var index = 0
    while index + 8 <= utf8.count {
      let word = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
      if hasByte(below: 0x20, in: word) || hasByte(0x22, in: word) || hasByte(0x5C, in: word)
        || hasByte(0x7F, in: word) || hasByte(0xE2, in: word)
      {
        return true
      }
      index += 8
    }
    return utf8[index...].contains(where: needsEscaping)
  }

  /// Whether `byte` needs escaping or, for 0xE2, may start a character that does.
  private static func needsEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2
  }

  /// Writes `utf8` as a JSON string literal (RFC 8259) at `destination`, which has room for
  /// ``maximumQuotedLength(_:)`` bytes; returns the count written. Quotes, backslashes and control
  /// characters are escaped, everything else kept as UTF-8. Escapes byte by byte: every byte that
  /// needs escaping is ASCII, except U+2028 and U+2029 (E2 80 A8/A9), escaped because JavaScript
  /// treats them as line ends.
  fileprivate static func writeQuoted(
    _ utf8: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var length = 0
    func put(_ byte: UInt8) {
      destination[length] = byte
      length += 1
    }
    put(UInt8(ascii: "\""))
    // Most text needs no escaping: a quick check, then one copy.
    guard needsEscaping(utf8) else {
      if let start = utf8.baseAddress { (destination + length).initialize(from: start, count: utf8.count) }
      length += utf8.count
      put(UInt8(ascii: "\""))
      return length
    }
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      index += 1
      guard needsEscaping(byte) else {
        put(byte)
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        put(UInt8(ascii: "\\"))
        put(byte)
      case UInt8(ascii: "\n"):
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "n"))
      case UInt8(ascii: "\r"):
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "r"))
      case UInt8(ascii: "\t"):
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "t"))
      case 0xE2
      where index + 1 < utf8.count && utf8[index] == 0x80
        && (utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9):
        for digit in "\\u202".utf8 { put(digit) }
        put(utf8[index + 1] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
        index += 2
      case 0xE2:
        put(byte)
      default:
        for digit in "\\u00".utf8 { put(digit) }
        put(UInt8.hexDigit(byte >> 4))
        put(UInt8.hexDigit(byte & 0xF))
      }
    }
    put(UInt8(ascii: "\""))
    return length
  }
}

extension [UInt8] {
  /// Appends the UTF-8 of a literal: a writer's punctuation and markup, without a generic sequence
  /// append.
  package mutating func appendText(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }
}
