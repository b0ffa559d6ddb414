import EBTokensAudit
import EBTokensConfig
import EBTokensEmitting
import EBTokensModel
import EBTokensParsing
import EBTokensSupport
import EBTokensSyntax
import Foundation

/// Reads `ebtokens.yml` with the same libyaml reader as token files, so config
/// errors carry line and column too.
public struct ConfigurationLoader {
  public var limits: Limits
  /// Whether paths may point outside the config file's folder (`--allow-outside-project`).
  public var allowsPathsOutsideProject: Bool
  /// Whether the paths only a build uses are checked: each output's `destination` and `template`,
  /// `templates`, and the audit's `report`. A command that only reads the tokens (`list`, `export`)
  /// never writes or renders there, so where they lead cannot stop it.
  public var checksOutputPaths = true

  public init(limits: Limits = .standard, allowsPathsOutsideProject: Bool = false) {
    self.limits = limits
    self.allowsPathsOutsideProject = allowsPathsOutsideProject
  }

  public static let defaultPath = "ebtokens.yml"

  /// Loads the config at `path`; with no path, `ebtokens.yml` in the working
  /// directory, or the built-in defaults when there is none.
  public func load(path: String?) throws -> Configuration {
    guard let path else {
      if FileManager.default.fileExists(atPath: Self.defaultPath) { return try load(path: Self.defaultPath) }
      let defaults = Configuration.defaults()
      if !allowsPathsOutsideProject {
        // The built-in paths are inside the project as written; a committed link could still
        // lead them out.
        let destinations = checksOutputPaths ? defaults.outputs.map { ("destination", $0.destination) } : []
        let paths = [("tokens", defaults.tokens)] + destinations
        let errors = paths.compactMap { key, path in
          ProjectPaths.linkLeavingProject(path, base: defaults.baseDirectory).map {
            ConfigurationError.linkLeavesProject(key: key, path: path, link: $0, at: nil)
          }
        }
        if !errors.isEmpty { throw DiagnosticsError(errors) }
      }
      return defaults
    }
    guard FileManager.default.fileExists(atPath: path) else {
      throw DiagnosticsError([ConfigurationError.notFound(path: path)])
    }
    let displayPath = DisplayPath.forFile(path)
    // The config is named on the command line or is the project's own: a link is fine.
    let result = YAMLReader(limits: limits).read(path: path, displayPath: displayPath, followingLinks: true)
    guard let document = result.document, result.errors.isEmpty else { throw DiagnosticsError(result.errors) }
    let baseDirectory = PathComponents.folder(of: path)
    var parser = Parser(
      path: displayPath, baseDirectory: baseDirectory.isEmpty ? "." : baseDirectory,
      allowsPathsOutsideProject: allowsPathsOutsideProject, checksOutputPaths: checksOutputPaths)
    var configuration = parser.parse(document)
    if !parser.errors.isEmpty { throw DiagnosticsError(parser.errors) }
    configuration.contentDigest = result.contentDigest
    return configuration
  }

  public func load(yaml: String, path: String, baseDirectory: String = ".") throws -> Configuration {
    let result = YAMLReader(limits: limits).read(bytes: Array(yaml.utf8), path: path)
    guard let document = result.document, result.errors.isEmpty else { throw DiagnosticsError(result.errors) }
    var parser = Parser(
      path: path, baseDirectory: baseDirectory, allowsPathsOutsideProject: allowsPathsOutsideProject,
      checksOutputPaths: checksOutputPaths)
    var configuration = parser.parse(document)
    if !parser.errors.isEmpty { throw DiagnosticsError(parser.errors) }
    configuration.contentDigest = ContentHash.xxh64(yaml.utf8)
    return configuration
  }

