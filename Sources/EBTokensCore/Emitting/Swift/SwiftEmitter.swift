/// The Swift package output: `Package.swift`, the token namespaces, the `EBColor` type colors
/// are declared with, and when there are typography, shadow or border tokens, `EBStyles.swift`
/// with their types (`EBTextStyle`, `EBShadow`, `EBBorder`).
struct SwiftEmitter: OutputEmitter {
  static let templateNames = ["Package.swift", "tokens.swift", "EBColor.swift"]

  /// The package, product, module and root namespace name.
  let moduleName: String
  let location: SourceLocation?

  func files(for tokens: TokenSet, templates: TemplateSet) throws -> [GeneratedFile] {
    let language = SwiftLanguage()
    var builder = NamespaceContextBuilder(language: language)
    let root = builder.root(tokens, named: moduleName)
    var errors = builder.errors
    if language.reservedIdentifiers.contains(moduleName) {
      errors.append(.reservedOutputName(language: language.name, identifier: moduleName, at: location))
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    let context = SwiftPackageContext(moduleName: moduleName, root: root)
    let sources = "Sources/\(moduleName)/"
    // The types of composite values, only where there are some: a package without them is as before.
    let styles =
      try tokens.tokens.contains { [.typography, .shadow, .border].contains($0.type) }
      ? [
        GeneratedFile(path: sources + "EBStyles.swift", contents: templates.render("EBStyles.swift", context))
      ] : []
    return [
      GeneratedFile(path: "Package.swift", contents: try templates.render("Package.swift", context)),
      GeneratedFile(
        path: sources + moduleName + ".swift", contents: try templates.render("tokens.swift", context)),
      GeneratedFile(
        path: sources + "EBColor.swift", contents: try templates.render("EBColor.swift", context)),
    ] + styles
  }
}

/// What every Swift template sees.
struct SwiftPackageContext: TemplateContext {
  let moduleName: String
  /// The root namespace, named `moduleName`.
  let root: NamespaceContext

  func child(named name: String) -> Any? {
    switch name {
    case "moduleName": return moduleName
    case "root": return root
    default: return nil
    }
  }
}
