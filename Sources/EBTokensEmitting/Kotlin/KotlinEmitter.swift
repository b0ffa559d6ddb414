import EBTokensModel
import EBTokensSupport

/// The Kotlin output, in the folder its package names (`com/eastblue/ds/tokens/`): `EBTokens.kt`
/// declares the nested Compose objects, each inheriting its tokens from abstract classes in the
/// file of its top-level group (`EBTokens_Color.kt`, then `EBTokens_Color-2.kt`… for a large one;
/// see ``NamespaceSplit``), every token a getter, so that no initializer grows with the token
/// count; when the tokens have modes, `EBTokens.kt` also declares `EBMode`, `EBModal` and the
/// `EBColorScheme` of each mode; and when there are shadow, border, stroke style,
/// transition or gradient tokens, `EBStyles.kt` beside it with their types (`EBShadow`, `EBBorder`,
/// `EBStrokeStyle`, `EBTransition`, `EBGradient`). Cubic Bézier tokens are Compose's own `CubicBezierEasing`.
struct KotlinEmitter: PatchableOutputEmitter {
  /// The package, dotted: `com.eastblue.ds.tokens`.
  let packageName: String
  /// The top-level object, holding every token.
  let objectName: String
  let location: SourceLocation?
  /// Whether an alias is written as the token it names (`references: true`), as a getter.
  var keepsReferences = false

  /// The names the generated code declares at the top level for modes. The color scheme's nested
  /// classes refer to `EBMode` and to the top-level object, so no group may be called either.
  var modeDeclarations: Set<String> { ["EBMode", "EBModal", "EBColorScheme", objectName] }

  /// The most part classes a namespace's tokens are cut into (see ``NamespaceSplit``): a flat
  /// group of 20,000 colors is 4 classes of 5,000 getters, well within the JVM's limits on a class
  /// and within kotlinc's default memory.
  static let maxPartsPerNamespace = 4

  func templateNames(for tokens: ModalTokenSet) -> [String] {
    ["tokens.kt", "group.kt"] + (tokens.hasModes ? ["modes", "colorScheme"] : [])
      + (StyleKinds(tokens).kotlinSections.any ? ["styles.kt"] : [])
  }

  func render(
    _ tokens: ModalTokenSet, templates: TemplateSet, keepingState: Bool, handingOff handOff: FileHandOff?
  ) throws -> (files: [GeneratedFile], state: (any OutputPatching)?) {
    let language = KotlinLanguage()
    let reserved = tokens.hasModes ? modeDeclarations : []
    // An alias names its target from the root: an object of the root's name would hide it.
    var builder = NamespaceContextBuilder(
      language: language, reserving: reserved.union(keepsReferences ? [objectName] : []),
      keepsReferences: keepsReferences)
    let rootName = KotlinLanguage.escaped(objectName)
    let root = builder.root(tokens, named: rootName)
    // `EBTokens_Color_Text`, `EBTokens_Color_Text_2`: no group identifier has an inner `_`. The
    // unsplit tree is let go: the split holds every namespace and named token now.
    var split = NamespaceSplit(
      root: consume root,
      partName: { path, position in
        KotlinLanguage.escaped(position == 0 ? path : path + "_\(position + 1)")
      }, maxPartsPerNamespace: Self.maxPartsPerNamespace)
    var errors = builder.errors
    if language.reservedIdentifiers.union(reserved.subtracting([objectName])).contains(objectName) {
      errors.append(.reservedOutputName(language: language.name, identifier: objectName, at: location))
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    var modal: KotlinModalContext?
    if tokens.hasModes {
      var schemeBuilder = ColorSchemeBuilder(language: language)
      let scheme = schemeBuilder.scheme(tokens, rootObject: rootName)
      if !schemeBuilder.errors.isEmpty { throw DiagnosticsError(schemeBuilder.errors) }
      modal = KotlinModalContext(modes: tokens.modes, scheme: scheme)
    }
    let segments = packageName.split(separator: ".").map(String.init)
    // `com.example.in` is a valid package, written `com.example.`in`` in Kotlin.
    let kinds = StyleKinds(tokens)
    let context = KotlinFileContext(
      packageName: segments.map(KotlinLanguage.escaped).joined(separator: "."), root: split.skeleton,
      modal: modal,
      hasTextStyles: kinds.typography, styles: kinds.kotlinSections,
      hasWideGamutColors: tokens.hasWideGamutColor)
    let folder = segments.joined(separator: "/")
    let renderParts = { (parts: [NamespacePart]) throws -> [UInt8] in
      try templates.render(
        "group.kt", PartFileContext(file: context, parts: parts),
        tokenCount: parts.reduce(0) { $0 + $1.tokens.count })
    }
    var files = RenderedFiles(handingOff: keepingState ? nil : handOff)
    files.append(
      GeneratedFile(
        path: folder + "/" + objectName + ".kt",
        bytes: try templates.render("tokens.kt", context, tokenCount: split.skeleton.tokens.count)))
    var partFiles: [SplitOutputState<KotlinLanguage>.PartFile] = []
    var splitFiles = split.takeFiles()
    for index in splitFiles.indices {
      let file = splitFiles[index]
      // The file's tokens are declared now, and without a state to keep, let go once it is rendered.
      if !keepingState { splitFiles[index] = NamespaceSplit.PartFile(name: file.name, parts: []) }
      guard let declared = builder.declare(file.parts) else { continue }
      if keepingState { partFiles.append(.init(fileIndex: files.count, parts: declared)) }
      files.append(
        GeneratedFile(path: "\(folder)/\(objectName)_\(file.name).kt", bytes: try renderParts(declared)))
    }
    if !builder.errors.isEmpty { throw DiagnosticsError(builder.errors) }
    // The types of composite values, only where there are some: a package without them is as before.
    if context.styles.any {
      files.append(
        GeneratedFile(path: folder + "/EBStyles.kt", bytes: try templates.render("styles.kt", context)))
    }
    guard keepingState else { return (files.kept, nil) }
    let state = SplitOutputState(
      builder: builder, files: files.kept, partFiles: partFiles, tokens: tokens, render: renderParts,
      // Whether a color is written outside sRGB in some mode: the one thing the files other than
      // the part files take from the tokens' values.
      facts: { [$0.hasWideGamutColor] })
    return (files.kept, state)
  }
}

/// What the Kotlin template sees.
final class KotlinFileContext: TemplateContext {
  /// Dotted, with any keyword segment in backticks.
  let packageName: String
  /// The top-level object, with its own tokens and every object declared
  /// (``NamespaceSplit/skeleton``).
  let root: NamespaceContext
  /// The modes, when the tokens have them.
  let modal: KotlinModalContext?
  /// Whether there are typography tokens, which need Compose's text types imported.
  let hasTextStyles: Bool
  /// Which composite values' types `EBStyles.kt` declares.
  let styles: StyleSections
  /// Whether a color is written outside sRGB, so it is a Display P3 color and `ColorSpaces` is
  /// imported.
  let hasWideGamutColors: Bool

