/// A value templates read fields of. Every context type lists its fields in one `switch` over
/// ``TemplateField``, which is both the contract with templates and what makes a lookup cheap: no
/// reflection, no casts, no string comparisons.
///
/// Contexts are classes, and so are lists (``TemplateList``): a ``TemplateValue`` is then two
/// words at most, which the renderer copies with one retain, where a struct in an existential
/// is copied through its type's metadata.
protocol TemplateContext: AnyObject, Sendable {
  /// The field `field`, or `nil` when this context has no such field, so the lookup goes on in
  /// the enclosing contexts. An optional field that is absent is ``TemplateValue/null``, not
  /// `nil`: it stops the lookup (a token without a deprecation must not find its parent's).
  func field(_ field: TemplateField) -> TemplateValue?
  /// The field called `name`, for a context whose field names are only known when it is made (the
  /// engine's tests build contexts from dictionaries): it implements this one instead, and is
  /// asked the names no ``TemplateField`` has too. The contexts of the outputs have fixed fields,
  /// every one a ``TemplateField``, so they have no other.
  func field(_ name: String) -> TemplateValue?
}

extension TemplateContext {
  func field(_ field: TemplateField) -> TemplateValue? {
    self.field(field.rawValue)
  }

  func field(_ name: String) -> TemplateValue? {
    nil
  }

  /// The field a template's name component finds.
  func field(_ key: TemplateKey) -> TemplateValue? {
    guard let field = key.field else { return self.field(key.name) }
    return self.field(field)
  }
}

/// Every field name the contexts of the outputs have (each context has some of them): a template
/// names them, and its names are resolved to these once, when it is compiled, so a lookup switches
/// on a small number (a jump table) instead of comparing strings. Template authors find them in
/// `docs/outputs.md` and `docs/modes.md`.
enum TemplateField: String, Sendable {
  case alpha, appearance, appearances, base, blue, classes, colorSpace, colors, deprecation, documentation,
    entry
  case extendedNamespaces, extensions, green, hasGradients, hasMotion, hasStrokes, hasStyles, hasTextStyles,
    hasWideGamutColors
  case identifier, indent, isAlias, isFirstMember, isLast, items, label, media, message, modal, mode
  case modeBlocks, modeValues, modes, moduleName, name
  case namespaces, packageName, parts, path, properties, property, qualifiedName, rawValue, red, resources,
    root, scheme, selector
  case source, styles, systemDark, systemLight, tokens, type, usesMode, value, wideGamut
}

/// A component of a tag's name (`tokens` in `{{#tokens}}`, `b` in `{{a.b}}`), resolved when the
/// template is compiled.
struct TemplateKey: Sendable {
  /// `nil` for a name no output's context has: it finds nothing, but in a context that takes
  /// any name.
  let field: TemplateField?
  let name: String

  package init(_ name: String) {
    self.field = TemplateField(rawValue: name)
    self.name = name
  }
}

/// What a template tag can find: the few kinds of values the contexts hold.
enum TemplateValue: Sendable {
  /// A field that is there but has no value (an absent optional): false, and prints nothing.
  case null
  case bool(Bool)
  /// Only transforms make numbers: `count(tokens)`, `index()`.
  case int(Int)
  case text(String)
  /// A list of texts, such as a description's lines.
  case texts([String])
  case object(any TemplateContext)
  case list(any TemplateList)

  /// `.null` for `nil`.
  static func optional(_ text: String?) -> TemplateValue {
    text.map(TemplateValue.text) ?? .null
  }

  /// `.null` for `nil`.
  static func optional(_ context: (some TemplateContext)?) -> TemplateValue {
    guard let context else { return .null }
    return .object(context)
  }
}

/// A list of contexts a section iterates.
protocol TemplateList: AnyObject, Sendable {
  var count: Int { get }
  /// The element at `index`, from 0 to `count - 1`.
  func item(at index: Int) -> TemplateValue
  /// This list when it keeps its elements' renders, `nil` otherwise: every section over a list
  /// asks, where a cast (`as? any RenderKeepingList`) looked the conformance up each time.
  var renderKeeping: (any RenderKeepingList)? { get }
}

