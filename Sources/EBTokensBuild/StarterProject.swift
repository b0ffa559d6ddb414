import EBTokensConfig
import EBTokensSupport
import Foundation

/// `ebtokens init`: the files of a new project that `ebtokens build` builds as they are, written
/// only where no file exists.
public enum StarterProject {
  /// The command to run once the project is written into `directory`, as typed in a shell.
  public static func nextCommand(directory: String) -> String {
    guard directory != "." else { return "ebtokens build" }
    let plain = directory.unicodeScalars.allSatisfy {
      ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
        || "._/-+".unicodeScalars.contains($0)
    }
    let quoted = plain ? directory : "'" + directory.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    return "cd \(quoted) && ebtokens build"
  }

  /// The new project's files, by path relative to its folder, in the order they are written:
  /// the config (with an output for each of `platforms`, and an audit rule), a token file with a
  /// color, an alias and a dimension, and the JSON Schemas the two name on their first lines.
  public static func files(platforms: [Configuration.Output.Kind]) -> [(path: String, text: String)] {
    [
      ("ebtokens.yml", configuration(platforms: platforms)),
      ("tokens/tokens.yaml", tokens),
    ]
      + EmbeddedSchemas.files.keys.sorted().compactMap { name in
        EmbeddedSchemas.files[name].map { ("schemas/\(name)", $0) }
      }
  }

  /// Writes the new project into `directory` (created when missing) and returns the paths it
  /// wrote, relative to `directory`. Nothing is written when any of the files exists (or a link
  /// or folder stands in its place); a write that fails removes what this call wrote before it.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` of ``StarterProjectError/fileExists(path:)``, one per file
  ///   in the way; ``SystemFailure`` (input/output) when a file cannot be written.
  public static func create(in directory: String, platforms: [Configuration.Output.Kind]) throws -> [String] {
    let files = files(platforms: platforms)
    let existing = files.map { path(directory, $0.path) }.filter { exists($0) }
    if !existing.isEmpty {
      throw DiagnosticsError(existing.map { StarterProjectError.fileExists(path: $0) })
    }
    var written: [String] = []
    for file in files {
      let target = path(directory, file.path)
      if let reason = AtomicFile.write(file.text, to: target) {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
        throw SystemFailure(
          .inputOutput, DiagnosticsError([StarterProjectError.cannotWrite(path: target, reason: reason)]))
      }
      written.append(target)
    }
    return files.map(\.path)
  }

  private static func path(_ directory: String, _ file: String) -> String {
    directory == "." ? file : (directory as NSString).appendingPathComponent(file)
  }

  /// Whether anything, a dangling link included, is at `path`.
  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  static func configuration(platforms: [Configuration.Output.Kind]) -> String {
    var text = """
      # yaml-language-server: $schema=schemas/ebtokens.schema.json
      # ebtokens configuration: what `ebtokens build` generates and what `ebtokens audit` checks.
      # Paths are relative to this file. Every key: the README and schemas/ebtokens.schema.json.
      tokens: tokens

      outputs:

      """
    for platform in Configuration.Output.Kind.allCases where platforms.contains(platform) {
      switch platform {
      case .swift:
        text += """
            # A Swift package: depend on dist/swift, then `import Tokens`.
            - kind: swift
              destination: dist/swift
              options:
                module: Tokens

          """
      case .kotlin:
        text += """
            # Compose objects: add dist/kotlin as a source folder.
            - kind: kotlin
              destination: dist/kotlin
              options:
                package: com.example.tokens
                object: Tokens

          """
      case .css:
        text += """
            # Custom properties: var(--color-text).
            - kind: css
              destination: dist/css/tokens.css
              options:
                selector: ":root"

          """
      case .xcassets:
        text += """
            # An Xcode asset catalog of the colors: Color("color/text", bundle: .module).
            - kind: xcassets
              destination: dist/xcassets

          """
      case .android:
        text += """
            # Android resources: add dist/android/res as a resource folder; R.color.color_text.
            - kind: android
              destination: dist/android/res

          """
      case .typescript:
        text += """
            # An ES module and its TypeScript declarations: import { tokens } from "./tokens.js".
            - kind: typescript
              destination: dist/web/typescript

          """
      case .scss:
        text += """
            # Sass variables and maps: @use "tokens" as *; $color-text.
            - kind: scss
              destination: dist/web/scss

          """
      }
    }
    text += """

      # The contrast audit: each foreground/background pair a design puts together.
      # Roles: text (4.5:1 at AA), large-text (3:1), non-text (3:1), decorative (never fails).
      audit:
        level: AA
        report: dist/report
        rules:
          - foreground: color.text
            background: color.background
            role: text

      """
    return text
  }

  static let tokens = """
    # yaml-language-server: $schema=../schemas/tokens.schema.json
    # Design tokens (docs: the token format). A mapping with $value is a token; any other is a group,
    # whose $type every token below it inherits.
    color:
      $type: color
      brand:
        $value: "#0A5FD6"
        $description: The brand color, for actions and links.
      background: "#FFFFFF"
      # An alias: the text is the brand color, and follows it when it changes.
      text: "{color.brand}"
    space:
      $type: dimension
      medium: 16px

    """
}

/// Why `ebtokens init` wrote nothing.
public enum StarterProjectError: DiagnosticConvertible, Equatable {
  /// A file of the new project exists: init never overwrites one.
  case fileExists(path: String)
  case cannotWrite(path: String, reason: String)

  public var diagnostic: Diagnostic {
    switch self {
    case .fileExists(let path):
      return Diagnostic("'\(path)' already exists; ebtokens init never overwrites a file", at: nil)
    case .cannotWrite(let path, let reason):
      return Diagnostic("cannot write '\(path)': \(reason)", at: nil)
    }
  }
}
