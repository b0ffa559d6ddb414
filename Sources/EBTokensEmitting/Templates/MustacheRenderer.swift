import EBTokensSupport

/// A render that went deeper than ``MustacheRenderer/maxDepth``: a partial that includes itself
/// inside a section the data never ends (`{{> namespace}}` inside `{{#root}}`, which every level
/// finds again).
struct MustacheRecursionError: Error {}

/// Compiled templates, one per name, which include each other as partials.
struct MustacheLibrary: Sendable {
  /// Template name → index in the templates the library was made of.
  let indices: [String: Int]
  /// The templates compiled for rendering.
  let program: MustacheProgram

  init(templates: [MustacheTemplate], indices: [String: Int]) {
    self.indices = indices
    program = MustacheProgram(templates)
  }

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
        try renderer.render(template: index, with: context)
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

/// Renders a library's compiled templates (``MustacheProgram``) into one growing buffer.
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
  /// The library's program, which `library` keeps alive: its tables are read through it.
  private unowned(unsafe) let program: MustacheProgram
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

    /// The field `key` names in `context`, which is read in place.
    func field(_ key: UnsafePointer<TemplateKey>) -> TemplateValue? {
      MustacheRenderer.field(key, of: context)
    }
  }

  package init(library: MustacheLibrary, output: consuming ByteBuffer) {
    self.library = library
    program = library.program
    self.output = output
  }

  /// Renders template `index` of the library with `context` at the bottom of the context stack.
  mutating func render(template index: Int, with context: any TemplateContext) throws(MustacheRecursionError)
  {
    try render(program.templates[index], in: Frame(.object(context)))
  }

  /// Renders the instructions in `range` with `top` the innermost frame.
  private mutating func render(_ range: Range<Int>, in top: Frame) throws(MustacheRecursionError) {
    var position = range.lowerBound
    while position < range.upperBound {
      let instruction = program.instructions[position]
      switch instruction.kind {
      case .text:
        write(program.texts[instruction.operand])
      case .variable:
        if let value = resolve(instruction.operand, in: top) { write(value) }
      case .section:
        try section(
          resolve(instruction.operand, in: top), (position + 1)..<instruction.extra, at: position, in: top)
        position = instruction.extra
        continue
      case .invertedSection:
        if !Self.isTrue(resolve(instruction.operand, in: top)) {
          try nested((position + 1)..<instruction.extra, in: top)
        }
        position = instruction.extra
        continue
      case .partial:
        if instruction.operand >= 0 { try partial(instruction.operand, indent: instruction.extra, in: top) }
      case .dynamicPartial:
        if case .text(let partialName)? = resolve(instruction.operand, in: top),
          let index = library.indices[partialName]
        {
          try partial(index, indent: instruction.extra, in: top)
        }
      }
      position += 1
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

  /// Renders the section whose instruction is at `position`, and whose body is `body`.
  private mutating func section(_ value: TemplateValue?, _ body: Range<Int>, at position: Int, in top: Frame)
    throws(MustacheRecursionError)
  {
    switch value {
    case nil, .null?, .bool(false)?:
      return
    case .bool(true)?:
      try nested(body, in: top)
    case .list(let list)?:
      try iterate(.list(list), count: list.count, body, at: position, in: top)
    case .texts(let texts)?:
      try iterate(.texts(texts), count: texts.count, body, at: position, in: top)
    case let value?:
      stack.append(top)
      try nested(body, in: Frame(value))
      stack.removeLast()
    }
  }

  /// Renders `body` once for each of the `count` elements of `list`, for the section at
  /// `position`.
  private mutating func iterate(
    _ list: TemplateValue, count: Int, _ body: Range<Int>, at position: Int, in top: Frame
  ) throws(MustacheRecursionError) {
    guard count > 0 else { return }
    stack.append(top)
    var element = Frame(elementsOf: list)
    // An element's text is kept only outside another kept element, and outside an indented
    // partial (whose indentation it would carry).
    let keeping: (list: any RenderKeepingList, texts: ElementRenders.Texts)? =
      if case .list(let list) = list, elementFloor == nil, indent.isEmpty,
        let list = list.renderKeeping, let renders = list.renders
      {
        (list, renders.texts(ofSection: position, in: program, count: count))
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
        try nested(body, in: element)
        continue
      }
      if index > 0 { element.moveTo(index) }
      let start = output.count
      elementFloor = stack.count
      escaped = false
      defer { elementFloor = nil }
      try nested(body, in: element)
      if !escaped { texts.keep(output.bytes(from: start), at: index, of: context) }
    }
    stack.removeLast()
  }

  private mutating func nested(_ body: Range<Int>, in top: Frame) throws(MustacheRecursionError) {
    depth += 1
    guard depth <= Self.maxDepth else { throw MustacheRecursionError() }
    try render(body, in: top)
    depth -= 1
  }

  /// Renders template `index` as a partial; `indentation` is its indentation's text, -1 for none.
  private mutating func partial(_ index: Int, indent indentation: Int, in top: Frame)
    throws(MustacheRecursionError)
  {
    guard indentation >= 0 else { return try nested(program.templates[index], in: top) }
    let outer = indent
    let more = program.texts[indentation]
    indent.append(
      contentsOf: UnsafeBufferPointer(rebasing: program.bytes[more.start..<(more.start + more.count)]))
    try nested(program.templates[index], in: top)
    indent = outer
  }

  /// The value name `index` finds: its first component in the innermost context that has it,
  /// the rest each in the value before; then the transforms. `nil` when nothing has the name.
  private mutating func resolve(_ index: Int, in top: Frame) -> TemplateValue? {
    let name = program.names[index]
    var value: TemplateValue?
    var applied = 0
    switch name.base {
    case .current:
      value = top.current
    case .position:
      guard top.index >= 0, name.transformCount > 0 else { return nil }
      value = program.transforms[name.firstTransform].apply(position: top.index, of: top.count)
      applied = 1
    case .path:
      guard name.keyCount > 0, let keys = program.keys.baseAddress else { return nil }
      value = lookUp(keys + name.firstKey, from: top)
      var component = 1
      while component < name.keyCount {
        guard case .object(let context)? = value else { return nil }
        value = Self.field(keys + name.firstKey + component, of: context)
        component += 1
      }
    }
    while applied < name.transformCount {
      guard let current = value else { return nil }
      value = program.transforms[name.firstTransform + applied].apply(to: current)
      applied += 1
    }
    return value
  }

  /// The field `key` names in `context`: the key is read where the program holds it, for
  /// ``TemplateContext``'s `field(_ key: TemplateKey)`, called on an existential, would run
  /// unspecialised and take a copy.
  fileprivate static func field(_ key: UnsafePointer<TemplateKey>, of context: any TemplateContext)
    -> TemplateValue?
  {
    guard let field = key.pointee.field else { return context.field(key.pointee.name) }
    return context.field(field)
  }

  private mutating func lookUp(_ key: UnsafePointer<TemplateKey>, from top: Frame) -> TemplateValue? {
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

  private mutating func write(_ text: MustacheProgram.Text) {
    let bytes = UnsafeRawBufferPointer(
      UnsafeBufferPointer(rebasing: program.bytes[text.start..<(text.start + text.count)]))
    guard !indent.isEmpty, text.lineStartCount > 0 else {
      output.append(bytes)
      return
    }
    var from = 0
    for start in program.lineStarts[text.firstLineStart..<(text.firstLineStart + text.lineStartCount)] {
      output.append(UnsafeRawBufferPointer(rebasing: bytes[from..<start]))
      output.append(indent)
      from = start
    }
    output.append(UnsafeRawBufferPointer(rebasing: bytes[from...]))
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
