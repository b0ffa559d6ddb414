/// What a mode may be called, and the identifiers generated code gives it: `high-contrast` is
/// `EBMode.highContrast` in Swift, `EBMode.HighContrast` in Kotlin, and `[data-theme="high-contrast"]`
/// in CSS.
///
/// Names are kept simple (ASCII letters, digits, `-` and `_`, starting with a letter) so that they
/// are valid as written in a CSS attribute selector and need no escaping in any output.
package enum ModeName {
  /// The identifier of a mode's case (Swift) and of its value in `EBModal` (Swift, Kotlin).
  package static func member(_ name: String) -> String {
    IdentifierWords.lowerCamel(IdentifierWords.split(name))
  }

  /// The mode's `EBMode` entry in Kotlin.
  package static func entry(_ name: String) -> String {
    IdentifierWords.upperCamel(IdentifierWords.split(name))
  }

  /// The mode that follows the system's dark (or light) appearance: the mode named `dark` (or
  /// `light`), else the first whose name has it as a `-`-separated part (`dark-acme`, as a resolver
  /// document's theme × brand names its modes, the first brand being the default), else the first mode.
  static func system(dark: Bool, in modes: [String]) -> String {
    let name = dark ? "dark" : "light"
    if modes.contains(name) { return name }
    return modes.first { $0.split(separator: "-").contains(Substring(name)) } ?? modes.first ?? name
  }

  /// Members the generated `EBMode`, `EBModal` and `EBColorScheme` declare themselves, which a mode
  /// of the same name would clash with.
  static let reserved: Set<String> = [
    "allCases", "color", "companion", "copy", "entries", "equals", "get", "hash", "hashCode", "hashValue",
    "init", "modeName", "name", "nsColor", "of", "ordinal", "rawValue", "system", "toString", "uiColor",
    "value", "valueOf", "values",
  ]

  /// Why `name` cannot name a mode, or `nil` when it can.
  package static func problem(_ name: String) -> String? {
    let scalars = Array(name.unicodeScalars)
    guard let first = scalars.first, isASCIILetter(first),
      scalars.allSatisfy({ isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" })
    else { return "use ASCII letters, digits, '-' and '_', starting with a letter" }
    let member = member(name)
    if SwiftLanguage.keywords.contains(member) || KotlinLanguage.keywords.contains(member)
      || reserved.contains(member)
    {
      return "it becomes '\(member)', a keyword or a name the generated code uses itself; choose another"
    }
    return nil
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }
}