  /// The keys each section of `ebtokens.yml` accepts; any other is an error. The JSON Schema in
  /// `schemas/ebtokens.schema.json` must name the same (`ConfigurationSchemaTests`).
  package enum Keys {
    package static let root = [
      "tokens", "templates", "outputs", "audit", "modes", "resolver", "json-extensions", "strict",
    ]
    /// `resolver:` written as a mapping.
    package static let resolver = ["path", "contexts"]
    package static let output = [
      "kind", "destination", "template", "options", "include", "exclude", "types", "deprecated",
    ]
    package static let cssMode = ["selector", "media"]
    package static let audit = ["level", "method", "canvas", "fail-build", "report", "rules"]
    package static let rule = ["foreground", "background", "role", "typography"]

    /// The `options` of an output of `kind`.
    package static func options(of kind: Configuration.Output.Kind) -> [String] {
      switch kind {
      case .swift: ["module", "references", "sources-only"]
      case .kotlin: ["package", "object", "references"]
      case .css: ["selector", "references", "modes"]
      case .xcassets: ["catalog"]
      case .android, .typescript, .scss: []
      }
    }
  }

  private struct Parser {
    let path: String
    let baseDirectory: String
    let allowsPathsOutsideProject: Bool
    let checksOutputPaths: Bool
    var errors: [ConfigurationError] = []
    /// Mode names that per-mode settings use, checked once every mode is known (`modes` may
    /// come after `audit` in the file).
    private var modeReferences: [(name: String, location: SourceLocation)] = []
    /// Per-mode settings that must name every mode: the modes they name, and where.
    private var perModeSettings: [(key: String, modes: Set<String>, location: SourceLocation)] = []

    init(path: String, baseDirectory: String, allowsPathsOutsideProject: Bool, checksOutputPaths: Bool) {
      self.path = path
      self.baseDirectory = baseDirectory
      self.allowsPathsOutsideProject = allowsPathsOutsideProject
      self.checksOutputPaths = checksOutputPaths
    }

    mutating func parse(_ document: SyntaxDocument) -> Configuration {
      var configuration = Configuration.defaults(baseDirectory: baseDirectory)
      configuration.path = path
      guard let root = document.root else {
        errors.append(.emptyFile(path: path))
        return configuration
      }
      guard let mapping = self.mapping(root, key: path) else { return configuration }
      var sawOutputs = false
      var modeKeys: Set<String> = []
      for entry in checked(mapping, section: "the config", allowed: Keys.root) {
        switch entry.key.value {
        case "tokens":
          if let value = projectPath(entry) { configuration.tokens = value }
        case "templates":
          configuration.templates = outputPath(entry)
        case "outputs":
          sawOutputs = true
          configuration.outputs = outputs(entry.value)
        case "audit":
          configuration.audit = audit(entry.value)
        case "modes":
          configuration.modes = modes(entry.value)
          if case .mapping(let modes) = entry.value { modeKeys = Set(modes.entries.map(\.key.value)) }
        case "resolver":
          configuration.resolver = resolver(entry)
        case "json-extensions":
          configuration.jsonExtensions = jsonExtensions(entry.value)
        case "strict":
          if let value = bool(entry) { configuration.strict = value }
        default:
          break
        }
      }
      if !sawOutputs { configuration.outputs = [] }
      if let resolver = mapping.entries.first(where: { $0.key.value == "resolver" }) {
        // The resolver document names the tokens and the modes, so per-mode settings are checked
        // once it is read.
        for other in ["tokens", "modes"] where mapping[other] != nil {
          errors.append(.conflictingKeys(other, "resolver", section: "the config", at: resolver.key.location))
        }
        configuration.resolver?.modeReferences = modeReferences.map {
          Configuration.Resolver.ModeReference(name: $0.name, location: $0.location)
        }
        configuration.resolver?.perModeSettings = perModeSettings.map {
          Configuration.Resolver.PerModeSetting(key: $0.key, modes: $0.modes, location: $0.location)
        }
        return configuration
      }
      checkModeReferences(declared: configuration.modes.map(\.name), written: modeKeys)
      if let first = configuration.modes.first, let canvas = configuration.audit.modeCanvases[first.name] {
        configuration.audit.canvas = canvas
      }
      return configuration
    }

    // MARK: Resolver

