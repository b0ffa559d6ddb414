import EBTokensConfig
import EBTokensModel
import EBTokensParsing
import EBTokensSupport
import Foundation

/// One mode as the loader reads it: a name, and its token sources in order.
///
/// This is the shape both ways of declaring modes reduce to: `modes:` in `ebtokens.yml` (layers
/// over the base set), and a DTCG resolver document (each chosen combination of its modifiers'
/// contexts is a mode whose layers are all its sources in `resolutionOrder`, with no base).
public struct ModeSource: Sendable {
  public struct Layer: Sendable {
    /// Identifies the layer: a layer that several modes share is read and checked once.
    public let name: String
    /// Token files, or trees read already (tokens written in a resolver document).
    public let inputs: [TokenInput]

    public init(name: String, files: [TokenFiles.File]) {
      self.init(name: name, inputs: files.map(TokenInput.file))
    }

    public init(name: String, inputs: [TokenInput]) {
      self.name = name
      self.inputs = inputs
    }
  }

  public let name: String
  /// Applied in order over the base: a later layer overrides an earlier one, token by token.
  public let layers: [Layer]

  public init(name: String, layers: [Layer]) {
    self.name = name
    self.layers = layers
  }
}

/// Loads a token set in every mode: the base files, then each mode as the base with its layers'
/// tokens substituted, resolved on its own so that references resolve within the mode (`{a}` in
/// dark is dark `a`, and a base token that references an overridden one changes with it).
///
/// A layer may only override the value of a token the base defines, keeping its type; so every
/// mode has the same tokens, and outputs declare each once with a value per mode.
public struct ModalTokenLoader: Sendable {
  /// What reads the base and each layer: its limits, DTCG JSON file endings and strictness are
  /// this loader's too.
  public var tokenLoader: TokenLoader

  public var limits: Limits { tokenLoader.limits }
  public var jsonExtensions: [String] { tokenLoader.jsonExtensions }
  public var strict: Bool { tokenLoader.strict }

  public init(limits: Limits = .standard, jsonExtensions: [String] = [], strict: Bool = false) {
    tokenLoader = TokenLoader(limits: limits, jsonExtensions: jsonExtensions, strict: strict)
  }

  /// Every file a configuration's tokens come from: the base set and each mode's layers, or a
  /// resolver document's resolutions.
  public struct Inputs: Sendable {
    public let base: [TokenFiles.File]
    /// Empty for a project without modes.
    public let modes: [ModeSource]
    /// The resolver document the modes come from: each mode is then its layers alone, composed
    /// (see ``load(composed:)``); `nil` for modes layered over `base`.
    public let resolverDocument: TokenFiles.File?

    public init(base: [TokenFiles.File], modes: [ModeSource], resolverDocument: TokenFiles.File? = nil) {
      self.base = base
      self.modes = modes
      self.resolverDocument = resolverDocument
    }

    /// Every file, the resolver document or the base first, then each mode's layers in order.
    public var allFiles: [TokenFiles.File] {
      (resolverDocument.map { [$0] } ?? base) + modes.flatMap { $0.layers.flatMap { $0.inputs.map(\.file) } }
    }
  }

  /// The files `configuration` names: `tokens`, and its `modes` when it has any.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` for a missing folder or layer.
  public func inputs(configuration: Configuration) throws -> Inputs {
    let directory = configuration.resolvedPath(configuration.tokens)
    let base = try TokenFiles.find(in: directory, jsonExtensions: jsonExtensions)
    guard !configuration.modes.isEmpty else { return Inputs(base: base, modes: []) }
    return Inputs(base: base, modes: try modeSources(configuration, tokenDirectory: directory))
  }

  /// The tokens `configuration` names: `tokens`, and its `modes` when it has any.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every error of every file, layer and mode.
  public func load(configuration: Configuration) throws -> Warned<ModalTokenSet> {
    try load(try inputs(configuration: configuration))
  }

  /// Loads the files `inputs` lists.
  public func load(_ inputs: Inputs) throws -> Warned<ModalTokenSet> {
    inputs.resolverDocument == nil
      ? try load(base: inputs.base, modes: inputs.modes) : try load(composed: inputs.modes)
  }

