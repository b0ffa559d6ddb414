/// The Kotlin output: one file of nested Compose objects, at the path its package
/// names (`com/eastblue/ds/tokens/EBTokens.kt`), and when there are shadow or border
/// tokens, `EBStyles.kt` beside it with their types (`EBShadow`, `EBBorder`).
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
      packageName: segments.map(KotlinLanguage.escaped).joined(separator: "."), root: root,
      hasTextStyles: tokens.tokens.contains { $0.type == .typography })
    let folder = segments.joined(separator: "/")
    // The types of shadow and border values, only where there are some: a package without them is as before.
    let styles =
      try tokens.tokens.contains { $0.type == .shadow || $0.type == .border }
      ? [GeneratedFile(path: folder + "/EBStyles.kt", contents: templates.render("styles.kt", context))] : []
    return [
      GeneratedFile(
        path: folder + "/" + objectName + ".kt", contents: try templates.render("tokens.kt", context))
    ] + styles
  }
}

/// What the Kotlin template sees.
struct KotlinFileContext: TemplateContext {
  /// Dotted, with any keyword segment in backticks.
  let packageName: String
  /// The top-level object.
  let root: NamespaceContext
  /// Whether there are typography tokens, which need Compose's text types imported.
  let hasTextStyles: Bool

  func child(named name: String) -> Any? {
    switch name {
    case "packageName": return packageName
    case "root": return root
    case "hasTextStyles": return hasTextStyles
    default: return nil
    }
  }
}