    /// `resolver:`, a DTCG resolver document's path, or `{path: …, contexts: {modifier: all | context
    /// | [contexts]}}`.
    private mutating func resolver(_ entry: SyntaxMapping.Entry) -> Configuration.Resolver? {
      if case .scalar = entry.value {
        return projectPath(entry).map { Configuration.Resolver(path: $0, location: entry.value.location) }
      }
      guard let mapping = self.mapping(entry.value, key: "resolver") else { return nil }
      var path: String?
      var choices: [Configuration.Resolver.Choice] = []
      for item in checked(mapping, section: "resolver", allowed: Keys.resolver) {
        switch item.key.value {
        case "path":
          path = projectPath(item)
        case "contexts":
          guard let contexts = self.mapping(item.value, key: "contexts") else { continue }
          choices = contexts.entries.compactMap { choice($0) }
        default:
          break
        }
      }
      guard mapping["path"] != nil else {
        errors.append(.missingKey("path", section: "resolver", at: mapping.location))
        return nil
      }
      return path.map { Configuration.Resolver(path: $0, choices: choices, location: mapping.location) }
    }

    /// One modifier's contexts: `all`, one context, or a list of them.
    private mutating func choice(_ entry: SyntaxMapping.Entry) -> Configuration.Resolver.Choice? {
      let expected = "'all', a context, or a list of contexts"
      var contexts: [String] = []
      switch entry.value {
      case .scalar(let scalar) where scalar.style == .plain && scalar.value == "all":
        return Configuration.Resolver.Choice(
          modifier: entry.key.value, contexts: nil, location: entry.key.location)
      case .scalar(let scalar) where !scalar.value.isEmpty:
        contexts = [scalar.value]
      case .sequence(let list) where !list.items.isEmpty:
        for item in list.items {
          guard case .scalar(let scalar) = item, !scalar.value.isEmpty else {
            errors.append(
              .wrongType(
                key: entry.key.value, expected: "a context", found: item.kindDescription, at: item.location))
            return nil
          }
          contexts.append(scalar.value)
        }
      default:
        errors.append(
          .wrongType(
            key: entry.key.value, expected: expected, found: entry.value.kindDescription,
            at: entry.value.location))
        return nil
      }
      return Configuration.Resolver.Choice(
        modifier: entry.key.value, contexts: contexts, location: entry.key.location)
    }

    // MARK: Modes

    /// `modes:`, a mapping from each mode's name to the token files or folders layered over
    /// `tokens` (one path, a list of them, or `[]` for none).
    private mutating func modes(_ node: SyntaxNode) -> [Configuration.Mode] {
      guard let mapping = self.mapping(node, key: "modes") else { return [] }
      if mapping.entries.count < 2 { errors.append(.tooFewModes(at: mapping.location)) }
      var modes: [Configuration.Mode] = []
      var identifiers: [String: (name: String, location: SourceLocation)] = [:]
      for entry in mapping.entries {
        let name = entry.key.value
        if let problem = ModeName.problem(name) {
          errors.append(.invalidModeName(name, problem: problem, at: entry.key.location))
          continue
        }
        // Kotlin uses both spellings: a clash in either is a clash.
        var clashed = false
        for identifier in [ModeName.member(name), ModeName.entry(name)] where !clashed {
          if let first = identifiers[identifier] {
            errors.append(
              .modeNameCollision(
                name, first: first.name, identifier: identifier, firstAt: first.location,
                at: entry.key.location))
            clashed = true
          }
        }
        if clashed { continue }
        identifiers[ModeName.member(name)] = (name, entry.key.location)
        identifiers[ModeName.entry(name)] = (name, entry.key.location)
        modes.append(Configuration.Mode(name: name, layers: layers(entry), location: entry.key.location))
      }
      return modes
    }

    private mutating func layers(_ entry: SyntaxMapping.Entry) -> [Configuration.Mode.Layer] {
      scalars(
        entry, expected: "a token file or folder, or a list of them ([] for none)",
        expectedItem: "a token file or folder", allowsEmpty: true
      ).compactMap { scalar in
        projectPath(scalar.value, key: entry.key.value, at: scalar.location).map {
          Configuration.Mode.Layer(path: $0, location: scalar.location)
        }
      }
    }

