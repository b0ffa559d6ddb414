/// A value templates read fields of. Every context type lists its fields in one `switch`, which
/// is both the contract with templates and what makes a lookup cheap: no reflection, no casts.
protocol TemplateContext: Sendable {
  /// The field called `name`, or `nil` when this context has no such field, so the lookup goes
  /// on in the enclosing contexts. An optional field that is absent is ``TemplateValue/null``,
  /// not `nil`: it stops the lookup (a token without a deprecation must not find its parent's).
  func field(_ name: String) -> TemplateValue?
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

/// A list of contexts a section iterates. An array of contexts is one: `.list(tokens)` hands the
/// array over as it is, and each element is wrapped only when the section reaches it.
protocol TemplateList: Sendable {
  var count: Int { get }
  /// The element at `index`, from 0 to `count - 1`.
  func item(at index: Int) -> TemplateValue
  /// Field `name` of the element at `index`: what a section over the list looks up, without
  /// copying the element out of the list.
  func field(_ name: String, at index: Int) -> TemplateValue?
}

extension Array: TemplateList where Element: TemplateContext {
  func item(at index: Int) -> TemplateValue {
    .object(self[index])
  }

  func field(_ name: String, at index: Int) -> TemplateValue? {
    // This code is generic over the element (the list is reached through `any TemplateList`), so
    // it copies the element for each lookup. The contexts that come in long lists (tokens,
    // namespaces, CSS properties) are therefore final classes, whose copy is one retain; a
    // struct's would retain every field.
    withUnsafeBufferPointer { $0[index].field(name) }
  }
}

/// The `reversed` transform of a list.
struct ReversedTemplateList: TemplateList {
  let base: any TemplateList

  var count: Int { base.count }

  func item(at index: Int) -> TemplateValue {
    base.item(at: base.count - 1 - index)
  }

  func field(_ name: String, at index: Int) -> TemplateValue? {
    base.field(name, at: base.count - 1 - index)
  }
}
