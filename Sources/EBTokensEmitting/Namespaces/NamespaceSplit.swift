import EBTokensSupport

/// The namespaces of a token set laid out over several source files, so that the Swift compiler
/// and kotlinc work on them in parallel and a token change recompiles only its file.
///
/// The `skeleton` is every namespace, nested as the token paths are, with only the root's own
/// tokens: Kotlin's root file declares it, since Kotlin declares a nested object only in its
/// parent's body. Every other token is in a *part*: a run of one namespace's tokens, written at
/// the top level of a part file (an abstract class the namespace's object inherits in Kotlin; in
/// Swift, inside the namespace's declaration or an `extension EBTokens.Color.Text`). Each
/// top-level group's parts fill files in token order, at most ``tokensPerFile`` tokens a file:
/// `Color`, then `Color-2`, `Color-3`… for a larger group, whose namespaces are cut into several
/// parts where a file ends. So no file, declaration or initializer grows with the token count,
/// and the file names depend only on the groups and their sizes.
///
/// Swift declares each namespace in the file of the first part below it (`declaresNamespaces`),
/// nested in its parent when the file declares that too, and in an extension of the parent
/// otherwise: a file then holds a few extensions instead of one per namespace, and the module
/// interface the compiler rebuilds after every change takes a seventh less time (performance.md,
/// "Compiling the generated code, round five").
struct NamespaceSplit {
  /// The most tokens in a part file: about 50 KB of Swift, which the compiler takes in a fraction
  /// of a second, so that a one-token change recompiles little.
  static let tokensPerFile = 500

  /// The root namespace with its own tokens, and every group declared with no tokens, holding
  /// its sub-groups; in Kotlin, a group with tokens names its last part as its `base`.
  let skeleton: NamespaceContext
  /// The part files, each top-level group's in order, the groups in the root's order.
  private(set) var files: [PartFile]

  /// ``files``, taken out of the split, which keeps none.
  mutating func takeFiles() -> [PartFile] {
    defer { files = [] }
    return files
  }

  /// One file of parts.
  struct PartFile {
    /// The file's name without the output's prefix and extension: the top-level group's
    /// identifier without backticks, `Color`; `Color-2` for its second file. Names differing
    /// only in letter case get a number too, for case-insensitive file systems.
    let name: String
    let parts: [Part]
  }

  /// A run of one namespace's tokens, named but not yet declared: its file's template sees it as
  /// a ``NamespacePart`` once they are (``NamespaceContextBuilder/declare(_:)-([NamespaceSplit.Part])``).
  struct Part {
    /// The namespace from the root: `EBTokens.Color.Text`.
    let qualifiedName: String
    /// Kotlin: the part's class, `EBTokens_Color_Text_2`; `nil` in Swift.
    let name: String?
    /// Kotlin: the class of the namespace's part before it, which this one extends; `nil` for the first.
    let base: String?
    /// Swift: where the part is declared (``Placement``); in Kotlin, always in its namespace.
    let placement: Placement
    /// A run of the namespace's members, sharing their array: copied, every token's identifier
    /// was retained once more for each output.
    let members: ArraySlice<NamedToken>
  }

  /// Where a part's tokens are written in its file: in an extension of `extendedName`, the deepest
  /// of the part's namespace and its parents that is declared elsewhere (an earlier file or the root
  /// file), inside the declarations of `declaredNamespaces`, the namespaces below it down to the
  /// part's own, which this file declares (each in the file of the first part below it). Empty
  /// when the part's namespace is declared elsewhere: the part continues it in an extension.
  struct Placement: Sendable {
    let extendedName: String
    let declaredNamespaces: [DeclaredNamespace]
  }

  /// A namespace a Swift part file declares: its identifier, and the group's dotted path.
  struct DeclaredNamespace: Sendable {
    let name: String
    let path: String
  }

