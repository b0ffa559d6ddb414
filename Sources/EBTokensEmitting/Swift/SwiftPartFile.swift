/// What a Swift part file's template (`group.swift`) sees: its parts as Swift declares them,
/// `extendedNamespaces`; the parts themselves, `parts`; and what the root file's template sees.
final class SwiftPartFileContext: TemplateContext {
  let file: any TemplateContext
  let parts: [NamespacePart]
  let extendedNamespaces: [ExtendedNamespaceContext]

  /// - Parameter indentUnit: One level of indentation, for the namespaces the file declares.
  package init(file: any TemplateContext, parts: [NamespacePart], indentUnit: String) {
    self.file = file
    self.parts = parts
    self.extendedNamespaces = Self.extensions(of: parts, indentUnit: indentUnit)
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .extendedNamespaces: return .list(extendedNamespaces)
    case .parts: return .list(parts)
    default: return file.field(field)
    }
  }

  /// The parts as extensions: consecutive parts placed in one namespace's extension share it, and
  /// the namespaces they declare nest in it as their paths do (``NamespaceSplit/Placement``). The
  /// parts are in path order, so a namespace's parts and those below it are consecutive.
  private static func extensions(of parts: [NamespacePart], indentUnit: String) -> [ExtendedNamespaceContext]
  {
    var extensions: [DraftNamespace] = []
    // The namespaces of the last extension that enclose the last part, outermost first.
    var enclosing: [DraftNamespace] = []
    for part in parts {
      let placement = part.placement
      let extended: DraftNamespace
      if let last = extensions.last, last.name == placement.extendedName {
        extended = last
      } else {
        extended = DraftNamespace(name: placement.extendedName, path: "")
        extensions.append(extended)
        enclosing = []
      }
      let declared = placement.declaredNamespaces
      var kept = 0
      while kept < enclosing.count, kept < declared.count, enclosing[kept].name == declared[kept].name {
        kept += 1
      }
      enclosing.removeLast(enclosing.count - kept)
      for namespace in declared[kept...] {
        let draft = DraftNamespace(name: namespace.name, path: namespace.path)
        (enclosing.last ?? extended).namespaces.append(draft)
        enclosing.append(draft)
      }
      (enclosing.last ?? extended).tokens += part.tokens
    }
    return extensions.map { $0.extendedNamespace(indentUnit: indentUnit) }
  }

  /// A namespace of an extension while its parts are gathered, or the extended namespace itself,
  /// named from the root.
  private final class DraftNamespace {
    let name: String
    let path: String
    var tokens: [TokenContext] = []
    var namespaces: [DraftNamespace] = []

    init(name: String, path: String) {
      self.name = name
      self.path = path
    }

    /// The extended namespace, done.
    func extendedNamespace(indentUnit: String) -> ExtendedNamespaceContext {
      ExtendedNamespaceContext(
        qualifiedName: name, tokens: tokens,
        namespaces: Self.contexts(of: namespaces, after: tokens, depth: 1, indentUnit: indentUnit))
    }

    /// `drafts`, declared `depth` levels into the extension after `tokens`, done.
    private static func contexts(
      of drafts: [DraftNamespace], after tokens: [TokenContext], depth: Int, indentUnit: String
    ) -> [NamespaceContext] {
      drafts.enumerated().map { position, draft in
        NamespaceContext(
          name: draft.name, path: draft.path, indent: String(repeating: indentUnit, count: depth),
          isFirstMember: position == 0 && tokens.isEmpty, tokens: draft.tokens,
          namespaces: contexts(
            of: draft.namespaces, after: draft.tokens, depth: depth + 1, indentUnit: indentUnit))
      }
    }
  }
}

/// An `extension` in a Swift part file: the namespace it extends, declared in another file; that
/// namespace's tokens in this file; and the namespaces below it that this file declares, each with
/// its tokens in this file and the namespaces below it this file declares.
final class ExtendedNamespaceContext: TemplateContext {
  /// The namespace from the root: `EBTokens.Color`.
  let qualifiedName: String
  let tokens: [TokenContext]
  let namespaces: [NamespaceContext]

  package init(qualifiedName: String, tokens: [TokenContext], namespaces: [NamespaceContext]) {
    self.qualifiedName = qualifiedName
    self.tokens = tokens
    self.namespaces = namespaces
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .qualifiedName: return .text(qualifiedName)
    case .tokens: return .list(tokens)
    case .namespaces: return .list(namespaces)
    default: return nil
    }
  }
}
