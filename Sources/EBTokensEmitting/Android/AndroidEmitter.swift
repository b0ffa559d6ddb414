import EBTokensConfig
import EBTokensModel
import EBTokensSupport

/// The Android resources output: `values/colors.xml` (colors), `values/dimens.xml` (dimensions, in
/// dp, font sizes in sp) and `values/styles.xml` (a `TextAppearance` style per typography), and for
/// the system's other appearance a qualified folder holding the colors and dimensions that change
/// with it. The other token types have no resource type Android apps use for them, and are left to
/// the Kotlin output.
struct AndroidEmitter: OutputEmitter {
  /// Where the configuration lists the output, for the warnings about modes left out.
  let location: SourceLocation?

  /// The prefix of every style's name: `TextAppearance.EBTokens.typography_primary_headlines_block`
  /// is `R.style.TextAppearance_EBTokens_typography_primary_headlines_block`.
  static let stylePrefix = "TextAppearance.EBTokens."

  func templateNames(for tokens: ModalTokenSet) -> [String] { ["colors.xml", "dimens.xml", "styles.xml"] }

  /// The resource folder of each mode after the first, by position: `values-night` for the mode the
  /// system's dark appearance selects (``ModeName/system(dark:in:)``), `values-notnight` for the
  /// light one when it is not the first; the first mode's values are `values`, the default.
  static func qualifiedFolders(_ modes: [String]) -> (byMode: [Int: String], leftOut: [String]) {
    var byMode: [Int: String] = [:]
    var leftOut: [String] = []
    let dark = ModeName.system(dark: true, in: modes)
    let light = ModeName.system(dark: false, in: modes)
    for (position, mode) in modes.enumerated().dropFirst() {
      if mode == dark {
        byMode[position] = "values-night"
      } else if mode == light {
        byMode[position] = "values-notnight"
      } else {
        leftOut.append(mode)
      }
    }
    return (byMode, leftOut)
  }

  func warnings(for tokens: ModalTokenSet) -> [Diagnostic] {
    Self.qualifiedFolders(tokens.modes).leftOut.map { mode in
      EmittingError.modeLeftOut(
        language: AndroidLanguage.name, mode: mode,
        reason: "Android's resource qualifiers select the night mode (values-night) and not night "
          + "(values-notnight), and no other theme (high contrast has no qualifier); apply this mode "
          + "with a theme of the app's own",
        at: location
      ).diagnostic
    }
  }

