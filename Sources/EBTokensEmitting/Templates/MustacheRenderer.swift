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
  /// - Parameter capacity: The bytes to reserve for the text up front; it grows past them if it
  ///   must.
  /// - Returns: The text's UTF-8 (valid: it is made of the templates' text and the contexts'
  ///   strings).
  ///
  /// The text is rendered straight into the array returned, made with `capacity` bytes: a text of
  /// megabytes is then never copied (nor are its pages touched twice). Reserved bytes that are
  /// never written cost no memory page.
  func render(_ index: Int, context: any TemplateContext, capacity: Int = MustacheRenderer.defaultCapacity)
    throws(MustacheRecursionError) -> [UInt8]
  {
    var failure: MustacheRecursionError?
    // Set when the text outgrew `capacity`: it is then in the renderer's own memory.
    var outgrown: [UInt8]?
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { storage, initialized in
      var renderer = MustacheRenderer(library: self, output: ByteBuffer(lending: storage))
      do throws(MustacheRecursionError) {
        try renderer.render(templates[index].nodes, with: context)
      } catch {
        failure = error
        return
      }
      if renderer.output.ownsStorage {
        outgrown = renderer.output.array()
      } else {
        initialized = renderer.output.count
      }
    }
    if let failure { throw failure }
    return outgrown ?? bytes
  }
}

/// Renders compiled templates into one growing buffer.
///
/// The renderer recurses once a section or partial; ``maxDepth`` of them at most, which a stack
/// of any thread has room for, so a recursion the data never ends stops with an error instead of
/// a crash. Real templates need about two levels a namespace: the deepest token tree allowed
/// (128 levels) takes under 300.
struct MustacheRenderer: ~Copyable {
  static let maxDepth = 1000
  /// The output's first capacity, when the caller knows no better.
  static let defaultCapacity = 64 * 1024

  private let library: MustacheLibrary
  private(set) var output: ByteBuffer
  /// The frames that enclose the innermost one, outermost first. The innermost is an argument
  /// of the render functions instead: an argument is read where it is, while a frame read from
  /// an array is copied first (a call could change the array), and the innermost frame is where
  /// most names are found.
  private var stack: [Frame] = []
  private var depth = 0
  /// The indentation of the standalone partials being rendered, outermost first.
  private var indent: [UInt8] = []
  /// While an element of a ``RenderKeepingList`` renders, how many frames enclose it: a name found
  /// in one of them, or in none, makes its text depend on more than the element (`escaped`).
  private var elementFloor: Int?
  private var escaped = false

  /// A value on the context stack: a section's value, or the element a section over a list is
  /// at (one frame, moved from element to element).
  private struct Frame {
    /// The value; for an element, the list (`.list` or `.texts`).
    let value: TemplateValue
    /// The element's index in the list; -1 for a value that is not an element.
    var index: Int
    /// The value, or the element.
    var current: TemplateValue
    /// `current`'s context, and ``NoFields`` when it is not one: a lookup calls it in place,
    /// where taking it out of `current` (or of an optional) would copy it first.
    var context: any TemplateContext

    package init(_ value: TemplateValue) {
      self.value = value
      index = -1
      current = value
      context = Self.context(of: value)
    }

    /// The first element of `list`, which is not empty.
    package init(elementsOf list: TemplateValue) {
      value = list
      index = -1
      current = .null
      context = NoFields.shared
      moveTo(0)
    }

    mutating func moveTo(_ index: Int) {
      self.index = index
      switch value {
      case .list(let list): current = list.item(at: index)
      case .texts(let texts): current = .text(texts[index])
      default: current = value
      }
      context = Self.context(of: current)
    }

    private static func context(of value: TemplateValue) -> any TemplateContext {
      guard case .object(let context) = value else { return NoFields.shared }
      return context
    }

    /// How many elements the list has, for an element.
    var count: Int {
      switch value {
      case .list(let list): return list.count
      case .texts(let texts): return texts.count
      default: return 0
      }
    }

    /// What `TemplateContext`'s `field(_ key: TemplateKey)` does, written out here: that one is
    /// generic, and called on an existential it would run unspecialised.
    func field(_ key: TemplateKey) -> TemplateValue? {
      guard let field = key.field else { return context.field(key.name) }
      return context.field(field)
    }
  }

  package init(library: MustacheLibrary, output: consuming ByteBuffer) {
    self.library = library
    self.output = output
  }

  /// Renders `nodes` with `context` at the bottom of the context stack.
  mutating func render(_ nodes: [MustacheNode], with context: any TemplateContext)
    throws(MustacheRecursionError)
  {
    try render(nodes, in: Frame(.object(context)))
  }

  /// Renders `nodes` with `top` the innermost frame.
  private mutating func render(_ nodes: [MustacheNode], in top: Frame) throws(MustacheRecursionError) {
    // The nodes are read where they are: a `for` loop over the array would copy each one first,
    // retaining what it holds.
    try nodes.withUnsafeBufferPointer { (nodes) throws(MustacheRecursionError) in
      for index in nodes.indices {
        try render(nodes[index], in: top)
      }
    }
  }