  /// Loads `base` in every mode of `modes`; the first mode is the default. Without modes, the
  /// base alone.
  public func load(base: [TokenFiles.File], modes: [ModeSource]) throws -> Warned<ModalTokenSet> {
    guard !modes.isEmpty else {
      let loaded = try tokenLoader.load(files: base)
      return Warned(ModalTokenSet(single: loaded.value), warnings: loaded.warnings)
    }
    var errors: [any DiagnosticConvertible] = []
    func parse(_ inputs: [TokenInput]) throws -> TokenSource {
      let (source, parseErrors) = try tokenLoader.parse(inputs)
      errors += parseErrors
      return source
    }
    let baseSource = try parse(base.map(TokenInput.file))
    var layers: [String: TokenSource] = [:]
    var layerOrder: [String] = []
    for layer in modes.flatMap(\.layers) where layers[layer.name] == nil {
      layers[layer.name] = try parse(layer.inputs)
      layerOrder.append(layer.name)
    }
    let (baseSet, baseErrors) = Resolver.resolve(baseSource, limits: limits)
    errors += baseErrors
    // The modes are resolved even when the base or a layer has errors, so one run reports a mode's
    // own errors with theirs (an invalid value in a layer, a cycle a layer closes). What the base
    // says wrongly is found again in every mode: it is reported once. Overrides that are wrong in
    // themselves are left out of the modes, so their errors come once, from the check below.
    let baseDiagnostics = Set(errors.map(\.diagnostic))
    var overrides: [String: [(index: Int, definition: TokenDefinition)]] = [:]
    for name in layerOrder {
      guard let layer = layers[name] else { continue }
      overrides[name] = checkedOverrides(layer, base: baseSource, resolved: baseSet, errors: &errors)
    }

    var sets: [TokenSet] = []
    var modeErrors = ModeErrors()
    for mode in modes {
      guard !mode.layers.isEmpty else {
        sets.append(baseSet)
        continue
      }
      var source = baseSource
      for layer in mode.layers {
        for (index, definition) in overrides[layer.name] ?? [] {
          source.definitions[index] = substituted(definition, for: baseSource.definitions[index], in: baseSet)
        }
      }
      let (set, resolutionErrors) = Resolver.resolve(source, limits: limits)
      modeErrors.add(resolutionErrors.filter { !baseDiagnostics.contains($0.diagnostic) }, in: mode.name)
      sets.append(set)
    }
    errors += modeErrors.errors
    let warnings = try DiagnosticsError.check(errors, strict: strict)
    return Warned(ModalTokenSet(modes: modes.map(\.name), sets: sets), warnings: warnings)
  }

  /// The layer's token definitions that validly override a base token, by index in the base;
  /// every other definition is an error.
  private func checkedOverrides(
    _ layer: TokenSource, base: TokenSource, resolved: TokenSet, errors: inout [any DiagnosticConvertible]
  ) -> [(index: Int, definition: TokenDefinition)] {
    for group in layer.groups.values where group.deprecation != nil {
      errors.append(ModeError.notOverridable(key: "$deprecated", owner: group.path.name, at: group.location))
    }
    var valid: [(index: Int, definition: TokenDefinition)] = []
    for definition in layer.definitions {
      let name = definition.path.name
      guard let index = base.definitionIndex[name] else {
        if let group = base.groups[name] {
          errors.append(ModeError.overridesGroup(name, group: group.location, at: definition.location))
        } else {
          errors.append(
            ModeError.unknownToken(
              name, suggestion: suggestion(for: definition.path, in: base), at: definition.location))
        }
        continue
      }
      var isValid = true
      if definition.deprecation != nil {
        errors.append(ModeError.notOverridable(key: "$deprecated", owner: name, at: definition.location))
        isValid = false
      }
      // A base token that failed to resolve was reported already; its type is unknown.
      if let baseType = resolved[name]?.type,
        let type = definition.declaredType ?? inheritedType(of: definition.path, in: layer), type != baseType
      {
        errors.append(
          ModeError.changesType(
            name, from: baseType, to: type, base: base.definitions[index].location, at: definition.location))
        isValid = false
      }
      if isValid && !definition.hasInvalidType { valid.append((index, definition)) }
    }
    return valid
  }

