import EBTokensConfig
import EBTokensEmitting
import EBTokensModel
import EBTokensParsing
import EBTokensResolution
import EBTokensSupport
import EBTokensSyntax
import Foundation

/// The tokens a configuration names, in every mode: `tokens` with its `modes`, or the chosen
/// resolutions of a DTCG resolver document (`resolver`), which become modes.
public enum ProjectTokens {
  /// Every file the tokens come from, and how they make up the modes. A resolver document, and a
  /// file its pointers lead into, are read here: each records the digest of its bytes in `digests`.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` for a missing folder, layer or file, or an invalid resolver
  ///   document or choice of its contexts.
  public static func inputs(_ configuration: Configuration, limits: Limits = .standard) throws
    -> ModalTokenLoader.Inputs
  {
    try inputs(configuration, limits: limits, digests: nil)
  }

  static func inputs(_ configuration: Configuration, limits: Limits, digests: InputDigests?) throws
    -> ModalTokenLoader.Inputs
  {
    let loader = ModalTokenLoader(limits: limits, jsonExtensions: configuration.jsonExtensions)
    guard let resolver = configuration.resolver else {
      return try loader.inputs(configuration: configuration)
    }
    return try ResolverModes(limits: limits, digests: digests).inputs(resolver, in: configuration)
  }

  /// The tokens in every mode, and the warnings their files gave.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every error of every file, layer and mode.
  public static func load(_ configuration: Configuration, limits: Limits = .standard) throws
    -> Warned<ModalTokenSet>
  {
    try ModalTokenLoader(
      limits: limits, jsonExtensions: configuration.jsonExtensions, strict: configuration.strict
    )
    .load(try inputs(configuration, limits: limits))
  }
}

extension ProjectTokens {
  /// The tokens in one mode, as `list` and `export` print them: `mode` (a name from `modes:`, or a
  /// resolver document's combination such as `dark-acme`), or the default mode, the first. With
  /// `tokenDirectory` (relative to the working directory), the files in that folder alone, with the
  /// config's JSON file endings but none of its modes.
  ///
  /// - Returns: The mode's tokens, and the warnings the files of every mode gave.
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every error of every file and mode, or a
  ///   ``ModeChoiceError`` when `mode` is not one of the project's modes.
  public static func load(
    _ configuration: Configuration, tokenDirectory: String?, mode: String?, limits: Limits = .standard
  ) throws -> Warned<TokenSet> {
    let loader = ModalTokenLoader(
      limits: limits, jsonExtensions: configuration.jsonExtensions, strict: configuration.strict)
    if let tokenDirectory {
      if let mode { throw DiagnosticsError([ModeChoiceError(mode: mode, modes: [])]) }
      return try loader.tokenLoader.load(directory: tokenDirectory)
    }
    let inputs = try self.inputs(configuration, limits: limits)
    let modes = inputs.modes.map(\.name)
    var index = 0
    if let mode {
      guard let found = modes.firstIndex(of: mode) else {
        throw DiagnosticsError([ModeChoiceError(mode: mode, modes: modes)])
      }
      index = found
    }
    let tokens = try loader.load(inputs)
    return Warned(tokens.value.sets[index], warnings: tokens.warnings)
  }
}

/// `--mode` names a mode the project does not have.
public struct ModeChoiceError: DiagnosticConvertible, Equatable {
  public let mode: String
  /// The project's modes; empty when it has none.
  public let modes: [String]

  public var diagnostic: Diagnostic {
    guard !modes.isEmpty else {
      return Diagnostic("there is no mode '\(mode)': the project has no modes", at: nil)
    }
    let hint = Suggestion.closest(to: mode, in: modes).map { "did you mean '\($0)'? " } ?? ""
    return Diagnostic(
      "there is no mode '\(mode)'; \(hint)the modes are \(modes.joined(separator: ", "))", at: nil)
  }
}

extension Configuration {
  /// The configuration with its tokens named by the resolver document at `path` (relative to the
  /// working directory), as `--resolver` asks: its contexts chosen as the config's `resolver`
  /// chooses them, or all.
  public func withResolver(_ path: String) -> Configuration {
    var configuration = self
    let absolute =
      path.hasPrefix("/")
      ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    var resolver = Configuration.Resolver(path: absolute, choices: self.resolver?.choices ?? [])
    resolver.modeReferences = self.resolver?.modeReferences ?? []
    resolver.perModeSettings = self.resolver?.perModeSettings ?? []
    configuration.resolver = resolver
    configuration.modes = []
    return configuration
  }
}

