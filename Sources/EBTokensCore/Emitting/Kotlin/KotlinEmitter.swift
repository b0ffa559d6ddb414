/// The Kotlin output: one file of nested Compose objects, at the path its package
/// names (`com/eastblue/ds/tokens/EBTokens.kt`).
struct KotlinEmitter: OutputEmitter {
  static let templateNames = ["tokens.kt"]

  /// The package, dotted: `com.eastblue.ds.tokens`.
  let packageName: String
  /// The top-level object, holding every token.
  let objectName: String
  let location: SourceLocation?

  func files(for tokens: TokenSet, templates: TemplateSet) throws -> [GeneratedFile] {
    let language = KotlinLanguage()
    var builder = NamespaceContextBuilder(language: language)
    let root = builder.root(tokens, named: KotlinLanguage.escaped(objectName))
    var errors = builder.errors
    if language.reservedIdentifiers.contains(objectName) {
      errors.append(.reservedOutputName(language: language.name, identifier: objectName, at: location))
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    let segments = packageName.split(separator: ".").map(String.init)
    // `com.example.in` is a valid package, written `com.example.`in`` in Kotlin.
    let context = KotlinFileContext(
      packageName: segments.map(KotlinLanguage.escaped).joined(separator: "."), root: root)
    let folder = segments.joined(separator: "/")
    return [
      GeneratedFile(
        path: folder + "/" + objectName + ".kt", contents: try templates.render("tokens.kt", context))
    ]
  }
}

/// What the Kotlin template sees.
struct KotlinFileContext: TemplateContext {
  /// Dotted, with any keyword segment in backticks.
  let packageName: String
  /// The top-level object.
  let root: NamespaceContext

  func child(named name: String) -> Any? {
    switch name {
    case "packageName": return packageName
    case "root": return root
    default: return nil
    }
  }
}
