import EBTokensConfig
import EBTokensSupport
import Foundation

/// One output kind's Mustache templates: the files its emitter renders and the
/// partials they include (`{{> namespace}}`), each registered under its file name
/// without `.mustache`.
///
/// The templates come from a folder (the user's, or `templates/<kind>` in this
/// repository) or from the copy compiled into ebtokens (``EmbeddedTemplates``).
package struct TemplateSet: Sendable {
  /// How diagnostics name the templates' folder.
  let origin: String
  private let library: MustacheLibrary

  /// Largest template file read, in bytes: templates are a few kilobytes.
  package static let maxTemplateBytes = 1024 * 1024

  /// Where built-in templates say they are in diagnostics.
  static let builtInOrigin = "<built-in templates>"

  private init(origin: String, library: MustacheLibrary) {
    self.origin = origin
    self.library = library
  }

  /// The templates compiled into ebtokens for `kind`, each of `overrides` (by its name below
  /// `templates/`) replacing or adding one.
  static func builtIn(
    _ kind: Configuration.Output.Kind, required: [String], overrides: [String: String] = [:]
  )
    throws -> TemplateSet
  {
    let prefix = kind.rawValue + "/"
    let files = EmbeddedTemplates.files.merging(overrides) { $1 }
    let sources = files.keys.sorted().compactMap {
      key -> (name: String, file: String, text: String)? in
      guard key.hasPrefix(prefix), key.hasSuffix(".mustache"), let text = files[key] else {
        return nil
      }
      let name = String(key.dropFirst(prefix.count).dropLast(".mustache".count))
      return (name, "\(builtInOrigin)/\(key)", text)
    }
    return try make(
      origin: "\(builtInOrigin)/\(kind.rawValue)", sources: sources, required: required, at: nil)
  }

  /// The paths of the templates in `folder`: every `*.mustache` file directly in it, hidden ones
  /// aside, sorted; `nil` when it is not a folder that can be listed.
  package static func templateFiles(in folder: String) -> [String]? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return nil }
    return names.sorted().filter { $0.hasSuffix(".mustache") && !$0.hasPrefix(".") }.map {
      (folder as NSString).appendingPathComponent($0)
    }
  }

  /// Every template in `folder` (see ``templateFiles(in:)``), each recording the digest of its
  /// bytes in `digests`.
  ///
  /// - Parameter location: where the configuration names the folder, for errors.
  static func folder(
    _ folder: String, required: [String], at location: SourceLocation?, digests: InputDigests? = nil
  ) throws -> TemplateSet {
    let shownFolder = DisplayPath.forFile(folder)
    guard let paths = templateFiles(in: folder) else {
      throw DiagnosticsError([EmittingError.templateFolderNotFound(path: shownFolder, at: location)])
    }
    var sources: [(name: String, file: String, text: String)] = []
    var unreadable: [EmittingError] = []
    // A template that exists but cannot be read is reported as such, not also as missing.
    var unreadableNames: [String] = []
    for path in paths {
      let fileName = (path as NSString).lastPathComponent
      let data: [UInt8]
      switch FileContents.read(path, limit: maxTemplateBytes, followingLinks: false) {
      case .bytes(let bytes):
        data = bytes
        digests?.record(path, ContentHash.xxh64(bytes))
      case .tooLarge(let size):
        unreadableNames.append(String(fileName.dropLast(".mustache".count)))
        unreadable.append(
          .unreadableTemplateFile(
            path: DisplayPath.forFile(path),
            reason: "it is \(size) bytes, over the limit of \(maxTemplateBytes) bytes for a template"))
        continue
      case .unreadable(let reason):
        unreadableNames.append(String(fileName.dropLast(".mustache".count)))
        unreadable.append(.unreadableTemplateFile(path: DisplayPath.forFile(path), reason: reason))
        continue
      }
      guard let text = String(validating: data, as: UTF8.self) else {
        unreadableNames.append(String(fileName.dropLast(".mustache".count)))
        unreadable.append(.unreadableTemplate(path: DisplayPath.forFile(path)))
        continue
      }
      sources.append((String(fileName.dropLast(".mustache".count)), DisplayPath.forFile(path), text))
    }
    return try make(
      origin: shownFolder, sources: sources, required: required, at: location, errors: unreadable,
      unreadableNames: unreadableNames)
  }

  /// Compiles `sources` into a library; `errors` are problems already found with the folder.
  private static func make(
    origin: String, sources: [(name: String, file: String, text: String)], required: [String],
    at location: SourceLocation?, errors: [EmittingError] = [], unreadableNames: [String] = []
  ) throws -> TemplateSet {
    var errors = errors
    let indices = Dictionary(
      sources.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
    var templates: [MustacheTemplate] = []
    var includes: [String: [MustacheInclude]] = [:]
    for source in sources {
      do throws(MustacheParseError) {
        let template = try MustacheParser.parse(source.text, partials: indices)
        templates.append(template)
        includes[source.name] = template.includes
      } catch {
        let (line, column) = MustacheParser.lineAndColumn(of: error.offset, in: Array(source.text.utf8))
        errors.append(
          .templateSyntax(
            problem: error.problem, at: SourceLocation(file: source.file, line: line, column: column)))
      }
    }
    let files = Dictionary(sources.map { ($0.name, $0.file) }, uniquingKeysWith: { first, _ in first })
    for (name, include) in MustacheIncludes.unguardedCycles(includes) {
      errors.append(
        .templateSyntax(
          problem: "'\(name)' includes itself outside any section that names a field, so rendering it "
            + "would never end; put the include inside a section such as {{#namespaces}}",
          at: SourceLocation(file: files[name] ?? origin, line: include.line, column: include.column)))
    }
    let present = Set(sources.map(\.name) + unreadableNames)
    for name in required where !present.contains(name) {
      errors.append(.missingTemplate(name: name, folder: origin, at: location))
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return TemplateSet(origin: origin, library: MustacheLibrary(templates: templates, indices: indices))
  }

  /// Bytes to reserve a token for a file that lists every token: the built-in templates write
  /// 60 to 90. Reserved memory that is never written costs no page, so erring high is cheap,
  /// while growing a buffer of megabytes copies it and touches twice its pages.
  static let reservedBytesPerToken = 128

  /// Renders template `name` with `context`, a ``TemplateContext`` tree, into UTF-8.
  /// - Parameter tokenCount: How many tokens the file lists, to reserve its size up front.
  func render(_ name: String, _ context: some TemplateContext, tokenCount: Int = 0) throws -> [UInt8] {
    guard let index = library.indices[name] else {
      throw DiagnosticsError([EmittingError.missingTemplate(name: name, folder: origin, at: nil)])
    }
    let capacity = max(MustacheRenderer.defaultCapacity, tokenCount * Self.reservedBytesPerToken)
    do {
      return try library.render(index, context: context, capacity: capacity)
    } catch {
      throw DiagnosticsError([EmittingError.templateRecursion(name: name, folder: origin)])
    }
  }
}
