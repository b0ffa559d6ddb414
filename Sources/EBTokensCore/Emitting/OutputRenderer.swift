import Foundation

/// Generates one kind of output's files from the tokens, in memory.
protocol OutputEmitter {
  /// The templates (and partials) the emitter renders for `tokens`; a user's template folder
  /// must have each.
  func templateNames(for tokens: ModalTokenSet) -> [String]
  func files(for tokens: ModalTokenSet, templates: TemplateSet) throws -> [GeneratedFile]
}

/// Renders every output a configuration lists, in memory, with the templates the
/// configuration chooses: an output's `template` folder, else the `templates`
/// folder's sub-folder for its kind, else the templates built into ebtokens.
public struct OutputRenderer: Sendable {
  public let configuration: Configuration

  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// - Throws: ``DiagnosticsError`` with the errors of every output.
  public func render(_ tokens: TokenSet) throws -> [GeneratedOutput] {
    try render(ModalTokenSet(single: tokens))
  }

  /// Every output, with each token's value in every mode.
  ///
  /// - Throws: ``DiagnosticsError`` with the errors of every output.
  public func render(_ tokens: ModalTokenSet) throws -> [GeneratedOutput] {
    var outputs: [GeneratedOutput] = []
    var diagnostics: [Diagnostic] = []
    for output in configuration.outputs {
      do {
        outputs.append(try render(output, tokens: tokens))
      } catch let error as DiagnosticsError {
        diagnostics += error.diagnostics
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics: diagnostics) }
    return outputs
  }

  public func render(_ output: Configuration.Output, tokens: TokenSet) throws -> GeneratedOutput {
    try render(output, tokens: ModalTokenSet(single: tokens))
  }

  public func render(_ output: Configuration.Output, tokens: ModalTokenSet) throws -> GeneratedOutput {
    let destination = configuration.resolvedPath(output.destination)
    let options = output.options
    let emitter: any OutputEmitter
    var directory = destination
    switch output.kind {
    case .swift:
      emitter = SwiftEmitter(moduleName: options.swiftModule, location: output.location)
    case .kotlin:
      emitter = KotlinEmitter(
        packageName: options.kotlinPackage, objectName: options.kotlinObject, location: output.location)
    case .css:
      var isDirectory: ObjCBool = false
      if output.destination.hasSuffix("/")
        || (FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory)
          && isDirectory.boolValue)
      {
        throw DiagnosticsError([
          EmittingError.destinationNotAFile(path: output.destination, at: output.location)
        ])
      }
      directory = (destination as NSString).deletingLastPathComponent
      emitter = CSSEmitter(
        fileName: (destination as NSString).lastPathComponent, selector: options.cssSelector,
        language: CSSLanguage(keepsReferences: options.keepsReferences), modeOptions: options.cssModes)
    }
    let templates = try self.templates(for: output, required: emitter.templateNames(for: tokens))
    return GeneratedOutput(
      directory: directory.isEmpty ? "." : directory,
      files: try emitter.files(for: tokens, templates: templates))
  }

  private func templates(for output: Configuration.Output, required: [String]) throws -> TemplateSet {
    if let folder = output.template {
      return try .folder(configuration.resolvedPath(folder), required: required, at: output.location)
    }
    if let root = configuration.templates {
      let folder = (configuration.resolvedPath(root) as NSString).appendingPathComponent(output.kind.rawValue)
      return try .folder(folder, required: required, at: output.location)
    }
    return try .builtIn(output.kind, required: required)
  }
}

extension Configuration {
  /// A path from the configuration: relative to the config file's folder, unless
  /// absolute or in a home folder (which `--allow-outside-project` permits).
  func resolvedPath(_ path: String) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    return expanded.hasPrefix("/") ? expanded : (baseDirectory as NSString).appendingPathComponent(expanded)
  }
}
