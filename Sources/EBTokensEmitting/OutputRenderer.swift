import EBTokensConfig
import EBTokensModel
import EBTokensSupport
import Foundation

/// Generates one kind of output's files from the tokens, in memory.
protocol OutputEmitter {
  /// The templates (and partials) the emitter renders for `tokens`; a user's template folder
  /// must have each.
  func templateNames(for tokens: ModalTokenSet) -> [String]
  func files(for tokens: ModalTokenSet, templates: TemplateSet) throws -> [GeneratedFile]
  /// What the output leaves out of `tokens` that the user should know: modes the platform has no
  /// mechanism for.
  func warnings(for tokens: ModalTokenSet) -> [Diagnostic]
}

extension OutputEmitter {
  func warnings(for tokens: ModalTokenSet) -> [Diagnostic] { [] }
}

/// An emitter whose last render an ``OutputMemo`` can keep and patch after a change of token
/// values alone: the Swift and Kotlin outputs, whose tokens are spread over part files, and CSS.
protocol PatchableOutputEmitter: OutputEmitter {
  /// The files, and with `keepingState`, what a later render patches.
  ///
  /// - Parameter handOff: Without `keepingState` (whose state holds the files), where the emitter
  ///   may give each file, in order, as soon as it is rendered, instead of returning it: then the
  ///   files returned come after those handed off. The Swift and Kotlin outputs of a large token
  ///   set are hundreds of part files, which a build compares and stages one at a time, never
  ///   holding them all (CSS, one file, hands off none).
  func render(
    _ tokens: ModalTokenSet, templates: TemplateSet, keepingState: Bool, handingOff handOff: FileHandOff?
  ) throws -> (files: [GeneratedFile], state: (any OutputPatching)?)
}

/// Takes an output's files one at a time, as they are rendered (``PatchableOutputEmitter``).
package typealias FileHandOff = (GeneratedFile) -> Void

/// An output's files as an emitter renders them: kept, to be returned, or handed off one at a
/// time (``PatchableOutputEmitter``).
struct RenderedFiles {
  private(set) var kept: [GeneratedFile] = []
  private let handOff: FileHandOff?

  init(handingOff handOff: FileHandOff?) {
    self.handOff = handOff
  }

  /// How many files are kept: the position in ``kept`` of the next one.
  var count: Int { kept.count }

  mutating func append(_ file: GeneratedFile) {
    if let handOff { handOff(file) } else { kept.append(file) }
  }
}

extension PatchableOutputEmitter {
  func files(for tokens: ModalTokenSet, templates: TemplateSet) throws -> [GeneratedFile] {
    try render(tokens, templates: templates, keepingState: false, handingOff: nil).files
  }
}

/// Renders every output a configuration lists, in memory, with the templates the
/// configuration chooses: an output's `template` folder, else the `templates`
/// folder's sub-folder for its kind, else the templates built into ebtokens.
public struct OutputRenderer: Sendable {
  public let configuration: Configuration
  /// Texts that replace built-in templates, by their name below `templates/`
  /// (`swift/token.mustache`): how the fuzzer feeds templates of its own through the renderer.
  package var builtInTemplateOverrides: [String: String] = [:]
  /// Where each template file read records the digest of its bytes, for a build's fingerprint.
  package var inputDigests: InputDigests?

  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with the errors of every output.
  public func render(_ tokens: TokenSet) throws -> [GeneratedOutput] {
    try render(ModalTokenSet(single: tokens))
  }

  /// Every output, with each token's value in every mode.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with the errors of every output.
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

  /// The output's files, from the tokens its filter keeps: every kind of output is filtered here,
  /// and only here.
  public func render(_ output: Configuration.Output, tokens: ModalTokenSet) throws -> GeneratedOutput {
    try render(output, tokens: tokens, memo: nil, changedTokens: nil)
  }

