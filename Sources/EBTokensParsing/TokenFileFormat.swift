/// The two syntaxes token files are written in, told apart by the file's name.
public enum TokenFileFormat: String, Sendable {
  /// ebtokens' YAML: the DTCG data model plus shorthand scalars and the `@ NN%` alpha modifier.
  case yaml
  /// DTCG JSON, as the 2025.10 format module defines it, and nothing more.
  case json

  /// File endings read as YAML.
  public static let yamlExtensions = [".yaml", ".yml"]
  /// File endings always read as DTCG JSON: the two the format module recommends.
  public static let jsonExtensions = [".tokens.json", ".tokens"]

  /// The format of a file called `name`, or `nil` when it is not a token file. `extraJSONExtensions`
  /// are endings the config adds (`json-extensions`), such as `.json`. Endings are compared
  /// without regard to case, as lowercase.
  public static func of(fileNamed name: String, extraJSONExtensions: [String] = []) -> TokenFileFormat? {
    let lowercased = name.lowercased()
    if yamlExtensions.contains(where: lowercased.hasSuffix) { return .yaml }
    if (jsonExtensions + extraJSONExtensions).contains(where: { lowercased.hasSuffix($0.lowercased()) }) {
      return .json
    }
    return nil
  }

  /// Why `text` cannot be a `json-extensions` entry, or `nil` when it can.
  public static func problem(withJSONExtension text: String) -> String? {
    guard text.hasPrefix("."), text.count > 1 else { return "an extension starts with '.', as in \".json\"" }
    if text.contains(where: { $0 == "/" || $0 == "\\" || $0 == "*" || $0.isWhitespace }) {
      return "an extension is the end of a file name: no '/', '\\', '*' or spaces"
    }
    if yamlExtensions.contains(text.lowercased()) { return "'\(text)' files are YAML token files" }
    return nil
  }
}
