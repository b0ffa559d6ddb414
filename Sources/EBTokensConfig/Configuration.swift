import EBTokensModel
import EBTokensSupport
import Foundation

/// What `ebtokens.yml` says: where tokens and templates are, what to generate,
/// and how to audit contrast. Every key is checked; an unknown one is an error.
public struct Configuration: Sendable {
  /// The config file as shown in diagnostics; `nil` for the built-in defaults.
  public var path: String?
  /// The digest (XXH64) of the config's bytes as they were parsed; `nil` for the built-in
  /// defaults. A build's fingerprint covers it (see ``InputDigests``).
  package var contentDigest: UInt64?
  /// Folder paths below are relative to this folder (the config file's own).
  public var baseDirectory: String
  public var tokens: String
  /// The folder of user templates, one sub-folder per output kind; `nil` uses
  /// the templates built into the binary.
  public var templates: String?
  public var outputs: [Output]
  public var audit: Audit
  /// The modes (`light`, `dark`...), the first being the default; empty for a project
  /// without modes, whose tokens are `tokens` alone.
  public var modes: [Mode] = []

  /// A mode: the token files or folders layered, in order, over the tokens of `tokens`.
  /// A later layer overrides an earlier one, token by token.
  public struct Mode: Sendable {
    public struct Layer: Sendable {
      public init(path: String, location: SourceLocation? = nil) {
        self.path = path
        self.location = location
      }

      /// A token file or folder, relative to the config file's folder.
      public var path: String
      public var location: SourceLocation?
    }

    public var name: String
    public var layers: [Layer]
    /// Where the mode's name is written.
    public var location: SourceLocation?

    public init(name: String, layers: [Layer], location: SourceLocation? = nil) {
      self.name = name
      self.layers = layers
      self.location = location
    }
  }

  /// File endings read as DTCG JSON besides `.tokens.json` and `.tokens` (`json-extensions`).
  public var jsonExtensions: [String] = []
  /// `strict: true` (or `--strict`): every warning is an error.
  public var strict = false
  /// A DTCG resolver document that names the tokens instead of `tokens` and `modes`.
  public var resolver: Resolver?

  /// A DTCG resolver document, and which of its modifiers' contexts become modes: every chosen
  /// combination of contexts is one mode.
  public struct Resolver: Sendable {
    /// The contexts chosen for one modifier.
    public struct Choice: Sendable {
      public var modifier: String
      /// `nil` for all of the modifier's contexts.
      public var contexts: [String]?
      public var location: SourceLocation?

      public init(modifier: String, contexts: [String]?, location: SourceLocation? = nil) {
        self.modifier = modifier
        self.contexts = contexts
        self.location = location
      }
    }

    /// The document, relative to the config file's folder (or absolute).
    public var path: String
    /// A modifier not listed contributes all its contexts.
    public var choices: [Choice]
    public var location: SourceLocation?
    /// The mode names that per-mode settings (`css-modes`, per-mode canvases and backgrounds) use,
    /// checked against the document's modes once it is read.
    public var modeReferences: [ModeReference] = []
    /// Per-mode settings that must name every mode.
    public var perModeSettings: [PerModeSetting] = []

    public struct ModeReference: Sendable {
      public var name: String
      public var location: SourceLocation

      public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
      }
    }

    public struct PerModeSetting: Sendable {
      public var key: String
      public var modes: Set<String>
      public var location: SourceLocation

      public init(key: String, modes: Set<String>, location: SourceLocation) {
        self.key = key
        self.modes = modes
        self.location = location
      }
    }