  func files(for tokens: ModalTokenSet, templates: TemplateSet) throws -> [GeneratedFile] {
    var errors: [EmittingError] = []
    // Each resource name by its type (`color`, `dimen`, `style`), with the token that claimed it.
    var claimed: [String: Token] = [:]
    var colors: [(name: String, token: ModalToken)] = []
    var dimensions: [(name: String, token: ModalToken)] = []
    var styles: [AndroidStyleContext] = []
    for token in tokens.tokens {
      let first = token.first
      let type: String
      switch first.type {
      case .color: type = "color"
      case .dimension: type = "dimen"
      case .typography: type = "style"
      default: continue
      }
      let name: String
      switch AndroidLanguage.resourceName(first.path) {
      case .success(let resourceName): name = type == "style" ? Self.stylePrefix + resourceName : resourceName
      case .failure(let problem):
        errors.append(
          .invalidResourceName(
            language: "an Android resource", named: .init(.token, first.name, at: first.location),
            problem: problem.reason))
        continue
      }
      if let earlier = claimed.updateValue(first, forKey: type + "/" + name) {
        claimed[type + "/" + name] = earlier
        errors.append(
          .nameCollision(
            language: AndroidLanguage.name, identifier: name, scope: "R.\(type)",
            first: .init(.token, earlier.name, at: earlier.location),
            second: .init(.token, first.name, at: first.location)))
        continue
      }
      switch first.value {
      case .color: colors.append((name, token))
      case .dimension: dimensions.append((name, token))
      case .typography(let typography):
        styles.append(
          AndroidStyleContext(
            resource: AndroidResourceContext(name: name, value: "", token: first),
            items: AndroidLanguage.textAppearance(typography).map {
              AndroidItemContext(name: $0.attribute, value: $0.value)
            }))
      default: break
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }

    var files: [GeneratedFile] = []
    func add(_ folder: String, _ template: String, _ resources: [AndroidResourceContext]) throws {
      guard !resources.isEmpty else { return }
      files.append(
        GeneratedFile(
          path: "\(folder)/\(template)",
          bytes: try templates.render(template, AndroidFileContext(resources: resources, styles: []))))
    }
    let folders = [0: "values"].merging(Self.qualifiedFolders(tokens.modes).byMode) { $1 }
    for (position, folder) in folders.sorted(by: { $0.key < $1.key }) {
      // A qualified folder holds only what differs from `values`, which Android falls back to.
      func resources(_ entries: [(name: String, token: ModalToken)], _ value: (Token) -> String?)
        -> [AndroidResourceContext]
      {
        entries.compactMap { entry in
          let modeToken = entry.token.byMode[position]
          guard position == 0 || modeToken.value != entry.token.first.value, let text = value(modeToken)
          else { return nil }
          return AndroidResourceContext(name: entry.name, value: text, token: modeToken)
        }
      }
      try add(
        folder, "colors.xml",
        resources(colors) { token in
          guard case .color(let color) = token.value else { return nil }
          return AndroidLanguage.color(color)
        })
      try add(
        folder, "dimens.xml",
        resources(dimensions) { token in
          guard case .dimension(let dimension) = token.value else { return nil }
          return AndroidLanguage.dimension(
            dimension, unit: AndroidLanguage.isFontSize(token.path) ? "sp" : "dp")
        })
    }
    if !styles.isEmpty {
      files.append(
        GeneratedFile(
          path: "values/styles.xml",
          bytes: try templates.render("styles.xml", AndroidFileContext(resources: [], styles: styles))))
    }
    return files
  }
}

/// One resource file: its resources (colors, dimensions) or its styles.
final class AndroidFileContext: TemplateContext {
  let resources: [AndroidResourceContext]
  let styles: [AndroidStyleContext]

  package init(resources: [AndroidResourceContext], styles: [AndroidStyleContext]) {
    self.resources = resources
    self.styles = styles
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .resources: return .list(resources)
    case .styles: return .list(styles)
    default: return nil
    }
  }
}

/// One `<color>` or `<dimen>`, or a style's name and notes: its name, value, path, description as
/// comment lines, and deprecation.
final class AndroidResourceContext: TemplateContext {
  let name: String
  let value: String
  let token: Token

  package init(name: String, value: String, token: Token) {
    self.name = name
    self.value = value
    self.token = token
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .value: return .text(value)
    case .path: return .text(token.name)
    case .documentation:
      return .texts(token.description.map { AndroidLanguage.escaper.commentLines($0) } ?? [])
    case .deprecation:
      return .optional(
        token.deprecation.map { deprecation in
          DeprecationContext(
            message: deprecation.message.map {
              AndroidLanguage.escaper.commentLines($0).joined(separator: " ")
            })
        })
    default: return nil
    }
  }
}

/// One `TextAppearance` style: the resource (name and notes) and its items.
final class AndroidStyleContext: TemplateContext {
  let resource: AndroidResourceContext
  let items: [AndroidItemContext]

  package init(resource: AndroidResourceContext, items: [AndroidItemContext]) {
    self.resource = resource
    self.items = items
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    field == .items ? .list(items) : resource.field(field)
  }
}

/// `<item name="android:textSize">18sp</item>`.
final class AndroidItemContext: TemplateContext {
  let name: String
  let value: String

  package init(name: String, value: String) {
    self.name = name
    self.value = value
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .value: return .text(value)
    default: return nil
    }
  }
}