  /// Splits the namespaces below `root`.
  ///
  /// - Parameters:
  ///   - partName: For Kotlin, the class name of a namespace's part, from the identifiers of the
  ///     namespace's path from the root (without backticks) joined with `_`, and the part's
  ///     position from 0; `nil` for Swift, whose parts extend the namespace itself.
  ///   - maxPartsPerNamespace: For Kotlin, the most parts a namespace is cut into: each part
  ///     class extends the one before, and kotlinc's work on a chain grows with the square of its
  ///     length, so a namespace of more than this many files' worth of tokens gets that many
  ///     larger parts, each in a file of its own.
  ///   - declaresNamespaces: For Swift, each namespace is declared in the file of the first part
  ///     below it instead of in the root file (``Placement``).
  init(
    root: NamespaceContext, partName: ((String, Int) -> String)? = nil, maxPartsPerNamespace: Int? = nil,
    declaresNamespaces: Bool = false
  ) {
    var splitter = Splitter(
      partName: partName, maxParts: maxPartsPerNamespace, declaresNamespaces: declaresNamespaces,
      root: DeclaredNamespace(name: root.name, path: root.path))
    var children: [NamespaceContext] = []
    for child in root.namespaces {
      splitter.startFile(group: Self.unescaped(child.name))
      children.append(
        splitter.split(
          child, qualifiedName: String(root.name, joinedBy: ".", child.name),
          path: splitter.partPath(of: child, in: Self.unescaped(root.name)),
          isFirstMember: child.isFirstMember))
      splitter.endFile()
    }
    skeleton = NamespaceContext(
      name: root.name, path: root.path, indent: root.indent, isFirstMember: root.isFirstMember,
      tokens: root.tokens, namespaces: children)
    files = splitter.files
  }

  /// An identifier without the backticks of a keyword or a non-ASCII name: what a file or class
  /// name is made of.
  static func unescaped(_ identifier: String) -> String {
    identifier.hasPrefix("`") ? String(identifier.dropFirst().dropLast()) : identifier
  }

  /// Cuts namespaces into parts and parts into files.
  private struct Splitter {
    let partName: ((String, Int) -> String)?
    let maxParts: Int?
    private(set) var files: [PartFile] = []
    /// The file being filled: its top-level group, how many files the group has so far, its
    /// parts and their tokens.
    private var group = ""
    private var groupFiles = 0
    private var parts: [Part] = []
    private var tokenCount = 0
    /// The lowercased names already given, so that no two differ only in case.
    private var takenNames: Set<String> = []
    /// Swift: each part's ``Placement`` is worked out; Kotlin declares every namespace in the root file.
    let declaresNamespaces: Bool
    /// Swift: the namespaces from the root down to the one being split, each with the file that
    /// declares it once a part below it is placed.
    private var openNamespaces: [OpenNamespace]

    init(
      partName: ((String, Int) -> String)?, maxParts: Int?, declaresNamespaces: Bool,
      root: DeclaredNamespace
    ) {
      self.partName = partName
      self.maxParts = maxParts
      self.declaresNamespaces = declaresNamespaces
      // The root namespace is the root file's.
      openNamespaces = [OpenNamespace(namespace: root, qualifiedName: root.name, file: -1)]
    }

    mutating func startFile(group: String) {
      self.group = group
      groupFiles = 0
    }

    /// Ends the file being filled, when it holds anything.
    mutating func endFile() {
      guard !parts.isEmpty else { return }
      groupFiles += 1
      var name = groupFiles == 1 ? group : "\(group)-\(groupFiles)"
      var suffix = 1
      while takenNames.contains(name.lowercased()) {
        suffix += 1
        name = (groupFiles == 1 ? group : "\(group)-\(groupFiles)") + "_\(suffix)"
      }
      takenNames.insert(name.lowercased())
      files.append(PartFile(name: name, parts: parts))
      parts = []
      tokenCount = 0
    }

    /// What `partName` is given for the parts of `namespace`, a child of the namespace whose is
    /// `parentPath`: the identifiers from the root joined with `_`, made once per namespace from
    /// its parent's; empty without `partName`.
    func partPath(of namespace: NamespaceContext, in parentPath: String) -> String {
      partName == nil ? "" : String(parentPath, joinedBy: "_", NamespaceSplit.unescaped(namespace.name))
    }

