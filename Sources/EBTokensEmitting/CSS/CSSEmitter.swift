import EBTokensConfig
import EBTokensModel
import EBTokensSupport

/// The CSS output: one stylesheet of custom properties under a selector. With modes, the
/// selector holds the first mode's values, and each mode has a block (under its own selector, and
/// under a media query for the system's appearance) that declares every token whose value is not
/// the same in all modes.
///
/// A color written outside sRGB is declared with its sRGB gamut mapping there, and as written in
/// a last block for wide-gamut displays in browsers that read every CSS Color 4 notation
/// (``CSSWideGamutContext``).
struct CSSEmitter: PatchableOutputEmitter {
  /// The stylesheet's file name; the output's folder holds it.
  let fileName: String
  let selector: String
  let language: CSSLanguage
  /// How each mode is selected, by mode name; a mode not listed gets the defaults.
  let modeOptions: [String: Configuration.CSSMode]

  func templateNames(for tokens: ModalTokenSet) -> [String] { ["tokens.css"] }

  /// One file, returned: none is handed off.
  func render(
    _ tokens: ModalTokenSet, templates: TemplateSet, keepingState: Bool, handingOff _: FileHandOff?
  ) throws -> (files: [GeneratedFile], state: (any OutputPatching)?) {
    // The names claimed along the way are gone before the stylesheet is rendered.
    let (properties, declared) = try properties(of: tokens)
    guard keepingState else {
      return ([try stylesheet(properties, declared: declared, tokens: tokens, templates: templates)], nil)
    }
    let state = CSSOutputState(
      emitter: self, tokens: tokens, properties: properties, declared: declared, templates: templates)
    return ([try state.stylesheet(tokens)], state)
  }

  /// The stylesheet of `properties`, named and checked, and with modes of `declared`.
  fileprivate func stylesheet(
    _ properties: CSSPropertyList, declared: [(name: String, token: ModalToken)], tokens: ModalTokenSet,
    templates: TemplateSet
  ) throws -> GeneratedFile {
    let hasWideGamutColor = tokens.hasWideGamutColor
    let context = CSSFileContext(
      selector: selector, properties: properties,
      modeBlocks: modeBlocks(tokens.modes, declared, colors: .sRGB),
      wideGamut: hasWideGamutColor
        ? CSSWideGamutContext(
          properties: wideGamutProperties(properties),
          modeBlocks: modeBlocks(tokens.modes, declared, colors: .wideGamut))
        : nil)
    return GeneratedFile(
      path: fileName, bytes: try templates.render("tokens.css", context, tokenCount: tokens.tokens.count))
  }

