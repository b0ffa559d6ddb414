/// How a token or group name becomes a camel-case identifier, the same way for
/// Swift and Kotlin.
///
/// A name is split into words at every character that is not a letter or an
/// ASCII digit (`label-title`, `label_title` and `label title` are all
/// `label`, `title`); capitals inside a word are kept (`labelTitle` stays one
/// word). A result that would start with a digit gets a leading `_` (`2xl` →
/// `_2xl`).
enum IdentifierWords {
  static func split(_ name: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in name {
      if character.isLetter || ("0"..."9").contains(character) {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// `label-title` → `labelTitle`, `URL-path` → `urlPath`, `2xl` → `_2xl`.
  static func lowerCamel(_ words: [String]) -> String {
    guard let first = words.first else { return "" }
    return guardingLeadingDigit(
      loweringLeadingCapitals(first) + words.dropFirst().map(capitalizingFirst).joined())
  }

  /// `label-title` → `LabelTitle`, `2xl` → `_2xl`.
  static func upperCamel(_ words: [String]) -> String {
    guardingLeadingDigit(words.map(capitalizingFirst).joined())
  }

  private static func capitalizingFirst(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst()
  }

  /// `Label` → `label`, `URL` → `url`, and `URLPath` → `urlPath`: the last capital of
  /// a run that goes on in lower case starts the next word, so it stays.
  private static func loweringLeadingCapitals(_ word: String) -> String {
    let characters = Array(word)
    var run = 0
    while run < characters.count, characters[run].isUppercase { run += 1 }
    if run > 1, run < characters.count, characters[run].isLowercase { run -= 1 }
    return String(characters[..<run]).lowercased() + String(characters[run...])
  }

  private static func guardingLeadingDigit(_ identifier: String) -> String {
    guard let first = identifier.first, ("0"..."9").contains(first) else { return identifier }
    return "_" + identifier
  }
}