    /// `namespace` without its tokens, which go into parts; its sub-groups likewise. `path` is its
    /// ``partPath(of:in:)``.
    mutating func split(
      _ namespace: NamespaceContext, qualifiedName: String, path: String, isFirstMember: Bool
    ) -> NamespaceContext {
      if declaresNamespaces {
        openNamespaces.append(
          OpenNamespace(
            namespace: DeclaredNamespace(name: namespace.name, path: namespace.path),
            qualifiedName: qualifiedName))
      }
      defer { if declaresNamespaces { openNamespaces.removeLast() } }
      var base: String?
      var remaining = namespace.members[...]
      var position = 0
      let limit = NamespaceSplit.tokensPerFile
      // A namespace too large for `maxParts` parts of a file each: larger parts, a file each.
      let largePart = maxParts.map { (remaining.count + $0 - 1) / $0 }.flatMap { $0 > limit ? $0 : nil }
      if largePart != nil { endFile() }
      while !remaining.isEmpty {
        if tokenCount >= limit { endFile() }
        let taken = remaining.prefix(largePart ?? (limit - tokenCount))
        remaining = remaining.dropFirst(taken.count)
        let name = partName?(path, position)
        parts.append(
          Part(
            qualifiedName: qualifiedName, name: name, base: base,
            placement: placement(of: qualifiedName), members: taken))
        tokenCount += taken.count
        base = name
        position += 1
        if largePart != nil { endFile() }
      }
      var children: [NamespaceContext] = []
      for child in namespace.namespaces {
        children.append(
          split(
            child, qualifiedName: String(qualifiedName, joinedBy: ".", child.name),
            path: partPath(of: child, in: path), isFirstMember: children.isEmpty))
      }
      return NamespaceContext(
        name: namespace.name, path: namespace.path, indent: namespace.indent, isFirstMember: isFirstMember,
        tokens: [], namespaces: children, base: base)
    }

    /// Where a part of the innermost open namespace goes in the file being filled: the open
    /// namespaces not yet declared are declared in it. Those it declares are the innermost ones,
    /// since a namespace is declared no later than the namespaces below it.
    private mutating func placement(of qualifiedName: String) -> Placement {
      guard declaresNamespaces else { return Placement(extendedName: qualifiedName, declaredNamespaces: []) }
      let file = files.count
      var first = openNamespaces.count
      // The root is the root file's (-1), so `first` stays at least 1.
      while first > 1, (openNamespaces[first - 1].file ?? file) == file {
        first -= 1
        openNamespaces[first].file = file
      }
      return Placement(
        extendedName: openNamespaces[first - 1].qualifiedName,
        declaredNamespaces: openNamespaces[first...].map(\.namespace))
    }
  }

  /// Swift: a namespace the splitter is in, and the file that declares it, once known.
  private struct OpenNamespace {
    let namespace: DeclaredNamespace
    let qualifiedName: String
    /// The file that declares it (-1 for the root file), once a part below it is placed.
    var file: Int?
  }
}

/// A run of one namespace's tokens, declared at the top level of a part file.
final class NamespacePart: TemplateContext {
  /// The namespace from the root: `EBTokens.Color.Text`.
  let qualifiedName: String
  /// Kotlin: the part's class, `EBTokens_Color_Text_2`; `nil` in Swift.
  let name: String?
  /// Kotlin: the class of the namespace's part before it, which this one extends; `nil` for the first.
  let base: String?
  /// Swift: where its tokens are written in its file.
  let placement: NamespaceSplit.Placement
  let tokens: [TokenContext]

  package init(
    qualifiedName: String, name: String?, base: String?, placement: NamespaceSplit.Placement,
    tokens: [TokenContext]
  ) {
    self.qualifiedName = qualifiedName
    self.name = name
    self.base = base
    self.placement = placement
    self.tokens = tokens
  }

  /// The part with `context` in place of its token at `position`.
  func replacing(_ context: TokenContext, at position: Int) -> NamespacePart {
    var tokens = self.tokens
    tokens[position] = context
    return NamespacePart(
      qualifiedName: qualifiedName, name: name, base: base, placement: placement, tokens: tokens)
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .qualifiedName: return .text(qualifiedName)
    case .name: return .optional(name)
    case .base: return .optional(base)
    case .tokens: return .list(tokens)
    default: return nil
    }
  }
}

/// What the template of a part file sees: its parts, and what the output's root file's template
/// sees (`moduleName`, `packageName`, which imports…).
final class PartFileContext: TemplateContext {
  let file: any TemplateContext
  let parts: [NamespacePart]

  package init(file: any TemplateContext, parts: [NamespacePart]) {
    self.file = file
    self.parts = parts
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    field == .parts ? .list(parts) : file.field(field)
  }
}
