/// A render that went deeper than ``MustacheRenderer/maxDepth``: a partial that includes itself
/// inside a section the data never ends (`{{> namespace}}` inside `{{#root}}`, which every level
/// finds again).
struct MustacheRecursionError: Error {}

/// Compiled templates, one per name, which include each other as partials.
struct MustacheLibrary: Sendable {
  let templates: [MustacheTemplate]
  /// Template name → index in `templates`.
  let indices: [String: Int]

  /// Renders the template at `index` with `context` at the bottom of the context stack.
  /// - Returns: The text's UTF-8 (valid: it is made of the templates' text and the contexts'
  ///   strings).
  func render(_ index: Int, context: any TemplateContext) throws(MustacheRecursionError) -> [UInt8] {
    var renderer = MustacheRenderer(library: self, root: context)
    try renderer.render(templates[index].nodes)
    return renderer.output
  }
}

/// Renders compiled templates into one growing buffer.
///
/// The renderer recurses once a section or partial; ``maxDepth`` of them at most, which a stack
/// of any thread has room for, so a recursion the data never ends stops with an error instead of
/// a crash. Real templates need about two levels a namespace: the deepest token tree allowed
/// (128 levels) takes under 300.
struct MustacheRenderer {
  static let maxDepth = 1000

  private let library: MustacheLibrary
  private(set) var output: [UInt8] = []
  private var stack: [Frame]
  private var depth = 0
  /// The indentation of the standalone partials being rendered, outermost first.
  private var indent: [UInt8] = []

  /// A value on the context stack. An element of a list a section iterates is the list and the
  /// element's index, so the element is neither copied nor boxed to be looked into.
  private struct Frame {
    /// The value; for an element, the list (`.list` or `.texts`).
    let value: TemplateValue
    /// The element's index in the list; -1 for a value that is not an element.
    let index: Int

    var current: TemplateValue {
      guard index >= 0 else { return value }
      switch value {
      case .list(let list): return list.item(at: index)
      case .texts(let texts): return .text(texts[index])
      default: return value
      }
    }

    /// How many elements the list has, for an element.
    var count: Int {
      switch value {
      case .list(let list): return list.count
      case .texts(let texts): return texts.count
      default: return 0
      }
    }

    func field(_ name: String) -> TemplateValue? {
      switch value {
      case .object(let context) where index < 0: return context.field(name)
      case .list(let list) where index >= 0: return list.field(name, at: index)
      default: return nil
      }
    }
  }

  init(library: MustacheLibrary, root: any TemplateContext) {
    self.library = library
    self.stack = [Frame(value: .object(root), index: -1)]
    output.reserveCapacity(64 * 1024)
  }

  mutating func render(_ nodes: [MustacheNode]) throws(MustacheRecursionError) {
    for node in nodes {
      switch node {
      case .text(let text):
        write(text)
      case .variable(let name):
        if let value = resolve(name) { write(value) }
      case .section(let name, let children):
        try section(resolve(name), children)
      case .invertedSection(let name, let children):
        if !Self.isTrue(resolve(name)) { try nested(children) }
      case .partial(let index, let indent):
        if let index { try partial(index, indent: indent) }
      case .dynamicPartial(let name, let indent):
        if case .text(let partialName)? = resolve(name), let index = library.indices[partialName] {
          try partial(index, indent: indent)
        }
      }
    }
  }

  /// False, null, a missing name and an empty list are false; anything else (an empty text too,
  /// and 0) is true.
  private static func isTrue(_ value: TemplateValue?) -> Bool {
    switch value {
    case nil, .null?, .bool(false)?: return false
    case .list(let list)?: return list.count > 0
    case .texts(let texts)?: return !texts.isEmpty
    default: return true
    }
  }

  private mutating func section(_ value: TemplateValue?, _ children: [MustacheNode])
    throws(MustacheRecursionError)
  {
    switch value {
    case nil, .null?, .bool(false)?:
      return
    case .bool(true)?:
      try nested(children)
    case .list(let list)?:
      for index in 0..<list.count { try push(Frame(value: .list(list), index: index), children) }
    case .texts(let texts)?:
      for index in texts.indices { try push(Frame(value: .texts(texts), index: index), children) }
    case let value?:
      try push(Frame(value: value, index: -1), children)
    }
  }

  private mutating func push(_ frame: Frame, _ children: [MustacheNode]) throws(MustacheRecursionError) {
    stack.append(frame)
    try nested(children)
    stack.removeLast()
  }

  private mutating func nested(_ children: [MustacheNode]) throws(MustacheRecursionError) {
    depth += 1
    guard depth <= Self.maxDepth else { throw MustacheRecursionError() }
    try render(children)
    depth -= 1
  }

  private mutating func partial(_ index: Int, indent more: [UInt8]) throws(MustacheRecursionError) {
    guard !more.isEmpty else { return try nested(library.templates[index].nodes) }
    let outer = indent
    indent += more
    try nested(library.templates[index].nodes)
    indent = outer
  }

  /// The value `name` finds: its first component in the innermost context that has it, the
  /// rest each in the value before; then the transforms. `nil` when nothing has the name.
  private func resolve(_ name: MustacheName) -> TemplateValue? {
    var value: TemplateValue?
    var transforms = name.transforms[...]
    switch name.base {
    case .current:
      value = stack.last?.current
    case .position:
      guard let frame = stack.last, frame.index >= 0, let transform = transforms.popFirst() else {
        return nil
      }
      value = transform.apply(position: frame.index, of: frame.count)
    case .path(let first, let rest):
      value = lookUp(first)
      for component in rest {
        guard case .object(let context)? = value else { return nil }
        value = context.field(component)
      }
    }
    for transform in transforms {
      guard let current = value else { return nil }
      value = transform.apply(to: current)
    }
    return value
  }

  private func lookUp(_ name: String) -> TemplateValue? {
    stack.withUnsafeBufferPointer { frames in
      var index = frames.count - 1
      while index >= 0 {
        if let value = frames[index].field(name) { return value }
        index -= 1
      }
      return nil
    }
  }

  private mutating func write(_ text: MustacheText) {
    guard !indent.isEmpty, !text.lineStarts.isEmpty else {
      output.append(contentsOf: text.bytes)
      return
    }
    var from = 0
    for start in text.lineStarts {
      output.append(contentsOf: text.bytes[from..<start])
      output.append(contentsOf: indent)
      from = start
    }
    output.append(contentsOf: text.bytes[from...])
  }

  /// A text as it is, never escaped; a number in decimal; `true`/`false`. A list or a context
  /// prints nothing.
  private mutating func write(_ value: TemplateValue) {
    switch value {
    case .text(var text):
      text.withUTF8 { output.append(contentsOf: $0) }
    case .int(let number):
      output.append(contentsOf: String(number).utf8)
    case .bool(let flag):
      output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .null, .texts, .object, .list:
      break
    }
  }
}