    /// The scalars of a value written as one or as a list of them, none empty; an error for
    /// anything else, and for an empty list unless `allowsEmpty`.
    private mutating func scalars(
      _ entry: SyntaxMapping.Entry, expected: String, expectedItem: String, allowsEmpty: Bool = false
    ) -> [SyntaxScalar] {
      let items: [SyntaxNode]
      switch entry.value {
      case .sequence(let list) where allowsEmpty || !list.items.isEmpty: items = list.items
      case .scalar(let scalar) where !(scalar.style == .plain && scalar.value.isEmpty): items = [entry.value]
      default:
        let found: String
        if case .sequence = entry.value {
          found = "an empty list"
        } else {
          found = entry.value.kindDescription
        }
        errors.append(
          .wrongType(key: entry.key.value, expected: expected, found: found, at: entry.value.location))
        return []
      }
      return items.compactMap { item in
        guard case .scalar(let scalar) = item, !(scalar.style == .plain && scalar.value.isEmpty) else {
          errors.append(
            .wrongType(
              key: entry.key.value, expected: expectedItem, found: item.kindDescription, at: item.location))
          return nil
        }
        return scalar
      }
    }

    /// A value given per mode, `{light: …, dark: …}`: each key must be a mode, and every mode
    /// must have a key.
    private mutating func perMode<T>(
      _ mapping: SyntaxMapping, key: String, value: (inout Parser, SyntaxMapping.Entry) -> T?
    ) -> [String: T] {
      var values: [String: T] = [:]
      for entry in mapping.entries {
        modeReferences.append((entry.key.value, entry.key.location))
        if let parsed = value(&self, entry) { values[entry.key.value] = parsed }
      }
      perModeSettings.append((key, Set(mapping.entries.map(\.key.value)), mapping.location))
      return values
    }

    /// Checks the modes per-mode settings name against the declared ones. Names written under
    /// `modes` but refused there were reported already, so they are not reported again here.
    private mutating func checkModeReferences(declared: [String], written: Set<String>) {
      for reference in modeReferences where !declared.contains(reference.name) {
        if written.contains(reference.name) { continue }
        errors.append(.unknownMode(reference.name, declared: declared, at: reference.location))
      }
      for setting in perModeSettings where !declared.isEmpty {
        for mode in declared where !setting.modes.contains(mode) {
          errors.append(.missingMode(mode, key: setting.key, at: setting.location))
        }
      }
    }

    /// `json-extensions: [".json"]`: more file endings read as DTCG JSON.
    private mutating func jsonExtensions(_ node: SyntaxNode) -> [String] {
      guard case .sequence(let list) = node else {
        errors.append(
          .wrongType(
            key: "json-extensions", expected: "a list of file endings, such as [\".json\"]",
            found: node.kindDescription, at: node.location))
        return []
      }
      var extensions: [String] = []
      var seen: [String: SourceLocation] = [:]
      for item in list.items {
        guard case .scalar(let scalar) = item, !(scalar.style == .plain && scalar.value.isEmpty) else {
          errors.append(
            .wrongType(
              key: "json-extensions", expected: "a string", found: item.kindDescription, at: item.location))
          continue
        }
        if let problem = TokenFileFormat.problem(withJSONExtension: scalar.value) {
          errors.append(
            .invalidIdentifier(
              key: "json-extensions entry", value: scalar.value, problem: problem, at: scalar.location))
        } else if let first = seen[scalar.value.lowercased()] {
          errors.append(
            .invalidIdentifier(
              key: "json-extensions entry", value: scalar.value,
              problem: "it is listed twice (first at line \(first.line), column \(first.column))",
              at: scalar.location))
        } else {
          seen[scalar.value.lowercased()] = scalar.location
          extensions.append(scalar.value)
        }
      }
      return extensions
    }

    // MARK: Outputs

    private mutating func outputs(_ node: SyntaxNode) -> [Configuration.Output] {
      guard case .sequence(let list) = node else {
        errors.append(
          .wrongType(
            key: "outputs", expected: "a list of outputs", found: node.kindDescription, at: node.location))
        return []
      }
      var outputs: [Configuration.Output] = []
      var destinations: [String: SourceLocation] = [:]
      for item in list.items {
        guard let output = output(item) else { continue }
        let normalized = (output.destination as NSString).standardizingPath
        if let first = destinations[normalized], let location = output.location {
          errors.append(.duplicateDestination(output.destination, first: first, at: location))
        }
        destinations[normalized] = output.location
        outputs.append(output)
      }
      return outputs
    }

