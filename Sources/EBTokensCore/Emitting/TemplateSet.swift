import Foundation
import Mustache

/// One output kind's Mustache templates: the files its emitter renders and the
/// partials they include (`{{> namespace}}`), each registered under its file name
/// without `.mustache`.
///
/// The templates come from a folder (the user's, or `templates/<kind>` in this
/// repository) or from the copy compiled into ebtokens (``EmbeddedTemplates``).
struct TemplateSet: Sendable {
  /// How diagnostics name the templates' folder.
  let origin: String
  private let library: MustacheLibrary

  /// Generated files are code, never HTML, but the library HTML-escapes `{{x}}` and
  /// resets to HTML at the start of every partial. This pragma, on a line of its
  /// own that renders to nothing, is put before every template so that `{{x}}` and
  /// `{{{x}}}` both print `x` as is; diagnostics subtract its line.
  private static let plainTextPragma = "{{% CONTENT_TYPE: TEXT}}\n"

  /// Largest template file read, in bytes: templates are a few kilobytes.
  static let maxTemplateBytes = 1024 * 1024

  /// Where built-in templates say they are in diagnostics.
  static let builtInOrigin = "<built-in templates>"

  private init(origin: String, library: MustacheLibrary) {
    self.origin = origin
    self.library = library
  }

  /// The templates compiled into ebtokens for `kind`.
  static func builtIn(_ kind: Configuration.Output.Kind, required: [String]) throws -> TemplateSet {
    let prefix = kind.rawValue + "/"
    let sources = EmbeddedTemplates.files.keys.sorted().compactMap {
      key -> (name: String, file: String, text: String)? in
      guard key.hasPrefix(prefix), key.hasSuffix(".mustache"), let text = EmbeddedTemplates.files[key] else {
        return nil
      }
      let name = String(key.dropFirst(prefix.count).dropLast(".mustache".count))
      return (name, "\(builtInOrigin)/\(key)", text)
    }
    return try make(
      origin: "\(builtInOrigin)/\(kind.rawValue)", sources: sources, required: required, at: nil)
  }

  /// Every `*.mustache` file directly in `folder`.
  ///
  /// - Parameter location: where the configuration names the folder, for errors.
  static func folder(_ folder: String, required: [String], at location: SourceLocation?) throws -> TemplateSet
  {
    let shownFolder = DisplayPath.forFile(folder)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else {
      throw DiagnosticsError([EmittingError.templateFolderNotFound(path: shownFolder, at: location)])
    }
    var sources: [(name: String, file: String, text: String)] = []
    var unreadable: [EmittingError] = []
    // A template that exists but cannot be read is reported as such, not also as missing.
    var unreadableNames: [String] = []
    for fileName in names.sorted() where fileName.hasSuffix(".mustache") && !fileName.hasPrefix(".") {
      let path = (folder as NSString).appendingPathComponent(fileName)
      let data: [UInt8]
      switch FileContents.read(path, limit: maxTemplateBytes, followingLinks: false) {
      case .bytes(let bytes): data = bytes
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

  /// Parses `sources` into a library; `errors` are problems already found with the folder.
  private static func make(
    origin: String, sources: [(name: String, file: String, text: String)], required: [String],
    at location: SourceLocation?, errors: [EmittingError] = [], unreadableNames: [String] = []
  ) throws -> TemplateSet {
    var library = MustacheLibrary()
    var errors = errors
    // Checked before the library parses: see TemplateScan.
    var scans: [String: TemplateScan.Result] = [:]
    for source in sources {
      let scan = TemplateScan.scan(source.text)
      scans[source.name] = scan
      if let tooDeep = scan.tooDeep {
        errors.append(
          .templateSyntax(
            problem: "sections are nested more than \(TemplateScan.maxNesting) deep",
            at: SourceLocation(file: source.file, line: tooDeep.line, column: tooDeep.column)))
        continue
      }
      do {
        library.register(try MustacheTemplate(string: plainTextPragma + source.text), named: source.name)
      } catch let error as MustacheTemplate.ParserError {
        var location = SourceLocation(
          file: source.file, line: max(1, error.context.lineNumber - 1), column: error.context.columnNumber)
        // The library notices an unfinished tag where its name runs into something else, often
        // lines later: point at the tag's `{{` instead.
        if case .unfinishedName? = error.error as? MustacheTemplate.Error,
          let start = Self.lastOpening(in: source.text, before: location)
        {
          location = SourceLocation(file: source.file, line: start.line, column: start.column)
        }
        errors.append(.templateSyntax(problem: problem(error.error), at: location))
      } catch {
        errors.append(
          .templateSyntax(problem: "\(error)", at: SourceLocation(file: source.file, line: 1, column: 1)))
      }
    }
    let files = Dictionary(sources.map { ($0.name, $0.file) }, uniquingKeysWith: { first, _ in first })
    for (name, include) in TemplateScan.unguardedCycles(scans) {
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
    return TemplateSet(origin: origin, library: library)
  }

  /// The line and column of the last `{{` that starts before `location` in `text`.
  private static func lastOpening(in text: String, before location: SourceLocation) -> (
    line: Int, column: Int
  )? {
    var found: (line: Int, column: Int)?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      guard number <= location.line else { break }
      var column = 1
      var previous: Character?
      for character in line {
        if number == location.line && column >= location.column { break }
        if previous == "{" && character == "{" { found = (number, column - 1) }
        previous = character
        column += 1
      }
    }
    return found
  }

  /// Renders template `name` with `context`, a ``TemplateContext`` tree.
  func render(_ name: String, _ context: some TemplateContext) throws -> String {
    let guardian = RenderGuard()
    guard let text = library.render(GuardedContext(base: context, guardian: guardian), withTemplate: name)
    else {
      throw DiagnosticsError([EmittingError.missingTemplate(name: name, folder: origin, at: nil)])
    }
    if guardian.tripped {
      throw DiagnosticsError([EmittingError.templateRecursion(name: name, folder: origin)])
    }
    return text
  }

  private static func problem(_ error: any Error) -> String {
    guard let error = error as? MustacheTemplate.Error else {
      return "the template ends in the middle of a tag"
    }
    switch error {
    case .sectionCloseNameIncorrect: return "this closing tag does not match the section it closes"
    case .unfinishedName: return "a tag is not finished; close it with '}}'"
    case .expectedSectionEnd: return "a section is never closed; add its '{{/name}}'"
    case .invalidSetDelimiter: return "invalid set-delimiter tag; write '{{=<% %>=}}'"
    case .transformAppliedToInheritanceSection: return "a block ('{{$name}}') cannot take a transform"
    case .illegalTokenInsideInheritSection, .textInsideInheritSection:
      return "only blocks ('{{$name}}') may appear inside a parent partial ('{{<name}}')"
    case .invalidConfigVariableSyntax: return "invalid pragma; write '{{% NAME: value}}'"
    case .unrecognisedConfigVariable: return "unknown pragma"
    }
  }
}

/// A value templates read fields of. Every context type lists its fields in one
/// `switch`, which is both the contract with templates and far faster than the
/// reflection the library falls back to.
protocol TemplateContext: MustacheParent, Sendable {}

extension TemplateContext {
  /// An optional field: absent is `NSNull`, not `nil`. For a `nil` field Mustache
  /// looks the name up in the enclosing contexts and could find a parent's field of
  /// the same name; `NSNull` stops the lookup and counts as false.
  func optional(_ value: Any?) -> Any {
    value ?? NSNull()
  }
}