/// Compiles a DTCG resolver document into modes: every chosen combination of its modifiers'
/// contexts is one mode, named after the contexts of the modifiers that vary (`dark`, `dark-acme`),
/// whose layers are its sources in `resolutionOrder`: each set's, and each modifier's chosen context's.
struct ResolverModes {
  let limits: Limits
  /// Where each file read records the digest of its bytes.
  var digests: InputDigests?

  /// The most modes one build makes: every output declares each token once per mode, so a
  /// document of many modifiers crossed in full (ten of ten contexts is ten billion) must choose.
  static let maxCombinations = 256

  /// One combination: a context of each modifier, in `resolutionOrder`.
  private typealias Combination = [ResolverDocument.Modifier.Context]

  func inputs(_ resolver: Configuration.Resolver, in configuration: Configuration) throws
    -> ModalTokenLoader.Inputs
  {
    let path = configuration.resolvedPath(resolver.path)
    guard FileManager.default.fileExists(atPath: path) else {
      throw DiagnosticsError([ResolverError.sourceNotFound(resolver.path, at: resolver.location)])
    }
    let file = TokenFiles.File(path: path, format: Self.format(ofFileNamed: path))
    let (syntax, readErrors) = read(file)
    guard let syntax, readErrors.isEmpty else { throw DiagnosticsError(readErrors) }
    let (parsed, errors) = ResolverDocument.parse(syntax, format: file.format)
    guard let document = parsed else { throw DiagnosticsError(errors) }

    let combinations = try choose(resolver, in: document)
    let names = try modeNames(combinations, in: document)
    try checkModeReferences(resolver, modes: combinations.count > 1 ? names : [])

    var sources = SourceReader(document: document, file: file, reader: self)
    var modes: [ModeSource] = []
    for (name, combination) in zip(names, combinations) {
      var layers: [ModeSource.Layer] = []
      var contexts = combination.makeIterator()
      for step in document.resolutionOrder {
        switch step {
        case .set(let set): layers += set.sources.compactMap { sources.layer($0) }
        case .modifier: layers += contexts.next()?.sources.compactMap { sources.layer($0) } ?? []
        }
      }
      modes.append(ModeSource(name: name, layers: layers))
    }
    if !sources.errors.isEmpty { throw DiagnosticsError(sources.errors) }
    return ModalTokenLoader.Inputs(base: [], modes: modes, resolverDocument: file)
  }

