import EBTokensModel
import EBTokensParsing
import EBTokensSupport

extension ModalTokenLoader {
  /// Loads modes that are each composed of their layers alone, as a DTCG resolver document's
  /// resolutions are: the layers merged in order (a later layer's token replaces an earlier one's,
  /// and a layer may add tokens), then `$extends`, `$root` and `$ref` applied, then every reference
  /// resolved within the mode. A layer several modes share is read once and its errors reported once.
  ///
  /// Every output declares a token once with a value per mode, so every mode must end up with the
  /// same tokens of the same types: a token some modes lack is an error naming it and those modes.
  /// With one mode, the tokens have no modes.
  ///
  /// - Returns: The tokens, and the warnings of every layer and mode.
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every error of every layer and mode.
  public func load(composed modes: [ModeSource]) throws -> Warned<ModalTokenSet> {
    var errors: [any DiagnosticConvertible] = []
    var layers: [String: TokenSource] = [:]
    for layer in modes.flatMap(\.layers) where layers[layer.name] == nil {
      let (source, parseErrors) = try tokenLoader.parse(layer.inputs, applyingStructure: false)
      errors += parseErrors
      layers[layer.name] = source
    }
    // Warnings of the layers, reported once however many modes share a layer.
    let layerWarnings = try DiagnosticsError.check(errors, strict: strict)

    var sets: [TokenSet] = []
    var modeErrors = ModeErrors()
    for mode in modes {
      var source = TokenSource()
      var composeErrors: [any DiagnosticConvertible] = []
      for layer in mode.layers {
        composeErrors += source.overlay(layers[layer.name] ?? TokenSource())
      }
      composeErrors += DTCGStructure.apply(to: &source, limits: limits)
      let (set, resolutionErrors) = Resolver.resolve(source, limits: limits)
      modeErrors.add(composeErrors + resolutionErrors, in: mode.name)
      sets.append(set)
    }
    let warnings = try DiagnosticsError.check(
      diagnostics: layerWarnings + modeErrors.diagnostics(ofModes: modes.count), strict: strict)
    guard modes.count > 1 else {
      return Warned(ModalTokenSet(single: sets.first ?? TokenSet(tokens: [])), warnings: warnings)
    }
    let differences = Self.differences(between: sets, modes: modes.map(\.name))
    if !differences.isEmpty { throw DiagnosticsError(differences) }
    return Warned(ModalTokenSet(modes: modes.map(\.name), sets: sets), warnings: warnings)
  }

  /// A token some modes lack, or whose type changes between modes.
  private static func differences(between sets: [TokenSet], modes: [String]) -> [ResolverError] {
    var errors: [ResolverError] = []
    var names: [String] = []
    var seen: Set<String> = []
    for set in sets {
      for token in set.tokens where seen.insert(token.name).inserted { names.append(token.name) }
    }
    for name in names {
      let tokens = sets.map { $0[name] }
      let location = tokens.lazy.compactMap { $0?.location }.first
      let definedIn = modes.indices.filter { tokens[$0] != nil }.map { modes[$0] }
      if definedIn.count < modes.count {
        let missingIn = modes.indices.filter { tokens[$0] == nil }.map { modes[$0] }
        errors.append(.tokenMissingInModes(name, definedIn: definedIn, missingIn: missingIn, at: location))
        continue
      }
      let types = modes.indices.compactMap { index in tokens[index].map { (modes[index], $0.type.rawValue) } }
      if Set(types.map(\.1)).count > 1 {
        errors.append(.typeDiffersInModes(name, types: types.map { (mode: $0.0, type: $0.1) }, at: location))
      }
    }
    return errors
  }
}

/// The errors of resolving several modes, each error once with every mode it occurs in, in the
/// order first found.
struct ModeErrors {
  private var found: [(diagnostic: Diagnostic, modes: [String])] = []

  mutating func add(_ errors: [any DiagnosticConvertible], in mode: String) {
    for diagnostic in errors.map(\.diagnostic) {
      if let index = found.firstIndex(where: { $0.diagnostic == diagnostic }) {
        found[index].modes.append(mode)
      } else {
        found.append((diagnostic, [mode]))
      }
    }
  }

  /// Each error, saying which modes it occurs in.
  var errors: [ModeError] { found.map { ModeError.inModes($0.modes, $0.diagnostic) } }

  /// Each error, saying which modes it occurs in unless it occurs in all `count` modes.
  func diagnostics(ofModes count: Int) -> [Diagnostic] {
    found.map {
      $0.modes.count == count ? $0.diagnostic : ModeError.inModes($0.modes, $0.diagnostic).diagnostic
    }
  }
}