  /// Every token's properties, in path order, and with modes the tokens the mode blocks declare,
  /// each with its property name; every invalid or colliding name is an error.
  private func properties(of tokens: ModalTokenSet) throws -> (
    CSSPropertyList, [(name: String, token: ModalToken)]
  ) {
    var naming = CSSLanguage.PropertyNaming()
    var errors: [EmittingError] = []
    // Each property name, with the position of the token that claimed it first.
    var claimed = NameIndex()
    var properties: [CSSPropertyList.Entry] = []
    properties.reserveCapacity(tokens.tokens.count)
    claimed.reserveCapacity(tokens.tokens.count)
    var declared: [(name: String, token: ModalToken)] = []
    for (tokenIndex, modalToken) in tokens.tokens.enumerated() {
      let token = modalToken.first
      guard let name = naming.name(of: token, errors: &errors) else { continue }
      // One property, or for a typography two (its `-letter-spacing` too), each claiming its name.
      for position in 0..<CSSLanguage.propertyCount(of: token) {
        let suffix = CSSLanguage.propertySuffix(at: position)
        let propertyName = suffix.isEmpty ? name : name + suffix
        // One lookup claims a free name or finds its first claimant (a token's own properties'
        // names differ by their suffixes).
        let first = claimed.value(
          for: propertyName, hash: NameIndex.hash(of: propertyName), insertingIfMissing: tokenIndex)
        if first != tokenIndex {
          let firstToken = tokens.tokens[first].first
          errors.append(
            .nameCollision(
              language: CSSLanguage.name, identifier: propertyName, scope: selector,
              first: .init(.token, firstToken.name, at: firstToken.location),
              second: .init(.token, token.name, at: token.location)))
          continue
        }
        properties.append(CSSPropertyList.Entry(token: token, position: position))
      }
      // Mode blocks carry primitive values; a composite keeps its default mode's value.
      if tokens.hasModes && !token.type.isComposite { declared.append((name, modalToken)) }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return (CSSPropertyList(language: language, entries: properties), declared)
  }

  /// Each mode's block, the media-query blocks first so that a mode chosen with its selector wins
  /// over the system's appearance; none when every token is the same in all modes.
  ///
  /// A block declares every token that is not the same in all modes, not only those its mode
  /// changes, so that a mode chosen on an element inside another mode's element (a light card in
  /// a dark page) sets them all. That includes an alias whose target changes, though its text
  /// (`var(--target)`) does not: a custom property's `var()` is resolved on the element that
  /// declares it and inherited as a value, so a `:root` alias would keep the root's value below
  /// an element that changes only its target.
  private func modeBlocks(
    _ modes: [String], _ tokens: [(name: String, token: ModalToken)], colors: CSSLanguage.ColorNotation
  ) -> [CSSModeBlockContext] {
    // Each varying token's value in every mode, each written once.
    var varying: [(name: String, byMode: ModalToken.ByMode, values: [String])] = []
    for entry in tokens {
      let values = entry.token.byMode.map { language.value(of: $0, colors: colors) }
      if !entry.token.isConstant || values.contains(where: { $0 != values.first }) {
        varying.append((entry.name, entry.token.byMode, values))
      }
    }
    guard !varying.isEmpty else { return [] }
    var mediaBlocks: [CSSModeBlockContext] = []
    var selectorBlocks: [CSSModeBlockContext] = []
    for (position, mode) in modes.enumerated() {
      let options = modeOptions[mode] ?? Configuration.CSSMode()
      let properties = varying.map { entry in
        CSSPropertyContext(
          name: entry.name, value: entry.values[position], token: entry.byMode[position], notes: .none)
      }
      if let media = mediaQuery(options.media, mode: mode, modes: modes, isFirst: position == 0) {
        mediaBlocks.append(
          CSSModeBlockContext(mode: mode, selector: selector, media: media, properties: properties))
      }
      selectorBlocks.append(
        CSSModeBlockContext(
          mode: mode, selector: options.selector ?? "[data-theme=\"\(mode)\"]", media: nil,
          properties: properties))
    }
    return mediaBlocks + selectorBlocks
  }

  /// The stylesheet's own properties whose value is another with colors as written: a color
  /// written outside sRGB, or a composite holding one (an alias kept as `var()` is the same text,
  /// and follows its target).
  private func wideGamutProperties(_ properties: CSSPropertyList) -> [CSSPropertyContext] {
    properties.entries.compactMap { entry in
      guard entry.token.value.hasWideGamutColor else { return nil }
      let sRGB = language.property(of: entry.token, at: entry.position)
      let written = language.property(of: entry.token, at: entry.position, colors: .wideGamut)
      guard written.value != sRGB.value, case .success(let name) = CSSLanguage.propertyName(entry.token.path)
      else { return nil }
      return CSSPropertyContext(
        name: name + written.suffix, value: written.value, token: entry.token, notes: .none)
    }
  }

  /// The media query under which a mode applies without being chosen: by default the system's
  /// dark appearance for the mode it selects (``ModeName/system(dark:in:)``: `dark`, or `dark-acme`
  /// of a resolver's modes), and likewise light, unless it is the first mode (whose values are the
  /// stylesheet's own).
  private func mediaQuery(_ media: Configuration.CSSMode.Media, mode: String, modes: [String], isFirst: Bool)
    -> String?
  {
    switch media {
    case .none: return nil
    case .query(let query): return query
    case .automatic:
      guard !isFirst else { return nil }
      for appearance in ["dark", "light"] where ModeName.system(dark: appearance == "dark", in: modes) == mode
      {
        return "(prefers-color-scheme: \(appearance))"
      }
      return nil
    }
  }
}

/// The stylesheet as last rendered (``OutputMemo``): its properties, named and checked, and the
/// tokens its mode blocks declare. After a change of values alone the names stand, so a patch puts
/// each changed token in place of its old self and renders the stylesheet again without naming
/// every token and checking every name again.
private final class CSSOutputState: OutputPatching {
  private let emitter: CSSEmitter
  private let properties: CSSPropertyList
  /// The texts of the properties' declarations, kept across renders: a patch renders only the
  /// changed tokens' declarations again.
  private let renders = ElementRenders()
  private var declared: [(name: String, token: ModalToken)]
  private let templates: TemplateSet
  /// By name, each token's position in the token set, its properties and its place in `declared`.
  private let places: [String: (token: Int, properties: [Int], declared: Int?)]