    private mutating func output(_ node: SyntaxNode) -> Configuration.Output? {
      guard let mapping = self.mapping(node, key: "an output") else { return nil }
      var kind: Configuration.Output.Kind?
      var destination: String?
      var template: String?
      var optionsNode: SyntaxNode?
      var filter = TokenFilter()
      for entry in checked(mapping, section: "an output", allowed: Keys.output) {
        switch entry.key.value {
        case "kind":
          kind = choice(entry, Configuration.Output.Kind.self)
        case "destination":
          destination = outputPath(entry)
        case "template":
          template = outputPath(entry)
        case "options":
          optionsNode = entry.value
        case "include":
          filter.include = filterPatterns(entry)
        case "exclude":
          filter.exclude = filterPatterns(entry)
        case "types":
          filter.types = tokenTypes(entry)
        case "deprecated":
          if let value = bool(entry) { filter.keepsDeprecated = value }
        default:
          break
        }
      }
      guard mapping["kind"] != nil else {
        errors.append(.missingKey("kind", section: "an output", at: mapping.location))
        return nil
      }
      guard mapping["destination"] != nil else {
        errors.append(.missingKey("destination", section: "an output", at: mapping.location))
        return nil
      }
      guard let kind, let destination else { return nil }
      var options = Configuration.Options()
      if let optionsNode { options = self.options(optionsNode, for: kind) }
      return Configuration.Output(
        kind: kind, destination: destination, template: template, options: options, filter: filter,
        location: mapping.location)
    }

    /// An output's `include` or `exclude`: one token pattern or a list of them, each naming a
    /// token or a group.
    private mutating func filterPatterns(_ entry: SyntaxMapping.Entry) -> [TokenFilter.Pattern] {
      scalars(entry, expected: "a token pattern, or a list of one or more", expectedItem: "a token pattern")
        .compactMap { scalar in
          pattern(scalar.value, at: scalar.location).map {
            TokenFilter.Pattern(TokenPattern($0), location: scalar.location)
          }
        }
    }

    /// An output's `types`: one `$type` or a list of them.
    private mutating func tokenTypes(_ entry: SyntaxMapping.Entry) -> Set<TokenType> {
      var types: Set<TokenType> = []
      for scalar in scalars(
        entry, expected: "a token type, or a list of one or more", expectedItem: "a token type")
      {
        guard let type = TokenType(rawValue: scalar.value) else {
          errors.append(
            .invalidValue(
              key: "token type", value: scalar.value, allowed: TokenType.allCases.map(\.rawValue),
              at: scalar.location))
          continue
        }
        types.insert(type)
      }
      return types
    }

    private mutating func options(_ node: SyntaxNode, for kind: Configuration.Output.Kind)
      -> Configuration.Options
    {
      var options = Configuration.Options()
      guard let mapping = self.mapping(node, key: "options") else { return options }
      for entry in checked(mapping, section: "\(kind.rawValue) options", allowed: Keys.options(of: kind)) {
        switch entry.key.value {
        case "module":
          if let value = identifier(entry, dotted: false) { options.swiftModule = value }
        case "package":
          if let value = identifier(entry, dotted: true) { options.kotlinPackage = value }
        case "object":
          if let value = identifier(entry, dotted: false) { options.kotlinObject = value }
        case "catalog":
          if let value = identifier(entry, dotted: false) { options.catalogName = value }
        case "selector":
          if let value = selector(entry) { options.cssSelector = value }
        case "sources-only":
          if let value = bool(entry) { options.swiftSourcesOnly = value }
        case "references" where kind == .css:
          if let value = bool(entry) { options.keepsReferences = value }
        case "references":
          if let value = bool(entry) { options.codeKeepsReferences = value }
        case "modes":
          guard let modes = self.mapping(entry.value, key: "modes") else { continue }
          for mode in modes.entries {
            modeReferences.append((mode.key.value, mode.key.location))
            if let settings = cssMode(mode.value) { options.cssModes[mode.key.value] = settings }
          }
        default:
          break
        }
      }
      return options
    }