  /// The `$type` of the nearest group above `path` in a layer's own files.
  private func inheritedType(of path: TokenPath, in layer: TokenSource) -> TokenType? {
    var segments = path.segments.dropLast()
    while !segments.isEmpty {
      if let type = layer.groups[segments.joined(separator: ".")]?.type { return type }
      segments = segments.dropLast()
    }
    return nil
  }

  /// The override as the mode's definition of the token: the override's value and location, with
  /// the base token's type (so an override needs no `$type` of its own) and deprecation, which stay
  /// the same in every mode, and the override's description and extensions when it has them (a
  /// Figma export gives every mode's tokens their own `$extensions`), else the base token's.
  private func substituted(_ override: TokenDefinition, for base: TokenDefinition, in resolved: TokenSet)
    -> TokenDefinition
  {
    TokenDefinition(
      path: base.path, declaredType: resolved[base.path.name]?.type ?? base.declaredType,
      hasInvalidType: base.hasInvalidType, unsupportedType: base.unsupportedType,
      value: override.value, description: override.description ?? base.description,
      deprecation: base.deprecation, extensions: override.extensions ?? base.extensions, root: base.root,
      location: override.location, valueLocation: override.valueLocation)
  }

  /// The closest base token to a misspelled override, looked for among the tokens under the
  /// deepest group of the override's path that exists, then among all.
  private func suggestion(for path: TokenPath, in base: TokenSource) -> String? {
    let names = base.definitions.lazy.map(\.path.name)
    var prefixLength = path.segments.count - 1
    while prefixLength > 0 {
      let prefix = path.segments.prefix(prefixLength).joined(separator: ".")
      if base.groups[prefix] != nil {
        if let match = Suggestion.closest(to: path.name, in: names.filter { $0.hasPrefix(prefix + ".") }) {
          return match
        }
        break
      }
      prefixLength -= 1
    }
    return Suggestion.closest(to: path.name, in: names)
  }

  /// Each mode of `configuration` with its layers' files, checking every layer path.
  private func modeSources(_ configuration: Configuration, tokenDirectory: String) throws -> [ModeSource] {
    var diagnostics: [Diagnostic] = []
    let tokens = URL(fileURLWithPath: tokenDirectory).standardizedFileURL.path + "/"
    var sources: [ModeSource] = []
    for mode in configuration.modes {
      var layers: [ModeSource.Layer] = []
      for layer in mode.layers {
        let path = configuration.resolvedPath(layer.path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
          diagnostics.append(
            ModeError.layerNotFound(mode: mode.name, path: layer.path, at: layer.location).diagnostic)
          continue
        }
        if URL(fileURLWithPath: path).standardizedFileURL.path.hasPrefix(tokens) {
          diagnostics.append(
            ModeError.layerInsideTokens(
              mode: mode.name, path: layer.path, tokens: configuration.tokens, at: layer.location
            ).diagnostic)
          continue
        }
        guard isDirectory.boolValue else {
          let name = (path as NSString).lastPathComponent
          guard let format = TokenFileFormat.of(fileNamed: name, extraJSONExtensions: jsonExtensions) else {
            diagnostics.append(
              ModeError.layerNotATokenFile(mode: mode.name, path: layer.path, at: layer.location).diagnostic)
            continue
          }
          layers.append(ModeSource.Layer(name: path, files: [TokenFiles.File(path: path, format: format)]))
          continue
        }
        do {
          layers.append(
            ModeSource.Layer(name: path, files: try TokenFiles.find(in: path, jsonExtensions: jsonExtensions))
          )
        } catch let error as DiagnosticsError {
          diagnostics += error.diagnostics
        }
      }
      sources.append(ModeSource(name: mode.name, layers: layers))
    }
    if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics: diagnostics) }
    return sources
  }
}