  package init(
    packageName: String, root: NamespaceContext, modal: KotlinModalContext?, hasTextStyles: Bool,
    styles: StyleSections, hasWideGamutColors: Bool
  ) {
    self.packageName = packageName
    self.root = root
    self.modal = modal
    self.hasTextStyles = hasTextStyles
    self.styles = styles
    self.hasWideGamutColors = hasWideGamutColors
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .packageName: return .text(packageName)
    case .root: return .object(root)
    case .hasTextStyles: return .bool(hasTextStyles)
    case .hasStyles: return .bool(styles.hasStyles)
    case .hasStrokes: return .bool(styles.hasStrokes)
    case .hasMotion: return .bool(styles.hasMotion)
    case .hasGradients: return .bool(styles.hasGradients)
    case .hasWideGamutColors: return .bool(hasWideGamutColors)
    case .modal: return .optional(modal)
    default: return nil
    }
  }
}

/// The modes, for the `modes` template: `EBMode`'s entries, `EBModal`'s properties, and the color
/// scheme of each mode.
final class KotlinModalContext: TemplateContext {
  final class Mode: TemplateContext {
    /// As the config names it: `high-contrast`.
    let name: String
    /// The `EBMode` entry: `HighContrast`.
    let entry: String
    /// The property of `EBModal` and of `EBColorScheme`'s companion: `highContrast`.
    let property: String
    let isLast: Bool

    package init(name: String, entry: String, property: String, isLast: Bool) {
      self.name = name
      self.entry = entry
      self.property = property
      self.isLast = isLast
    }

    func field(_ field: TemplateField) -> TemplateValue? {
      switch field {
      case .name: return .text(self.name)
      case .entry: return .text(entry)
      case .property: return .text(property)
      case .isLast: return .bool(isLast)
      default: return nil
      }
    }
  }

  let modes: [Mode]
  /// The `EBMode` entries a dark and a light system appearance select.
  let systemDark: String
  let systemLight: String
  /// `EBColorScheme`, the root of the color scheme classes.
  let scheme: ColorSchemeClassContext

  package init(modes names: [String], scheme: ColorSchemeClassContext) {
    modes = names.enumerated().map { position, name in
      Mode(
        name: name, entry: ModeName.entry(name), property: ModeName.member(name),
        isLast: position == names.count - 1)
    }
    systemDark = ModeName.entry(ModeName.system(dark: true, in: names))
    systemLight = ModeName.entry(ModeName.system(dark: false, in: names))
    self.scheme = scheme
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .modes: return .list(modes)
    case .systemDark: return .text(systemDark)
    case .systemLight: return .text(systemLight)
    case .scheme: return .object(scheme)
    default: return nil
    }
  }
}
