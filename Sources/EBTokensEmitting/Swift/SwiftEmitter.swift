import EBTokensModel
import EBTokensSupport

/// The Swift package output: `Package.swift`, the token namespaces, the `EBColor` type colors
/// are declared with; when the tokens have modes, `EBMode` and `EBModal`; and when there are
/// composite values, `EBStyles.swift` with their types: `EBTextStyle`, `EBShadow` and `EBBorder`
/// for typography, shadow or border tokens, `EBStrokeStyle` for stroke style or border tokens,
/// `EBCubicBezier` and `EBTransition` for cubic Bézier
/// or transition tokens, `EBGradient` and `EBGradientStop` for gradient tokens.
struct SwiftEmitter: PatchableOutputEmitter {
  /// The package, product, module and root namespace name.
  let moduleName: String
  let location: SourceLocation?
  /// Whether an alias is written as the token it names (`references: true`).
  var keepsReferences = false
  /// Whether only the Swift sources are written, side by side in the destination (`sources-only:
  /// true`), for a target to compile with its own code, as the SwiftPM build plugin does.
  var writesSourcesOnly = false

  /// How many files the tokens' extensions are spread over in the `sources-only` layout:
  /// `EBTokens+Part1.swift` to `EBTokens+Part8.swift`.
  static let sourcesOnlyPartCount = 8

  /// The files of the `sources-only` layout. They are always all written, a file the tokens do
  /// not need holding only a comment, so that a build system (the SwiftPM build plugin) can name
  /// its outputs before the tokens are read: the root namespace in `EBTokens.swift`, the tokens
  /// in ``sourcesOnlyPartCount`` part files (each top-level group's files in the one a hash of
  /// their names picks), then the types.
  static let sourceFileNames =
    ["EBTokens.swift"] + (1...sourcesOnlyPartCount).map { "EBTokens+Part\($0).swift" }
    + ["EBColor.swift", "EBModes.swift", "EBStyles.swift"]

  /// The names the generated code declares at the top level for modes.
  static let modeDeclarations: Set<String> = ["EBMode", "EBModal"]

  func templateNames(for tokens: ModalTokenSet) -> [String] {
    (writesSourcesOnly ? [] : ["Package.swift"]) + ["tokens.swift", "group.swift", "EBColor.swift"]
      + (tokens.hasModes ? ["EBModes.swift"] : [])
      + (StyleKinds(tokens).swiftSections.any ? ["EBStyles.swift"] : [])
  }

