import Foundation

/// How a token or group name becomes a camel-case identifier, the same way for
/// Swift and Kotlin.
///
/// A name is split into words at every character that is not a letter or an
/// ASCII digit (`label-title`, `label_title` and `label title` are all
/// `label`, `title`); capitals inside a word are kept (`labelTitle` stays one
/// word). A result that would start with a digit gets a leading `_` (`2xl` →
/// `_2xl`).
///
/// "Letter" is strict, because the identifier must compile in Swift and Kotlin
/// whatever the name holds: a single Unicode scalar of a letter category that
/// Swift accepts anywhere in an identifier (see ``isIdentifierLetter(_:)``). The
/// name is first composed (NFC), so a decomposed `é` is the letter `é`; a combining
/// mark, a joiner or an emoji left over is a separator, like `-`.
enum IdentifierWords {
  static func split(_ name: String) -> [String] {
    asciiSplit(name) ?? splitByScalars(name)
  }

  /// ``split(_:)`` for a name of ASCII characters alone (most names), byte by byte; `nil` for any
  /// other name. Gives what ``splitByScalars(_:)`` gives: ASCII is already composed, and its only
  /// word characters are letters and digits.
  static func asciiSplit(_ name: String) -> [String]? {
    let utf8 = name.utf8
    var words: [String] = []
    var start: String.Index?
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      guard byte < 0x80 else { return nil }
      if isASCIIWordByte(byte) {
        if start == nil { start = index }
      } else if let first = start {
        words.append(String(Substring(utf8[first..<index])))
        start = nil
      }
      utf8.formIndex(after: &index)
    }
    if let first = start { words.append(String(Substring(utf8[first..<index]))) }
    return words
  }

  /// An ASCII letter or digit: the ASCII word characters.
  private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "a")...UInt8(ascii: "z"):
      return true
    default: return false
    }
  }

  /// ``split(_:)`` for any name, scalar by scalar.
  static func splitByScalars(_ name: String) -> [String] {
    var words: [String] = []
    var current = ""
    // Scalar by scalar: a joiner or combining mark attached to a letter separates, and the
    // letter stays.
    for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars {
      if isWordCharacter(Character(scalar)) {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// An ASCII digit, or a single scalar ``isIdentifierLetter(_:)`` accepts.
  static func isWordCharacter(_ character: Character) -> Bool {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
      return false
    }
    return ("0"..."9").contains(scalar) || isIdentifierLetter(scalar)
  }

  /// A letter (general category L*) that Swift allows to start an identifier. Swift's grammar
  /// lists ranges rather than categories; the few letters outside them (U+2E2F, in a block of
  /// punctuation) are refused. Kotlin takes any letter, and gets non-ASCII names in backticks
  /// so that its lexer's Unicode version does not matter.
  static func isIdentifierLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: break
    default: return false
    }
    if scalar.isASCII { return true }
    return swiftIdentifierHeads.contains { $0.contains(scalar.value) }
  }

  /// The non-ASCII ranges of Swift's `identifier-head` (The Swift Programming Language, Lexical
  /// Structure), without the joiners and bidirectional controls it also lists.
  private static let swiftIdentifierHeads: [ClosedRange<UInt32>] = [
    0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
    0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D,
    0x180F...0x1DBF, 0x1E00...0x1FFF, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF,
    0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F,
    0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
    0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
    0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD,
    0xE0000...0xEFFFD,
  ]

  /// `label-title` → `labelTitle`, `URL-path` → `urlPath`, `2xl` → `_2xl`.
  static func lowerCamel(_ words: [String]) -> String {
    asciiCamel(words, lowerFirst: true) ?? lowerCamelByCharacters(words)
  }

  /// `label-title` → `LabelTitle`, `2xl` → `_2xl`.
  static func upperCamel(_ words: [String]) -> String {
    asciiCamel(words, lowerFirst: false) ?? upperCamelByCharacters(words)
  }

  /// ``lowerCamel(_:)`` (or ``upperCamel(_:)``) of words of ASCII letters and digits alone, byte by
  /// byte; `nil` for any other words. For ASCII, a capital is `A`–`Z` and its lower case `a`–`z`,
  /// so the result is the characterwise functions' own.
  static func asciiCamel(_ words: [String], lowerFirst: Bool) -> String? {
    guard !words.isEmpty else { return "" }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(words.reduce(1) { $0 + $1.utf8.count })
    for (position, word) in words.enumerated() {
      let start = bytes.count
      for byte in word.utf8 {
        guard isASCIIWordByte(byte) else { return nil }
        bytes.append(byte)
      }
      if position == 0 && lowerFirst {
        // `URLPath` → `urlPath`: the run of capitals, but the last when lower case follows.
        var run = start
        while run < bytes.count, isASCIIUppercase(bytes[run]) { run += 1 }
        if run - start > 1, run < bytes.count, isASCIILowercase(bytes[run]) { run -= 1 }
        for index in start..<run { bytes[index] += 0x20 }
      } else if start < bytes.count, isASCIILowercase(bytes[start]) {
        bytes[start] -= 0x20
      }
    }
    if let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
      bytes.insert(UInt8(ascii: "_"), at: 0)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func isASCIIUppercase(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
  }

  private static func isASCIILowercase(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
  }

  /// ``lowerCamel(_:)`` for any words, character by character.
  static func lowerCamelByCharacters(_ words: [String]) -> String {
    guard let first = words.first else { return "" }
    return guardingLeadingDigit(
      loweringLeadingCapitals(first) + words.dropFirst().map(capitalizingFirst).joined())
  }

  /// ``upperCamel(_:)`` for any words, character by character.
  static func upperCamelByCharacters(_ words: [String]) -> String {
    guardingLeadingDigit(words.map(capitalizingFirst).joined())
  }

  private static func capitalizingFirst(_ word: String) -> String {
    guard let first = word.first else { return word }
    return mapped(first, first.uppercased()) + word.dropFirst()
  }

  /// `changed`, the case mapping of `character`, unless it holds something that is not a word
  /// character (`İ` lowercases to `i` and a combining dot): then `character` as it was.
  private static func mapped(_ character: Character, _ changed: String) -> String {
    changed.allSatisfy(isWordCharacter) ? changed : String(character)
  }

  /// `Label` → `label`, `URL` → `url`, and `URLPath` → `urlPath`: the last capital of
  /// a run that goes on in lower case starts the next word, so it stays.
  private static func loweringLeadingCapitals(_ word: String) -> String {
    let characters = Array(word)
    var run = 0
    while run < characters.count, characters[run].isUppercase { run += 1 }
    if run > 1, run < characters.count, characters[run].isLowercase { run -= 1 }
    return characters[..<run].map { mapped($0, $0.lowercased()) }.joined() + String(characters[run...])
  }

  private static func guardingLeadingDigit(_ identifier: String) -> String {
    guard let first = identifier.first, ("0"..."9").contains(first) else { return identifier }
    return "_" + identifier
  }
}