extension TemplateList {
  var renderKeeping: (any RenderKeepingList)? { nil }
}

/// A list whose elements' renders are kept across renders (``ElementRenders``): a section over it
/// copies an element's text from the last render when the element is the very same context at
/// the same position in a list of the same length, and its text read nothing outside the element.
protocol RenderKeepingList: TemplateList {
  /// Where the elements' texts are kept; `nil` when they are not.
  var renders: ElementRenders? { get }

  /// The identity of the context at `index`, read without retaining it (a render over a hundred
  /// thousand kept elements then touches none of their objects); `nil` when the list has none.
  func elementIdentity(at index: Int) -> ObjectIdentifier?
}

extension RenderKeepingList {
  var renderKeeping: (any RenderKeepingList)? { self }
}

/// The texts the elements of a ``RenderKeepingList`` rendered to, for each section over it (by the
/// section's instruction in its template program): by the element's position, with the context it
/// was rendered from. A text is kept only when the element's rendering found every name in the
/// element itself (or in values within it): then it is a function of the context, immutable, and
/// of the section. The
/// contexts are kept with their texts, so that no other context can take their identities.
final class ElementRenders: @unchecked Sendable {
  /// One section's texts, for a list of `count` elements (whose `first()`, `last()` and `index()`
  /// the texts may have read).
  final class Texts {
    let count: Int
    /// By position, the identity of the context each text was rendered from, which
    /// `contexts` keeps alive.
    private var identities: [ObjectIdentifier?]
    private var contexts: [(any TemplateContext)?]
    private var texts: [[UInt8]]

    init(count: Int) {
      self.count = count
      identities = Array(repeating: nil, count: count)
      contexts = Array(repeating: nil, count: count)
      texts = Array(repeating: [], count: count)
    }

    /// The text of the element at `position`, when it was rendered from the context of
    /// `identity`.
    func text(at position: Int, identity: ObjectIdentifier) -> [UInt8]? {
      identities[position] == identity ? texts[position] : nil
    }

    func keep(_ text: [UInt8], at position: Int, of context: any TemplateContext) {
      identities[position] = ObjectIdentifier(context)
      contexts[position] = context
      texts[position] = text
    }
  }

  /// By the section's program and the index of its instruction there. The programs are kept
  /// with their texts, so that no other program can take their identities.
  private var bySection: [SectionIdentity: (program: MustacheProgram, texts: Texts)] = [:]

  private struct SectionIdentity: Hashable {
    let program: ObjectIdentifier
    let instruction: Int
  }

  init() {}

  /// The texts of the section at instruction `position` of `program`, over a list of `count`
  /// elements.
  func texts(ofSection position: Int, in program: MustacheProgram, count: Int) -> Texts {
    let identity = SectionIdentity(program: ObjectIdentifier(program), instruction: position)
    if let kept = bySection[identity], kept.texts.count == count { return kept.texts }
    let texts = Texts(count: count)
    bySection[identity] = (program, texts)
    return texts
  }
}

/// An array of contexts as a list: `.list(ContextList(tokens))` hands the array over as it is,
/// and each element is wrapped only when the section reaches it.
final class ContextList<Element: TemplateContext>: TemplateList {
  let elements: [Element]

  package init(_ elements: [Element]) {
    self.elements = elements
  }

  var count: Int { elements.count }

  func item(at index: Int) -> TemplateValue {
    .object(elements[index])
  }
}

extension TemplateValue {
  /// The contexts of `elements`, as a list.
  static func list(_ elements: [some TemplateContext]) -> TemplateValue {
    .list(ContextList(elements))
  }
}

/// The `reversed` transform of a list.
final class ReversedTemplateList: TemplateList {
  let base: any TemplateList

  package init(base: any TemplateList) {
    self.base = base
  }

  var count: Int { base.count }

  func item(at index: Int) -> TemplateValue {
    base.item(at: base.count - 1 - index)
  }
}