    /// One mode's CSS settings: `selector` and `media` (a media query, or `false` for none).
    private mutating func cssMode(_ node: SyntaxNode) -> Configuration.CSSMode? {
      guard let mapping = self.mapping(node, key: "a mode's css options") else { return nil }
      var mode = Configuration.CSSMode()
      for entry in checked(mapping, section: "a mode's css options", allowed: Keys.cssMode) {
        switch entry.key.value {
        case "selector":
          mode.selector = selector(entry)
        case "media":
          if case .scalar(let scalar) = entry.value, scalar.boolValue == false {
            mode.media = .none
          } else if let query = selector(entry) {
            mode.media = .query(query)
          }
        default:
          break
        }
      }
      return mode
    }

    // MARK: Audit

    private mutating func audit(_ node: SyntaxNode) -> Configuration.Audit {
      var audit = Configuration.Audit()
      guard let mapping = self.mapping(node, key: "audit") else { return audit }
      for entry in checked(mapping, section: "audit", allowed: Keys.audit) {
        switch entry.key.value {
        case "level":
          if let level = choice(entry, Configuration.Audit.Level.self) { audit.level = level }
        case "method":
          if let method = choice(entry, Configuration.Audit.Method.self) { audit.method = method }
        case "canvas":
          if case .mapping(let perMode) = entry.value {
            audit.modeCanvases = self.perMode(perMode, key: "canvas") { $0.color($1) }
          } else if let color = color(entry) {
            audit.canvas = color
          }
        case "fail-build":
          if let value = bool(entry) { audit.failsBuild = value }
        case "report":
          if case .scalar(let scalar) = entry.value, scalar.style == .plain, scalar.boolValue == false {
            audit.reportDirectory = nil
          } else {
            audit.reportDirectory = outputPath(entry)
          }
        case "rules":
          audit.rules = rules(entry.value)
        default:
          break
        }
      }
      return audit
    }

    private mutating func rules(_ node: SyntaxNode) -> [Configuration.Audit.Rule] {
      guard case .sequence(let list) = node else {
        errors.append(
          .wrongType(
            key: "rules", expected: "a list of rules", found: node.kindDescription, at: node.location))
        return []
      }
      return list.items.compactMap { rule($0) }
    }

    private mutating func rule(_ node: SyntaxNode) -> Configuration.Audit.Rule? {
      guard let mapping = self.mapping(node, key: "a rule") else { return nil }
      var foreground: String?
      var background: Configuration.Audit.Rule.Background?
      var backgroundText = ""
      var role: Configuration.Audit.Role?
      var typography: String?
      var foregroundLocation: SourceLocation?
      var backgroundLocation: SourceLocation?
      var typographyLocation: SourceLocation?
      for entry in checked(mapping, section: "a rule", allowed: Keys.rule) {
        switch entry.key.value {
        case "foreground":
          foreground = pattern(entry)
          foregroundLocation = entry.value.location
        case "background":
          backgroundLocation = entry.value.location
          (background, backgroundText) = ruleBackground(entry)
        case "role":
          role = choice(entry, Configuration.Audit.Role.self)
        case "typography":
          typographyLocation = entry.value.location
          typography = typographyName(entry)
        default:
          break
        }
      }
      checkKeys(ofRule: mapping)
      // With a typography, the audit derives the role from it; `.text` stands in until then.
      guard let foreground, let background, let role = role ?? typography.map({ _ in .text }),
        (mapping["role"] == nil) != (mapping["typography"] == nil)
      else { return nil }
      return Configuration.Audit.Rule(
        foreground: foreground, background: background, backgroundText: backgroundText, role: role,
        location: mapping.location, foregroundLocation: foregroundLocation,
        backgroundLocation: backgroundLocation, typography: typography, typographyLocation: typographyLocation
      )
    }

    /// A rule's `background`: a literal color (`#RRGGBB`), one per mode, or a pattern; and the
    /// text as written, empty for one per mode.
    private mutating func ruleBackground(_ entry: SyntaxMapping.Entry)
      -> (background: Configuration.Audit.Rule.Background?, text: String)
    {
      if case .mapping(let perMode) = entry.value {
        let colors = self.perMode(perMode, key: "background") { parser, entry in
          parser.string(entry).flatMap { text in
            parser.color(entry).map { Configuration.Audit.Rule.ModeColor(color: $0, text: text) }
          }
        }
        return (.colorPerMode(colors), "")
      }
      guard let text = string(entry) else { return (nil, "") }
      guard text.hasPrefix("#") else { return (pattern(entry).map { .pattern($0) }, text) }
      switch ValueParser.hexColor(text) {
      case .success(let color): return (.color(color), text)
      case .failure(let problem):
        errors.append(.invalidColor(key: "background", problem: problem.message, at: entry.value.location))
        return (nil, text)
      }
    }

