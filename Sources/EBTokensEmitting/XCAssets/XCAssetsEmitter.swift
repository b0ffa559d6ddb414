import EBTokensConfig
import EBTokensModel
import EBTokensSupport

/// The asset catalog output: `<catalog>.xcassets/` with a root `Contents.json`, a folder per group
/// that provides a namespace, and a colorset per color token, its entries the universal color and
/// one per mode that has an appearance (``XCAssetsLanguage/appearances(of:)``). `color.accent.$root`
/// is the colorset `accent` in the group `color`. Only colors have an asset type; the other tokens
/// are left to the Swift package.
struct XCAssetsEmitter: OutputEmitter {
  let catalogName: String
  /// Where the configuration lists the output, for the warnings about modes left out.
  let location: SourceLocation?

  func templateNames(for tokens: ModalTokenSet) -> [String] {
    ["catalog.json", "group.json", "colorset.json"]
  }

  func warnings(for tokens: ModalTokenSet) -> [Diagnostic] {
    XCAssetsLanguage.appearances(of: tokens.modes).leftOut.map { mode in
      EmittingError.modeLeftOut(
        language: XCAssetsLanguage.name, mode: mode,
        reason: "an asset catalog has appearances for light, dark and high contrast only, and this mode is "
          + "none of them (or has the same appearances as an earlier mode)",
        at: location
      ).diagnostic
    }
  }

  func files(for tokens: ModalTokenSet, templates: TemplateSet) throws -> [GeneratedFile] {
    let root = catalogName + ".xcassets"
    let appearances = XCAssetsLanguage.appearances(of: tokens.modes).byMode
    var errors: [EmittingError] = []
    // Each folder written, by its case- and normalization-folded path, with what claimed it first.
    var claimed: [String: (path: String, named: EmittingError.Named)] = [:]
    var reportedGroups: Set<String> = []
    var files = [
      GeneratedFile(
        path: root + "/Contents.json", bytes: try templates.render("catalog.json", NoTokensContext()))
    ]
    let groupBytes = try templates.render("group.json", NoTokensContext())
    for token in tokens.tokens where token.type == .color {
      let first = token.first
      var segments = Array(first.path.segments)
      if segments.last == TokenPath.rootTokenName { segments.removeLast() }
      if let invalid = segments.indices.first(where: { XCAssetsLanguage.problem(segments[$0]) != nil }) {
        let problem = XCAssetsLanguage.problem(segments[invalid]) ?? ""
        if invalid == segments.count - 1 {
          errors.append(
            .invalidResourceName(
              language: "an asset", named: .init(.token, first.name, at: first.location), problem: problem))
        } else {
          let group = first.path.segments.prefix(invalid + 1).joined(separator: ".")
          if reportedGroups.insert(group).inserted {
            errors.append(
              .invalidResourceName(
                language: "an asset catalog group", named: .init(.group, group, at: first.location),
                problem: problem))
          }
        }
        continue
      }
      var folder = root
      var key = ""
      var collides = false
      for (index, segment) in segments.enumerated() {
        let isAsset = index == segments.count - 1
        folder += "/" + segment + (isAsset ? ".colorset" : "")
        key += "/" + XCAssetsLanguage.folderKey(segment) + (isAsset ? ".colorset" : "")
        let dotted = segments.prefix(index + 1).joined(separator: ".")
        let named: EmittingError.Named =
          isAsset ? .init(.token, first.name, at: first.location) : .init(.group, dotted, at: first.location)
        if let earlier = claimed[key] {
          if earlier.path != folder {
            if isAsset || reportedGroups.insert(dotted).inserted {
              errors.append(
                .nameCollision(
                  language: XCAssetsLanguage.name, identifier: segment + (isAsset ? ".colorset" : ""),
                  scope: "'\(root)' (folder names differ only in case or normalization)",
                  first: earlier.named, second: named))
            }
            collides = true
            break
          }
          continue
        }
        claimed[key] = (folder, named)
        if !isAsset { files.append(GeneratedFile(path: folder + "/Contents.json", bytes: groupBytes)) }
      }
      if collides { continue }
      files.append(
        GeneratedFile(
          path: folder + "/Contents.json",
          bytes: try templates.render(
            "colorset.json", ColorSetContext(colors: entries(of: token, appearances)))))
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return files
  }

  /// The universal entry, then, when the color changes with the mode, one per mode that has
  /// appearances.
  private func entries(of token: ModalToken, _ appearances: [Int: [XCAssetsLanguage.Appearance]])
    -> [ColorEntryContext]
  {
    var entries: [ColorEntryContext] = []
    for (position, modeToken) in token.byMode.enumerated() {
      guard case .color(let color) = modeToken.value else { continue }
      if position == 0 {
        entries.append(ColorEntryContext(appearances: [], components: XCAssetsLanguage.components(of: color)))
      } else if !token.isConstant, let modeAppearances = appearances[position] {
        entries.append(
          ColorEntryContext(
            appearances: modeAppearances.map(AppearanceContext.init),
            components: XCAssetsLanguage.components(of: color)))
      }
    }
    return entries
  }
}

/// The catalog's and the groups' `Contents.json`, which hold nothing of the tokens.
private final class NoTokensContext: TemplateContext {
  func field(_ field: TemplateField) -> TemplateValue? { nil }
}

/// One colorset's `Contents.json`.
final class ColorSetContext: TemplateContext {
  let colors: [ColorEntryContext]

  package init(colors: [ColorEntryContext]) {
    self.colors = colors
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    field == .colors ? .list(colors) : nil
  }
}

/// One entry of a colorset: its appearances (none for the universal one) and its color.
final class ColorEntryContext: TemplateContext {
  let appearances: [AppearanceContext]
  let components: XCAssetsLanguage.Components

  package init(appearances: [AppearanceContext], components: XCAssetsLanguage.Components) {
    self.appearances = appearances
    self.components = components
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .appearances: return .list(appearances)
    case .colorSpace: return .text(components.colorSpace)
    case .red: return .text(components.red)
    case .green: return .text(components.green)
    case .blue: return .text(components.blue)
    case .alpha: return .text(components.alpha)
    default: return nil
    }
  }
}

/// `{"appearance": "luminosity", "value": "dark"}`.
final class AppearanceContext: TemplateContext {
  let appearance: XCAssetsLanguage.Appearance

  package init(_ appearance: XCAssetsLanguage.Appearance) {
    self.appearance = appearance
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .appearance: return .text(appearance.appearance)
    case .value: return .text(appearance.value)
    default: return nil
    }
  }
}