  func render(
    _ tokens: ModalTokenSet, templates: TemplateSet, keepingState: Bool, handingOff handOff: FileHandOff?
  ) throws -> (files: [GeneratedFile], state: (any OutputPatching)?) {
    let language = SwiftLanguage()
    let reserved = tokens.hasModes ? Self.modeDeclarations : []
    // An alias names its target from the root: a namespace of the root's name would hide it.
    var builder = NamespaceContextBuilder(
      language: language, reserving: reserved.union(keepsReferences ? [moduleName] : []),
      keepsReferences: keepsReferences)
    let root = builder.root(tokens, named: moduleName)
    var errors = builder.errors
    if language.reservedIdentifiers.union(reserved).contains(moduleName) {
      errors.append(.reservedOutputName(language: language.name, identifier: moduleName, at: location))
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    // The unsplit tree is let go: the split holds every namespace and named token now.
    var split = NamespaceSplit(root: consume root, declaresNamespaces: true)
    let modal = tokens.hasModes ? SwiftModalContext(modes: tokens.modes) : nil
    let styles = StyleKinds(tokens).swiftSections
    let context = SwiftPackageContext(
      moduleName: moduleName, root: split.skeleton, modal: modal, styles: styles)
    let sources = writesSourcesOnly ? "" : "Sources/\(moduleName)/"
    var files = RenderedFiles(handingOff: keepingState ? nil : handOff)
    if !writesSourcesOnly {
      files.append(
        GeneratedFile(path: "Package.swift", bytes: try templates.render("Package.swift", context)))
    }
    files.append(
      GeneratedFile(
        path: writesSourcesOnly ? Self.sourceFileNames[0] : sources + moduleName + ".swift",
        bytes: try templates.render("tokens.swift", context, tokenCount: split.skeleton.tokens.count)))
    let renderParts = { (parts: [NamespacePart]) throws -> [UInt8] in
      try templates.render(
        "group.swift", SwiftPartFileContext(file: context, parts: parts, indentUnit: language.indentUnit),
        tokenCount: parts.reduce(0) { $0 + $1.tokens.count })
    }
    var partFiles: [SplitOutputState<SwiftLanguage>.PartFile] = []
    var layout = partFileLayout(split.takeFiles(), folder: sources)
    for index in layout.indices {
      let (path, parts) = layout[index]
      // The file's tokens are declared now, and without a state to keep, let go once it is rendered.
      if !keepingState { layout[index].parts = [] }
      if parts.isEmpty {
        files.append(
          Self.unneededSource(path, reason: "no top-level group of the tokens falls in this part"))
        continue
      }
      guard let declared = builder.declare(parts) else { continue }
      if keepingState { partFiles.append(.init(fileIndex: files.count, parts: declared)) }
      files.append(GeneratedFile(path: path, bytes: try renderParts(declared)))
    }
    if !builder.errors.isEmpty { throw DiagnosticsError(builder.errors) }
    files.append(
      GeneratedFile(path: sources + "EBColor.swift", bytes: try templates.render("EBColor.swift", context)))
    if modal != nil {
      files.append(
        GeneratedFile(
          path: sources + "EBModes.swift", bytes: try templates.render("EBModes.swift", context)))
    } else if writesSourcesOnly {
      files.append(Self.unneededSource("EBModes.swift", reason: "the tokens have no modes"))
    }
    // The types of composite values, only where there are some: a package without them is as before.
    if styles.any {
      files.append(
        GeneratedFile(
          path: sources + "EBStyles.swift", bytes: try templates.render("EBStyles.swift", context)))
    } else if writesSourcesOnly {
      files.append(Self.unneededSource("EBStyles.swift", reason: "the tokens have no composite values"))
    }
    guard keepingState else { return (files.kept, nil) }
    let state = SplitOutputState(
      builder: builder, files: files.kept, partFiles: partFiles, tokens: tokens, render: renderParts,
      facts: { _ in [] })
    return (files.kept, state)
  }

  /// The part files holding the tokens' extensions, each with its path and parts: in a package,
  /// `<Module>+<Group>.swift` for each of the split's files; in the `sources-only` layout, the
  /// ``sourcesOnlyPartCount`` part files, each holding the split's files whose names hash to it,
  /// in order (no parts for one the tokens do not need).
  private func partFileLayout(_ splitFiles: [NamespaceSplit.PartFile], folder: String) -> [(
    path: String, parts: [NamespaceSplit.Part]
  )] {
    guard writesSourcesOnly else {
      return splitFiles.map { ("\(folder)\(moduleName)+\($0.name).swift", $0.parts) }
    }
    var shards = [[NamespaceSplit.Part]](repeating: [], count: Self.sourcesOnlyPartCount)
    for file in splitFiles {
      shards[Int(ContentHash.xxh64(file.name.utf8) % UInt64(Self.sourcesOnlyPartCount))] += file.parts
    }
    return shards.enumerated().map { (Self.sourceFileNames[$0 + 1], $1) }
  }

  /// A file of the `sources-only` layout the tokens do not need: only a comment saying why.
  private static func unneededSource(_ name: String, reason: String) -> GeneratedFile {
    GeneratedFile(path: name, bytes: Array("// generated by ebtokens — do not edit: \(reason)\n".utf8))
  }
}

/// What every Swift template sees.
final class SwiftPackageContext: TemplateContext {
  let moduleName: String
  /// The root namespace, named `moduleName`, with its own tokens and every namespace declared
  /// (``NamespaceSplit/skeleton``).
  let root: NamespaceContext
  /// The modes, when the tokens have them.
  let modal: SwiftModalContext?
  /// Which composite values' types `EBStyles.swift` declares.
  let styles: StyleSections

  package init(moduleName: String, root: NamespaceContext, modal: SwiftModalContext?, styles: StyleSections) {
    self.moduleName = moduleName
    self.root = root
    self.modal = modal
    self.styles = styles
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .moduleName: return .text(moduleName)
    case .root: return .object(root)
    case .modal: return .optional(modal)
    case .hasStyles: return .bool(styles.hasStyles)
    case .hasStrokes: return .bool(styles.hasStrokes)
    case .hasMotion: return .bool(styles.hasMotion)
    case .hasGradients: return .bool(styles.hasGradients)
    default: return nil
    }
  }
}

/// The modes, for `EBModes.swift`: the cases of `EBMode` and the members of `EBModal`.
final class SwiftModalContext: TemplateContext {
  final class Mode: TemplateContext {
    /// As the config names it: `high-contrast`.
    let name: String
    /// The case and member: `highContrast`.
    let identifier: String
    /// The case's raw value when it is not the identifier itself.
    let rawValue: String?
    let isLast: Bool

    package init(name: String, identifier: String, rawValue: String?, isLast: Bool) {
      self.name = name
      self.identifier = identifier
      self.rawValue = rawValue
      self.isLast = isLast
    }

    func field(_ field: TemplateField) -> TemplateValue? {
      switch field {
      case .name: return .text(self.name)
      case .identifier: return .text(identifier)
      case .rawValue: return .optional(rawValue)
      case .isLast: return .bool(isLast)
      default: return nil
      }
    }
  }

  let modes: [Mode]
  /// The modes a dark and a light system appearance select.
  let systemDark: String
  let systemLight: String

  package init(modes names: [String]) {
    modes = names.enumerated().map { position, name in
      let identifier = ModeName.member(name)
      return Mode(
        name: name, identifier: identifier, rawValue: identifier == name ? nil : name,
        isLast: position == names.count - 1)
    }
    systemDark = ModeName.member(ModeName.system(dark: true, in: names))
    systemLight = ModeName.member(ModeName.system(dark: false, in: names))
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .modes: return .list(modes)
    case .systemDark: return .text(systemDark)
    case .systemLight: return .text(systemLight)
    default: return nil
    }
  }
}