    /// A rule's `typography`: the pattern of one token, so without `*`.
    private mutating func typographyName(_ entry: SyntaxMapping.Entry) -> String? {
      guard let name = pattern(entry) else { return nil }
      guard !name.split(separator: ".").contains("*") else {
        errors.append(
          .invalidPattern(
            name, problem: "a typography names one token, without '*'", at: entry.value.location))
        return nil
      }
      return name
    }

    /// An error for each key a rule lacks (`foreground`, `background`, and one of `role` and
    /// `typography`), or for both of `role` and `typography`.
    private mutating func checkKeys(ofRule mapping: SyntaxMapping) {
      for key in ["foreground", "background"] where mapping[key] == nil {
        errors.append(.missingKey(key, section: "a rule", at: mapping.location))
      }
      switch (mapping["role"], mapping["typography"]) {
      case (nil, nil):
        errors.append(.missingEitherKey("role", or: "typography", section: "a rule", at: mapping.location))
      case (_?, _?):
        errors.append(.conflictingKeys("role", "typography", section: "a rule", at: mapping.location))
      default:
        break
      }
    }

    // MARK: Values

    /// The entries of `mapping`, with an error for every key not in `allowed`.
    private mutating func checked(_ mapping: SyntaxMapping, section: String, allowed: [String])
      -> [SyntaxMapping.Entry]
    {
      mapping.entries(allowed: allowed, section: section, errors: &errors)
    }

    private mutating func mapping(_ node: SyntaxNode, key: String) -> SyntaxMapping? {
      node.mapping(key: key, errors: &errors)
    }

    private mutating func string(_ entry: SyntaxMapping.Entry) -> String? {
      guard case .scalar(let scalar) = entry.value, !(scalar.style == .plain && scalar.value.isEmpty) else {
        errors.append(
          .wrongType(
            key: entry.key.value, expected: "a string", found: entry.value.kindDescription,
            at: entry.value.location))
        return nil
      }
      return scalar.value
    }

    private mutating func bool(_ entry: SyntaxMapping.Entry) -> Bool? {
      guard case .scalar(let scalar) = entry.value, let value = scalar.boolValue else {
        errors.append(
          .wrongType(
            key: entry.key.value, expected: "true or false", found: entry.value.kindDescription,
            at: entry.value.location))
        return nil
      }
      return value
    }

    private mutating func choice<T: RawRepresentable & CaseIterable>(_ entry: SyntaxMapping.Entry, _: T.Type)
      -> T?
    where T.RawValue == String {
      guard let text = string(entry) else { return nil }
      guard let value = T(rawValue: text) else {
        errors.append(
          .invalidValue(
            key: entry.key.value, value: text, allowed: T.allCases.map(\.rawValue), at: entry.value.location))
        return nil
      }
      return value
    }

    private mutating func color(_ entry: SyntaxMapping.Entry) -> Color? {
      guard let text = string(entry) else { return nil }
      switch ValueParser.hexColor(text) {
      case .success(let color): return color
      case .failure(let problem):
        errors.append(.invalidColor(key: entry.key.value, problem: problem.message, at: entry.value.location))
        return nil
      }
    }

    /// A path inside the project folder: relative and never climbing out with `..`,
    /// unless the user explicitly allowed it.
    private mutating func projectPath(_ entry: SyntaxMapping.Entry) -> String? {
      guard let text = string(entry) else { return nil }
      return projectPath(text, key: entry.key.value, at: entry.value.location)
    }

    /// A path only a build uses (see ``ConfigurationLoader/checksOutputPaths``): a project path,
    /// or any string when such paths are not checked.
    private mutating func outputPath(_ entry: SyntaxMapping.Entry) -> String? {
      checksOutputPaths ? projectPath(entry) : string(entry)
    }