  /// The output's files, keeping what `memo` needs to render them again after a change of token
  /// values alone (``OutputMemo``).
  ///
  /// - Parameters:
  ///   - memo: What the session keeps of this output between renders; `nil` outside a session.
  ///   - changedTokens: The tokens whose values alone changed since the render `memo` keeps, when
  ///     nothing else changed: the tokens, their order, types, modality and deprecation, the
  ///     configuration and the templates are all as they were. `nil` when that is not known: the
  ///     output renders in full.
  ///   - handOff: Outside a session (without `memo`), where an output that renders many files may
  ///     give each, in order, as soon as it is rendered (``PatchableOutputEmitter``); the output
  ///     returned then lists only the files not handed off, which come after them.
  package func render(
    _ output: Configuration.Output, tokens: ModalTokenSet, memo: OutputMemo?, changedTokens: [ModalToken]?,
    handingOff handOff: FileHandOff? = nil
  ) throws -> GeneratedOutput {
    let tokens = output.filter.apply(to: tokens)
    let options = output.options
    let emitter: any OutputEmitter
    switch output.kind {
    case .swift:
      emitter = SwiftEmitter(
        moduleName: options.swiftModule, location: output.location,
        keepsReferences: options.codeKeepsReferences, writesSourcesOnly: options.swiftSourcesOnly)
    case .kotlin:
      emitter = KotlinEmitter(
        packageName: options.kotlinPackage, objectName: options.kotlinObject, location: output.location,
        keepsReferences: options.codeKeepsReferences)
    case .css:
      let destination = configuration.resolvedPath(output.destination)
      var isDirectory: ObjCBool = false
      if output.destination.hasSuffix("/")
        || (FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory)
          && isDirectory.boolValue)
      {
        throw DiagnosticsError([
          EmittingError.destinationNotAFile(path: output.destination, at: output.location)
        ])
      }
      emitter = CSSEmitter(
        fileName: (destination as NSString).lastPathComponent, selector: options.cssSelector,
        language: CSSLanguage(keepsReferences: options.keepsReferences), modeOptions: options.cssModes)
    case .xcassets:
      let folder = (output.destination as NSString).lastPathComponent
      if folder.lowercased().hasSuffix(".xcassets") {
        throw DiagnosticsError([
          EmittingError.destinationIsACatalog(path: output.destination, at: output.location)
        ])
      }
      emitter = XCAssetsEmitter(catalogName: options.catalogName, location: output.location)
    case .android:
      emitter = AndroidEmitter(location: output.location)
    case .typescript:
      emitter = TypeScriptEmitter()
    case .scss:
      emitter = SCSSEmitter()
    }
    let files: [GeneratedFile]
    if let memo, let patchable = emitter as? any PatchableOutputEmitter {
      let state = memo.state
      memo.state = nil
      if let state, let changedTokens,
        let patched = state.patch(
          tokens, changed: changedTokens.filter { output.filter.keeps($0.first) }.map(\.name))
      {
        files = patched
        memo.state = state
        memo.patches += 1
      } else {
        let templates = try self.templates(for: output, required: emitter.templateNames(for: tokens))
        let rendered = try patchable.render(tokens, templates: templates, keepingState: true, handingOff: nil)
        files = rendered.files
        memo.state = rendered.state
      }
    } else {
      let templates = try self.templates(for: output, required: emitter.templateNames(for: tokens))
      if let patchable = emitter as? any PatchableOutputEmitter {
        files = try patchable.render(tokens, templates: templates, keepingState: false, handingOff: handOff)
          .files
      } else {
        files = try emitter.files(for: tokens, templates: templates)
      }
    }
    return GeneratedOutput(
      directory: directory(for: output), files: files, warnings: emitter.warnings(for: tokens))
  }

  /// The folder an output's files go into: its destination, or for CSS (whose
  /// destination is a file) the folder holding that file.
  package func directory(for output: Configuration.Output) -> String {
    let destination = configuration.resolvedPath(output.destination)
    guard output.kind == .css else { return destination }
    let directory = PathComponents.folder(of: destination)
    return directory.isEmpty ? "." : directory
  }

  /// The folder of `output`'s templates; `nil` when it uses the built-in ones.
  package func templateFolder(for output: Configuration.Output) -> String? {
    if let template = output.template { return configuration.resolvedPath(template) }
    guard let root = configuration.templates else { return nil }
    return (configuration.resolvedPath(root) as NSString).appendingPathComponent(output.kind.rawValue)
  }

  /// The built-in templates of `kind`, by their name below `templates/`, and their text.
  package static func builtInTemplates(_ kind: Configuration.Output.Kind) -> [(name: String, text: String)] {
    let prefix = kind.rawValue + "/"
    return EmbeddedTemplates.files.keys.sorted().filter { $0.hasPrefix(prefix) }.compactMap { key in
      EmbeddedTemplates.files[key].map { (key, $0) }
    }
  }

  private func templates(for output: Configuration.Output, required: [String]) throws -> TemplateSet {
    if let folder = templateFolder(for: output) {
      return try .folder(folder, required: required, at: output.location, digests: inputDigests)
    }
    return try .builtIn(output.kind, required: required, overrides: builtInTemplateOverrides)
  }
}