    public init(path: String, choices: [Choice] = [], location: SourceLocation? = nil) {
      self.path = path
      self.choices = choices
      self.location = location
    }
  }

  public init(
    path: String?, baseDirectory: String, tokens: String, templates: String?, outputs: [Output], audit: Audit,
    modes: [Mode] = [], jsonExtensions: [String] = []
  ) {
    self.path = path
    self.baseDirectory = baseDirectory
    self.tokens = tokens
    self.templates = templates
    self.outputs = outputs
    self.audit = audit
    self.modes = modes
    self.jsonExtensions = jsonExtensions
  }

  public struct Output: Sendable {
    public init(
      kind: Kind, destination: String, template: String? = nil, options: Options,
      filter: TokenFilter = TokenFilter(), location: SourceLocation? = nil
    ) {
      self.kind = kind
      self.destination = destination
      self.template = template
      self.options = options
      self.filter = filter
      self.location = location
    }

    public enum Kind: String, CaseIterable, Sendable {
      case swift
      case kotlin
      case css
      /// An Xcode asset catalog of the color tokens: `<catalog>.xcassets/` with one colorset each.
      case xcassets
      /// Android resources: `values/colors.xml`, `values/dimens.xml`, `values/styles.xml`, and a
      /// `values-night/` (or `values-notnight/`) for the system's other appearance.
      case android
      /// `tokens.js` (an ES module) and its declarations `tokens.d.ts`.
      case typescript
      /// `_tokens.scss`: Sass variables and maps.
      case scss
    }

    public var kind: Kind
    /// A folder for `swift`, `kotlin`, `xcassets`, `android`, `typescript` and `scss`, a file for `css`.
    public var destination: String
    /// Overrides `templates` for this output: a folder holding this kind's templates.
    public var template: String?
    public var options: Options
    /// Which tokens this output gets (`include`, `exclude`, `types`, `deprecated`).
    public var filter = TokenFilter()
    public var location: SourceLocation?
  }

  /// Every option of every output kind; each kind reads its own and the
  /// loader refuses the others.
  public struct Options: Sendable {
    /// Swift: the package, product and module name.
    public var swiftModule = "EBTokens"
    /// Swift: only the sources, side by side in the destination (no `Package.swift`), for a target
    /// to compile with its own code.
    public var swiftSourcesOnly = false
    /// Kotlin: the package of the generated objects.
    public var kotlinPackage = "com.eastblue.ds.tokens"
    /// Kotlin: the name of the top-level object.
    public var kotlinObject = "EBTokens"
    /// CSS: the selector that holds the custom properties.
    public var cssSelector = ":root"
    /// CSS: aliases as `var(--…)` (true) or literal values (false).
    public var keepsReferences = true
    /// Swift and Kotlin: aliases as the tokens they name (true) or literal values (false, the
    /// default: see docs/outputs.md for what it costs).
    public var codeKeepsReferences = false
    /// CSS: how each mode's values are selected, by mode name; a mode not listed gets the defaults.
    public var cssModes: [String: CSSMode] = [:]
    /// Asset catalog: the catalog's name, its folder being `<name>.xcassets`.
    public var catalogName = "EBTokens"

    public init() {}
  }

  /// Where a CSS output puts one mode's values.
  public struct CSSMode: Sendable, Equatable {
    public enum Media: Sendable, Equatable {
      /// `(prefers-color-scheme: dark)` for the mode the system's dark appearance selects (`dark`, or
      /// the first mode with a `dark` part, such as `dark-acme`), likewise light, unless it is the
      /// first mode; none for any other.
      case automatic
      case none
      /// A media query, such as `(prefers-color-scheme: dark)`.
      case query(String)
    }

    /// The selector that chooses the mode; `nil` is `[data-theme="<mode>"]`.
    public var selector: String?
    /// When the mode also applies, under the output's `selector`, without being chosen.
    public var media: Media = .automatic

    public init(selector: String? = nil, media: Media = .automatic) {
      self.selector = selector
      self.media = media
    }
  }

  public struct Audit: Sendable {
    public enum Level: String, CaseIterable, Sendable {
      case aa = "AA"
      case aaa = "AAA"
    }

    public enum Method: String, CaseIterable, Sendable {
      case wcag2
      case apca
    }

    public enum Role: String, CaseIterable, Sendable {
      case text
      case largeText = "large-text"
      case nonText = "non-text"
      case decorative
    }

    /// One foreground/background pairing. Patterns are dotted paths where `*`
    /// matches one segment; the n-th `*` of the foreground must equal the n-th
    /// `*` of the background.
    public struct Rule: Sendable {
      public init(
        foreground: String, background: Background, backgroundText: String, role: Role,
        location: SourceLocation? = nil, foregroundLocation: SourceLocation? = nil,
        backgroundLocation: SourceLocation? = nil, typography: String? = nil,
        typographyLocation: SourceLocation? = nil
      ) {
        self.foreground = foreground
        self.background = background
        self.backgroundText = backgroundText
        self.role = role
        self.location = location
        self.foregroundLocation = foregroundLocation
        self.backgroundLocation = backgroundLocation
        self.typography = typography
        self.typographyLocation = typographyLocation
      }

      public enum Background: Sendable, Equatable {
        case pattern(String)
        /// A literal color such as `#FFFFFF` (a page background).
        case color(Color)
        /// A literal color for each mode (`{light: "#FFFFFF", dark: "#121212"}`), by mode name.
        case colorPerMode([String: ModeColor])
      }

      /// One mode's literal background, and its text as written.
      public struct ModeColor: Sendable, Hashable {
        public init(color: Color, text: String) {
          self.color = color
          self.text = text
        }

        public var color: Color
        public var text: String
      }

      public var foreground: String
      public var background: Background
      /// The background as the user wrote it; empty for one given per mode, whose texts are in
      /// `ModeColor`.
      public var backgroundText: String
      /// The role as written; for a rule that names a `typography` instead, `.text` until the audit
      /// derives the role from the typography (`TypographyRole`).
      public var role: Role
      /// Where the rule starts (its first key).
      public var location: SourceLocation?
      /// Where the foreground and background values are written, so an audit error can point at
      /// the pattern that matched nothing; `nil` falls back to `location`.
      public var foregroundLocation: SourceLocation? = nil
      public var backgroundLocation: SourceLocation? = nil
      /// The typography token the pair's text is set in, which decides the role (text or large text).
      public var typography: String? = nil
      public var typographyLocation: SourceLocation? = nil
    }

    public var level: Level = .aa
    public var method: Method = .wcag2
    /// What a translucent background is composited over.
    public var canvas = Color(red: 1, green: 1, blue: 1)
    /// The canvas of each mode, by mode name, when the config gives one per mode; it then
    /// names every mode.
    public var modeCanvases: [String: Color] = [:]
    /// Whether `ebtokens build` fails (exit 1) when a pair fails.
    public var failsBuild = false
    /// Where `ebtokens build` writes the audit report; `nil` writes none.
    public var reportDirectory: String? = "dist/report"
    public var rules: [Rule] = []

    public init() {}

    /// The canvas of `mode`: its own when the config gives one per mode, else `canvas`.
    public func canvas(for mode: String?) -> Color {
      mode.flatMap { modeCanvases[$0] } ?? canvas
    }
  }

  /// The configuration used when no `ebtokens.yml` exists: the shipped layout.
  public static func defaults(baseDirectory: String = ".") -> Configuration {
    Configuration(
      path: nil, baseDirectory: baseDirectory, tokens: "tokens", templates: nil,
      outputs: [
        Output(kind: .swift, destination: "dist/swift", template: nil, options: Options(), location: nil),
        Output(kind: .kotlin, destination: "dist/kotlin", template: nil, options: Options(), location: nil),
        Output(
          kind: .css, destination: "dist/css/tokens.css", template: nil, options: Options(), location: nil),
      ],
      audit: Audit())
  }
}

extension Configuration {
  /// A path from the configuration: relative to the config file's folder, unless
  /// absolute or in a home folder (which `--allow-outside-project` permits).
  public func resolvedPath(_ path: String) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    return expanded.hasPrefix("/") ? expanded : (baseDirectory as NSString).appendingPathComponent(expanded)
  }
}