    private mutating func projectPath(_ text: String, key: String, at location: SourceLocation) -> String? {
      if !allowsPathsOutsideProject {
        var depth = 0
        var escapes = text.hasPrefix("/") || text.hasPrefix("~")
        for component in text.split(separator: "/") {
          if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
          if depth < 0 { escapes = true }
        }
        if escapes {
          errors.append(.pathEscapesProject(key: key, path: text, at: location))
          return nil
        }
        if let link = ProjectPaths.linkLeavingProject(text, base: baseDirectory) {
          errors.append(.linkLeavesProject(key: key, path: text, link: link, at: location))
          return nil
        }
      }
      return text
    }

    /// A token pattern: dotted segments, each a valid name or `*`.
    ///
    /// `*` stands for a whole segment only: `info*` would silently match nothing (no glob
    /// inside a name), so it is refused here rather than reported later as an unmatched rule.
    private mutating func pattern(_ entry: SyntaxMapping.Entry) -> String? {
      string(entry).flatMap { pattern($0, at: entry.value.location) }
    }

    private mutating func pattern(_ text: String, at location: SourceLocation) -> String? {
      if let problem = TokenPattern.problem(in: text) {
        errors.append(.invalidPattern(text, problem: problem, at: location))
        return nil
      }
      return text
    }

    /// A Swift or Kotlin identifier (`EBTokens`), or a dotted package name (`com.eastblue.ds`).
    private mutating func identifier(_ entry: SyntaxMapping.Entry, dotted: Bool) -> String? {
      guard let text = string(entry) else { return nil }
      let parts = dotted ? text.split(separator: ".", omittingEmptySubsequences: false) : [Substring(text)]
      for part in parts {
        guard let first = part.unicodeScalars.first,
          first == "_" || (first.isASCII && first.properties.isAlphabetic),
          part.unicodeScalars.allSatisfy({
            $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
          })
        else {
          errors.append(
            .invalidIdentifier(
              key: entry.key.value, value: text,
              problem: "use ASCII letters, digits and '_', not starting with a digit",
              at: entry.value.location))
          return nil
        }
      }
      return text
    }

    /// A CSS selector that cannot end the rule it opens or smuggle markup in: no braces,
    /// semicolons, `<`, backslashes, comments, control characters or line breaks, and no quote
    /// left open (an open string would swallow the rest of the line, `{` included).
    private mutating func selector(_ entry: SyntaxMapping.Entry) -> String? {
      guard let text = string(entry) else { return nil }
      let forbidden: [Character] = ["{", "}", ";", "<", "\\"]
      var openQuote: Character?
      for character in text where character == "\"" || character == "'" {
        if openQuote == nil {
          openQuote = character
        } else if openQuote == character {
          openQuote = nil
        }
      }
      let hasControl = text.unicodeScalars.contains {
        SourceText.isControl($0) || $0 == "\t" || SourceText.isBidiControl($0) || $0 == "\u{2028}"
          || $0 == "\u{2029}"
      }
      guard !text.contains(where: forbidden.contains), !text.contains("/*"), !hasControl, openQuote == nil,
        !text.allSatisfy(\.isWhitespace)
      else {
        errors.append(
          .invalidIdentifier(
            key: "selector", value: text,
            problem: "a selector cannot be blank or contain {, }, ;, <, \\, '/*', control characters or "
              + "line breaks, and must close its quotes",
            at: entry.value.location))
        return nil
      }
      return text
    }
  }
}

/// Whether a path inside the project folder, as written, stays inside it on disk.
enum ProjectPaths {
  /// The first symbolic link along `path` (relative to `base`) that leads outside `base`, or
  /// that cannot be followed (a dangling link), as `path` spells it; `nil` when there is none.
  /// Components that do not exist yet are created by the build as folders, so they are safe.
  static func linkLeavingProject(_ path: String, base: String) -> String? {
    guard let root = realPath(base) else { return nil }
    var current = base
    var written: [Substring] = []
    for component in path.split(separator: "/") where component != "." {
      current = (current as NSString).appendingPathComponent(String(component))
      written.append(component)
      var status = stat()
      guard lstat(current, &status) == 0 else { return nil }
      guard status.st_mode & S_IFMT == S_IFLNK else { continue }
      guard let target = realPath(current), target == root || target.hasPrefix(root + "/") else {
        return written.joined(separator: "/")
      }
    }
    return nil
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