  init(
    emitter: CSSEmitter, tokens: ModalTokenSet, properties: CSSPropertyList,
    declared: [(name: String, token: ModalToken)], templates: TemplateSet
  ) {
    var places: [String: (token: Int, properties: [Int], declared: Int?)] = [:]
    places.reserveCapacity(tokens.tokens.count)
    for (index, token) in tokens.tokens.enumerated() { places[token.name] = (index, [], nil) }
    for (index, entry) in properties.entries.enumerated() {
      places[entry.token.name]?.properties.append(index)
    }
    for (index, entry) in declared.enumerated() { places[entry.token.name]?.declared = index }
    self.emitter = emitter
    self.properties = CSSPropertyList(
      language: properties.language, entries: properties.entries,
      contexts: properties.entries.indices.map(properties.context(at:)), renders: renders)
    self.declared = declared
    self.templates = templates
    self.places = places
  }

  func patch(_ tokens: ModalTokenSet, changed: [String]) -> [GeneratedFile]? {
    for name in changed {
      guard let place = places[name], tokens.tokens.indices.contains(place.token) else { return nil }
      let token = tokens.tokens[place.token]
      guard token.name == name else { return nil }
      // A changed token's properties get new contexts, whose texts are rendered again.
      for index in place.properties where properties.entries.indices.contains(index) {
        properties.replace(
          at: index,
          with: CSSPropertyList.Entry(token: token.first, position: properties.entries[index].position))
      }
      if let index = place.declared { declared[index].token = token }
    }
    guard let file = try? stylesheet(tokens) else { return nil }
    return [file]
  }

  /// The stylesheet of the properties and declared tokens as they now are, its declarations' texts
  /// kept for the next render.
  func stylesheet(_ tokens: ModalTokenSet) throws -> GeneratedFile {
    try emitter.stylesheet(properties, declared: declared, tokens: tokens, templates: templates)
  }
}

/// What the CSS template sees.
final class CSSFileContext: TemplateContext {
  let selector: String
  /// Every token, in path order; with modes, in the first mode.
  let properties: CSSPropertyList
  /// With modes, each mode's values of the tokens that change with the mode; empty otherwise.
  let modeBlocks: [CSSModeBlockContext]
  /// When a color is written outside sRGB, the declarations that give it as written.
  let wideGamut: CSSWideGamutContext?

  package init(
    selector: String, properties: CSSPropertyList, modeBlocks: [CSSModeBlockContext],
    wideGamut: CSSWideGamutContext?
  ) {
    self.selector = selector
    self.properties = properties
    self.modeBlocks = modeBlocks
    self.wideGamut = wideGamut
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .selector: return .text(selector)
    case .properties: return .list(properties)
    case .modeBlocks: return .list(modeBlocks)
    case .wideGamut: return .optional(wideGamut)
    default: return nil
    }
  }
}

/// The colors written outside sRGB, as written: the stylesheet's properties that hold one, then
/// every mode block again (each declares all its varying tokens, so a mode keeps winning over the
/// stylesheet's selector as it does above). The template puts them after everything else, under
/// `@media (color-gamut: p3)` and `@supports (color: oklch(0 0 0))`: a custom property takes any
/// value, so a second declaration beside the sRGB one would win in every browser, and one that
/// cannot read `color(display-p3 …)` would then have no color at all. A browser that reads
/// `oklch()` reads every notation ebtokens writes; an sRGB display keeps the sRGB gamut mapping,
/// the color the contrast audit judged.
final class CSSWideGamutContext: TemplateContext {
  let properties: [CSSPropertyContext]
  let modeBlocks: [CSSModeBlockContext]

  package init(properties: [CSSPropertyContext], modeBlocks: [CSSModeBlockContext]) {
    self.properties = properties
    self.modeBlocks = modeBlocks
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .properties: return .list(properties)
    case .modeBlocks: return .list(modeBlocks)
    default: return nil
    }
  }
}

/// One mode's values, under its selector or, for a media-query block, under the stylesheet's
/// selector inside `@media`.
final class CSSModeBlockContext: TemplateContext {
  let mode: String
  let selector: String
  /// The media query, for a block that applies when the system matches it.
  let media: String?
  let properties: [CSSPropertyContext]

  package init(mode: String, selector: String, media: String?, properties: [CSSPropertyContext]) {
    self.mode = mode
    self.selector = selector
    self.media = media
    self.properties = properties
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .mode: return .text(mode)
    case .selector: return .text(selector)
    case .media: return .optional(media)
    case .properties: return .list(properties)
    default: return nil
    }
  }
}