  /// The combinations of the chosen contexts, the first modifier's varying slowest; each modifier
  /// not chosen contributes all its contexts, its `default` first.
  private func choose(_ resolver: Configuration.Resolver, in document: ResolverDocument) throws
    -> [Combination]
  {
    let choices = resolver.choices
    let modifiers = document.modifiers
    var errors: [ResolverError] = []
    for choice in choices {
      guard let modifier = modifiers.first(where: { $0.name == choice.modifier }) else {
        errors.append(.unknownModifier(choice.modifier, known: modifiers.map(\.name), at: choice.location))
        continue
      }
      for context in choice.contexts ?? [] where !modifier.contexts.contains(where: { $0.name == context }) {
        errors.append(
          .unknownContext(
            context, modifier: modifier.name, known: modifier.contexts.map(\.name), at: choice.location))
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    var chosen: [[ResolverDocument.Modifier.Context]] = []
    for modifier in modifiers {
      let contexts: [ResolverDocument.Modifier.Context]
      if let names = choices.first(where: { $0.modifier == modifier.name })?.contexts {
        contexts = names.compactMap { name in modifier.contexts.first { $0.name == name } }
      } else {
        let first = modifier.contexts.filter { $0.name == modifier.defaultContext }
        contexts = first + modifier.contexts.filter { $0.name != modifier.defaultContext }
      }
      chosen.append(contexts)
    }
    var count = 1
    for contexts in chosen {
      let (product, overflow) = count.multipliedReportingOverflow(by: contexts.count)
      count = overflow ? Self.maxCombinations + 1 : min(product, Self.maxCombinations + 1)
    }
    if count > Self.maxCombinations {
      let location = resolver.location ?? modifiers.first?.location
      throw DiagnosticsError([ResolverError.tooManyCombinations(limit: Self.maxCombinations, at: location)])
    }
    return chosen.reduce([[]]) { combinations, contexts in
      combinations.flatMap { combination in contexts.map { combination + [$0] } }
    }
  }

  /// Each combination's mode name: its contexts of the modifiers with more than one chosen, joined
  /// with `-`. Each must be a valid mode name, and no two may become one identifier.
  private func modeNames(_ combinations: [Combination], in document: ResolverDocument) throws -> [String] {
    guard combinations.count > 1, let first = combinations.first else {
      return combinations.map { _ in "default" }
    }
    let varying = first.indices.filter { index in Set(combinations.map { $0[index].name }).count > 1 }
    var errors: [ResolverError] = []
    var identifiers: [String: String] = [:]
    let names = combinations.map { combination in varying.map { combination[$0].name }.joined(separator: "-")
    }
    for (name, combination) in zip(names, combinations) {
      let location = combination[varying.last ?? 0].location
      if let problem = ModeName.problem(name) {
        if !errors.contains(.invalidModeName(name, problem: problem, at: location)) {
          errors.append(.invalidModeName(name, problem: problem, at: location))
        }
        continue
      }
      for identifier in [ModeName.member(name), ModeName.entry(name)] {
        if let other = identifiers[identifier], other != name {
          errors.append(.modeNameCollision(name, identifier: identifier, first: other, at: location))
          break
        }
        identifiers[identifier] = name
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return names
  }

  /// The modes that per-mode settings of the config name must be the document's.
  private func checkModeReferences(_ resolver: Configuration.Resolver, modes: [String]) throws {
    var errors: [ConfigurationError] = []
    for reference in resolver.modeReferences where !modes.contains(reference.name) {
      errors.append(.unknownMode(reference.name, declared: modes, at: reference.location))
    }
    for setting in resolver.perModeSettings where !modes.isEmpty {
      for mode in modes where !setting.modes.contains(mode) {
        errors.append(.missingMode(mode, key: setting.key, at: setting.location))
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
  }

  /// A file's tree, with the reader's errors.
  func read(_ file: TokenFiles.File) -> (SyntaxDocument?, [any DiagnosticConvertible]) {
    switch file.format {
    case .yaml:
      let result = YAMLReader(limits: limits).read(path: file.path, displayPath: file.displayPath)
      digests?.record(file.path, result.contentDigest)
      return (result.document, result.errors)
    case .json:
      let result = JSONReader(limits: limits).read(path: file.path, displayPath: file.displayPath)
      digests?.record(file.path, result.contentDigest)
      return (result.document, result.errors)
    }
  }

  /// A resolver document, and a file it names, are YAML when their names say so, else JSON.
  static func format(ofFileNamed path: String) -> TokenFileFormat {
    TokenFileFormat.yamlExtensions.contains(where: path.lowercased().hasSuffix) ? .yaml : .json
  }
}

/// Turns a resolver document's sources into layers, reading each file a pointer leads into once.
private struct SourceReader {
  let document: ResolverDocument
  /// The resolver document's own file.
  let file: TokenFiles.File
  let reader: ResolverModes
  private(set) var errors: [any DiagnosticConvertible] = []
  /// The trees of the files that pointers lead into, by path; `nil` for one that failed.
  private var trees: [String: SyntaxDocument?] = [:]
  /// Files already reported missing.
  private var missing: Set<String> = []

  init(document: ResolverDocument, file: TokenFiles.File, reader: ResolverModes) {
    self.document = document
    self.file = file
    self.reader = reader
  }

  /// The source as a layer; `nil` (with an error) when its file or pointer leads nowhere.
  mutating func layer(_ source: ResolverDocument.Source) -> ModeSource.Layer? {
    switch source {
    case .inline(let node):
      let tree = SyntaxDocument(path: document.path, root: node)
      return ModeSource.Layer(
        name: "\(node.location)", inputs: [.tree(tree, format: document.format, origin: file)])
    case .file(let written, let pointer, let location):
      let directory = PathComponents.folder(of: file.path)
      let path = written.hasPrefix("/") ? written : (directory as NSString).appendingPathComponent(written)
      let target = TokenFiles.File(path: path, format: ResolverModes.format(ofFileNamed: path))
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
      else {
        if missing.insert(path).inserted {
          errors.append(ResolverError.sourceNotFound(written, at: location))
        }
        return nil
      }
      guard !pointer.isEmpty else { return ModeSource.Layer(name: path, inputs: [.file(target)]) }
      guard let tree = tree(of: target) else { return nil }
      guard let root = tree.root, let node = ResolverDocument.node(at: pointer, in: root) else {
        errors.append(
          ResolverError.pointerNotFound(ResolverDocument.pointerText(pointer), file: written, at: location))
        return nil
      }
      return ModeSource.Layer(
        name: path + ResolverDocument.pointerText(pointer),
        inputs: [.tree(SyntaxDocument(path: tree.path, root: node), format: target.format, origin: target)])
    }
  }

  private mutating func tree(of file: TokenFiles.File) -> SyntaxDocument? {
    if let tree = trees[file.path] { return tree }
    let (tree, readErrors) = reader.read(file)
    errors += readErrors
    trees[file.path] = readErrors.isEmpty ? tree : nil
    return readErrors.isEmpty ? tree : nil
  }
}