  /// Renders one node, borrowed from its template: matching it binds its parts without copying
  /// the node.
  private mutating func render(_ node: borrowing MustacheNode, in top: Frame) throws(MustacheRecursionError) {
    switch node {
    case .text(let text):
      write(text)
    case .variable(let name):
      if let value = resolve(name, in: top) { write(value) }
    case .section(let name, let children):
      try section(resolve(name, in: top), children, in: top)
    case .invertedSection(let name, let children):
      if !Self.isTrue(resolve(name, in: top)) { try nested(children, in: top) }
    case .partial(let index, let indent):
      if let index { try partial(index, indent: indent, in: top) }
    case .dynamicPartial(let name, let indent):
      if case .text(let partialName)? = resolve(name, in: top), let index = library.indices[partialName] {
        try partial(index, indent: indent, in: top)
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

  private mutating func section(_ value: TemplateValue?, _ children: [MustacheNode], in top: Frame)
    throws(MustacheRecursionError)
  {
    switch value {
    case nil, .null?, .bool(false)?:
      return
    case .bool(true)?:
      try nested(children, in: top)
    case .list(let list)?:
      try iterate(.list(list), count: list.count, children, in: top)
    case .texts(let texts)?:
      try iterate(.texts(texts), count: texts.count, children, in: top)
    case let value?:
      stack.append(top)
      try nested(children, in: Frame(value))
      stack.removeLast()
    }
  }

  /// Renders `children` once for each of the `count` elements of `list`.
  private mutating func iterate(
    _ list: TemplateValue, count: Int, _ children: [MustacheNode], in top: Frame
  ) throws(MustacheRecursionError) {
    guard count > 0 else { return }
    stack.append(top)
    var element = Frame(elementsOf: list)
    // An element's text is kept only outside another kept element, and outside an indented
    // partial (whose indentation it would carry).
    let keeping: (list: any RenderKeepingList, texts: ElementRenders.Texts)? =
      if case .list(let list) = list, elementFloor == nil, indent.isEmpty,
        let list = list as? any RenderKeepingList, let renders = list.renders
      {
        (
          list,
          renders.texts(
            ofSection: children.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }, count: count)
        )
      } else { nil }
    for index in 0..<count {
      if let (list, texts) = keeping, let identity = list.elementIdentity(at: index),
        let text = texts.text(at: index, identity: identity)
      {
        output.append(text)
        continue
      }
      guard let (list, texts) = keeping, case .object(let context) = list.item(at: index) else {
        if index > 0 { element.moveTo(index) }
        try nested(children, in: element)
        continue
      }
      if index > 0 { element.moveTo(index) }
      let start = output.count
      elementFloor = stack.count
      escaped = false
      defer { elementFloor = nil }
      try nested(children, in: element)
      if !escaped { texts.keep(output.bytes(from: start), at: index, of: context) }
    }
    stack.removeLast()
  }

  private mutating func nested(_ children: [MustacheNode], in top: Frame) throws(MustacheRecursionError) {
    depth += 1
    guard depth <= Self.maxDepth else { throw MustacheRecursionError() }
    try render(children, in: top)
    depth -= 1
  }

  private mutating func partial(_ index: Int, indent more: [UInt8], in top: Frame)
    throws(MustacheRecursionError)
  {
    guard !more.isEmpty else { return try nested(library.templates[index].nodes, in: top) }
    let outer = indent
    indent += more
    try nested(library.templates[index].nodes, in: top)
    indent = outer
  }

  /// The value `name` finds: its first component in the innermost context that has it, the
  /// rest each in the value before; then the transforms. `nil` when nothing has the name.
  private mutating func resolve(_ name: MustacheName, in top: Frame) -> TemplateValue? {
    var value: TemplateValue?
    let transforms = name.transforms
    var applied = 0
    switch name.base {
    case .current:
      value = top.current
    case .position:
      guard top.index >= 0, let transform = transforms.first else { return nil }
      value = transform.apply(position: top.index, of: top.count)
      applied = 1
    case .path:
      let path = name.path
      guard let first = path.first else { return nil }
      value = lookUp(first, from: top)
      var component = 1
      while component < path.count {
        guard case .object(let context)? = value else { return nil }
        value = context.field(path[component])
        component += 1
      }
    }
    while applied < transforms.count {
      guard let current = value else { return nil }
      value = transforms[applied].apply(to: current)
      applied += 1
    }
    return value
  }

  private mutating func lookUp(_ key: TemplateKey, from top: Frame) -> TemplateValue? {
    if let value = top.field(key) { return value }
    let (value, frame) = stack.withUnsafeBufferPointer { frames -> (TemplateValue?, Int) in
      var index = frames.count - 1
      while index >= 0 {
        if let value = frames[index].field(key) { return (value, index) }
        index -= 1
      }
      return (nil, -1)
    }
    if let elementFloor, frame < elementFloor { escaped = true }
    return value
  }

  private mutating func write(_ text: MustacheText) {
    guard !indent.isEmpty, !text.lineStarts.isEmpty else {
      output.append(text.bytes)
      return
    }
    var from = 0
    for start in text.lineStarts {
      output.append(text.bytes[from..<start])
      output.append(indent)
      from = start
    }
    output.append(text.bytes[from...])
  }

  /// A text as it is, never escaped; a number in decimal; `true`/`false`. A list or a context
  /// prints nothing.
  private mutating func write(_ value: TemplateValue) {
    switch value {
    case .text(let text):
      output.append(text)
    case .int(let number):
      output.append(String(number))
    case .bool(let flag):
      output.append(flag ? "true" : "false")
    case .null, .texts, .object, .list:
      break
    }
  }
}

/// What a frame that is not a context looks names up in: nothing.
private final class NoFields: TemplateContext {
  /// The one instance every such frame shares.
  static let shared = NoFields()
}