/// The stylesheet's own properties, each made from its token when the template reaches it, so
/// that the tokens' names and values are not all held beside the stylesheet being written.
// Unchecked: only a session's patch (``CSSOutputState``) changes a list, and no render of it runs
// beside the patch.
final class CSSPropertyList: RenderKeepingList, @unchecked Sendable {
  /// One property: a token's own (`position` 0) or the next it becomes
  /// (``CSSLanguage/property(of:at:colors:)``: a typography's `-letter-spacing`).
  struct Entry {
    let token: Token
    let position: Int
  }

  let language: CSSLanguage
  // Both lists are unchecked for exclusive access at run time: only a patch writes them, never
  // while a render reads them (see above), and the render read each twice per property, a check
  // of about 60 instructions each time.
  @exclusivity(unchecked) private(set) var entries: [Entry]
  /// In a session (``CSSOutputState``), each entry's context, made once and kept across renders
  /// (a patch replaces a changed token's), and where their texts are kept; empty for a render on
  /// its own, which makes each context when the template reaches it.
  @exclusivity(unchecked) private(set) var contexts: [CSSPropertyContext]
  let renders: ElementRenders?

  package init(
    language: CSSLanguage, entries: [Entry], contexts: [CSSPropertyContext] = [],
    renders: ElementRenders? = nil
  ) {
    self.language = language
    self.entries = entries
    self.contexts = contexts
    self.renders = renders
  }

  var count: Int { entries.count }

  func item(at index: Int) -> TemplateValue {
    contexts.isEmpty ? .object(context(at: index)) : .object(contexts[index])
  }

  func elementIdentity(at index: Int) -> ObjectIdentifier? {
    contexts.withUnsafeBufferPointer { contexts in
      contexts.indices.contains(index) ? ObjectIdentifier(contexts[index]) : nil
    }
  }

  /// Puts `entry` in place of the entry at `index`, and its new context in place of the old one
  /// where contexts are kept: in place, as a patch of a hundred thousand properties changes a few.
  func replace(at index: Int, with entry: Entry) {
    entries[index] = entry
    if !contexts.isEmpty { contexts[index] = Self.context(of: entry, language: language) }
  }

  /// The context of the entry at `index`, made from its token.
  func context(at index: Int) -> CSSPropertyContext {
    Self.context(of: entries[index], language: language)
  }

  /// The context of `entry`, made from its token.
  static func context(of entry: Entry, language: CSSLanguage) -> CSSPropertyContext {
    let property = language.property(of: entry.token, at: entry.position)
    // An entry is only made for a token whose name was made, so this makes it again.
    let name: String
    switch CSSLanguage.propertyName(entry.token.path) {
    case .success(let propertyName): name = propertyName
    case .failure: name = ""
    }
    return CSSPropertyContext(
      name: property.suffix.isEmpty ? name : name + property.suffix, value: property.value,
      token: entry.token,
      notes: entry.position == 0 ? .documentationAndDeprecation : .deprecation)
  }
}

/// One token as a custom property. Its path, comment and deprecation are read from the token
/// when a template asks for them: most templates print neither, and most tokens have none.
final class CSSPropertyContext: TemplateContext {
  /// Which of the token's notes the property carries.
  enum Notes {
    /// The token's first property: its description as a comment, and its deprecation.
    case documentationAndDeprecation
    /// A further property of the token (a typography's `-letter-spacing`): its deprecation.
    case deprecation
    /// A property in a mode block: neither.
    case none
  }

  /// `--main-alert-color-information-bg`.
  let name: String
  /// `#e5f1ff`, `var(--…)`, `color-mix(…)`, `4px`.
  let value: String
  /// The token, in the first mode (in a mode block, in the block's mode): its dotted path,
  /// description, deprecation and extensions.
  let token: Token
  let notes: Notes

  package init(name: String, value: String, token: Token, notes: Notes) {
    self.name = name
    self.value = value
    self.token = token
    self.notes = notes
  }

  /// Comment lines, safe inside `/* */`.
  private var documentation: [String] {
    guard notes == .documentationAndDeprecation, let description = token.description else { return [] }
    return CSSLanguage.escaper.commentLines(description)
  }

  private var deprecation: DeprecationContext? {
    guard notes != .none, let deprecation = token.deprecation else { return nil }
    return DeprecationContext(
      message: deprecation.message.map { CSSLanguage.escaper.commentLines($0).joined(separator: " ") })
  }

  func field(_ field: TemplateField) -> TemplateValue? {
    switch field {
    case .name: return .text(self.name)
    case .path: return .text(token.name)
    case .value: return .text(value)
    case .documentation: return .texts(documentation)
    case .deprecation: return .optional(deprecation)
    case .extensions:
      return .optional(token.extensions.map { CSSLanguage.escaper.literal(DTCGExport.jsonText($0)) })
    default: return nil
    }
  }
}
