import Foundation

/// A Mustache template compiled once into a tree of nodes: names split, transforms and partials
/// resolved, standalone lines already removed. See ``MustacheParser`` and ``MustacheRenderer``.
struct MustacheTemplate: Sendable {
  let nodes: [MustacheNode]
  /// Every partial the template includes, for ``MustacheIncludes/unguardedCycles(_:)``.
  let includes: [MustacheInclude]
}

enum MustacheNode: Sendable {
  case text(MustacheText)
  /// `{{name}}`, `{{{name}}}` and `{{&name}}` alike: generated files are code, never HTML-escaped.
  case variable(MustacheName)
  case section(MustacheName, [MustacheNode])
  case invertedSection(MustacheName, [MustacheNode])
  /// `{{> name}}`: the partial's index in the library, `nil` when there is no such template (it
  /// renders nothing, as the Mustache spec says); `indent` is a standalone tag's indentation.
  case partial(Int?, indent: [UInt8])
  /// `{{>*name}}`: the partial named by the text field `name`.
  case dynamicPartial(MustacheName, indent: [UInt8])
}

/// Literal text, UTF-8, with where its lines start: a partial included with an indentation
/// (a standalone `  {{> partial}}`) writes the indentation there.
struct MustacheText: Sendable {
  let bytes: [UInt8]
  /// Offsets in `bytes` at which a line of the template starts, ascending. An empty text with
  /// `[0]` marks a line that starts with a tag.
  let lineStarts: [Int]

  package init(bytes: [UInt8], lineStarts: [Int]) {
    self.bytes = bytes
    self.lineStarts = lineStarts
  }
}

/// A tag's name: what to look up, then the transforms to apply to it, innermost first.
struct MustacheName: Sendable {
  enum Base: Sendable {
    /// `.`: the current context.
    case current
    /// `first()`, `index()`: where the current context is in the list a section iterates.
    case position
    /// `a.b.c`: `a` looked up through the context stack, then `b` in it and `c` in that.
    case path
  }

  let base: Base
  /// A path's components, `a`, `b` and `c` of `a.b.c`; empty for the other bases.
  let path: [TemplateKey]
  let transforms: [MustacheTransform]
  /// As written, for matching a section's closing tag.
  let text: String

  package init(base: Base, path: [TemplateKey] = [], transforms: [MustacheTransform], text: String) {
    self.base = base
    self.path = path
    self.transforms = transforms
    self.text = text
  }

  /// Whether looking the name up reads the data, so a section over it can end a recursion:
  /// `tokens`, `first(namespaces)`; not `.`, `empty(.)` nor `first()`.
  var looksUpAField: Bool {
    base == .path
  }
}

/// A function applied to a value: `{{#empty(tokens)}}`, `{{uppercased(name)}}`.
enum MustacheTransform: String, CaseIterable, Sendable {
  // Lists (and texts, where it makes sense).
  case empty, first, last, count, reversed
  // Texts.
  case uppercased, lowercased, capitalized
  // Numbers, and the position in a list with `index()`; `first()`, `last()` are true for the
  // first and last element.
  case index, even, odd, equalzero, plusone, minusone

  /// The value the transform makes of `value`; `nil` where it does not apply, which is false.
  func apply(to value: TemplateValue) -> TemplateValue? {
    switch (self, value) {
    case (.empty, .list(let list)): return .bool(list.count == 0)
    case (.empty, .texts(let texts)): return .bool(texts.isEmpty)
    case (.empty, .text(let text)): return .bool(text.isEmpty)
    case (.first, .list(let list)): return list.count > 0 ? list.item(at: 0) : nil
    case (.first, .texts(let texts)): return texts.first.map(TemplateValue.text)
    case (.last, .list(let list)): return list.count > 0 ? list.item(at: list.count - 1) : nil
    case (.last, .texts(let texts)): return texts.last.map(TemplateValue.text)
    case (.count, .list(let list)): return .int(list.count)
    case (.count, .texts(let texts)): return .int(texts.count)
    case (.reversed, .list(let list)): return .list(ReversedTemplateList(base: list))
    case (.reversed, .texts(let texts)): return .texts(texts.reversed())
    case (.reversed, .text(let text)): return .text(String(text.reversed()))
    case (.uppercased, .text(let text)): return .text(text.uppercased())
    case (.lowercased, .text(let text)): return .text(text.lowercased())
    case (.capitalized, .text(let text)): return .text(text.capitalized)
    case (.even, .int(let number)): return .bool(number & 1 == 0)
    case (.odd, .int(let number)): return .bool(number & 1 == 1)
    case (.equalzero, .int(let number)): return .bool(number == 0)
    case (.plusone, .int(let number)): return .int(number &+ 1)
    case (.minusone, .int(let number)): return .int(number &- 1)
    default: return nil
    }
  }

  /// What the transform says of the element at `index` of a list of `count`: `first()`,
  /// `last()`, `index()`, `even()`, `odd()`.
  func apply(position index: Int, of count: Int) -> TemplateValue? {
    switch self {
    case .first: return .bool(index == 0)
    case .last: return .bool(index == count - 1)
    case .index: return .int(index)
    case .even: return .bool(index & 1 == 0)
    case .odd: return .bool(index & 1 == 1)
    default: return nil
    }
  }
}

/// A partial a template includes.
struct MustacheInclude: Sendable {
  /// The partial's name; `nil` for a dynamic partial (`{{>*name}}`), which may be any.
  let name: String?
  /// Inside a section that looks a field up, so the data can end a recursion through it.
  let isGuarded: Bool
  let line: Int
  let column: Int
}

enum MustacheIncludes {
  /// The templates (name → its includes) that include themselves without a guard, each with
  /// the first unguarded include on the cycle. Such a template would render for ever whatever
  /// the data; one that includes itself inside `{{#namespaces}}` stops where the data does.
  static func unguardedCycles(_ includes: [String: [MustacheInclude]]) -> [(
    template: String, include: MustacheInclude
  )] {
    var edges: [String: [(String, MustacheInclude)]] = [:]
    for (template, list) in includes {
      for include in list where !include.isGuarded {
        let targets = include.name.map { [$0] } ?? Array(includes.keys)
        for target in targets where includes[target] != nil {
          edges[template, default: []].append((target, include))
        }
      }
    }
    var found: [(template: String, include: MustacheInclude)] = []
    for template in includes.keys.sorted() {
      // Whether `template` reaches itself along unguarded edges.
      var seen: Set<String> = []
      var stack = edges[template] ?? []
      while let (current, first) = stack.popLast() {
        if current == template {
          found.append((template, first))
          break
        }
        guard seen.insert(current).inserted else { continue }
        stack += (edges[current] ?? []).map { ($0.0, first) }
      }
    }
    return found
  }
}

/// A library's templates compiled for rendering: every template's nodes in one array of
/// instructions, with their texts, names and indentations in flat tables, in memory the program
/// owns and never changes. What the renderer reads of a template is then numbers and bytes behind
/// pointers: reading a node of the tree (its class or array, by value) retained and released it,
/// several times a tag, and the engine spent about 40% of its time on that.
final class MustacheProgram: @unchecked Sendable {
  struct Instruction {
    enum Kind: UInt8 {
      case text, variable, section, invertedSection, partial, dynamicPartial
    }

    let kind: Kind
    /// A text's index in `texts`; a variable's, section's or dynamic partial's name in `names`; a
    /// partial's template, -1 for one that does not exist (it renders nothing).
    let operand: Int
    /// A section's: the index just past its last instruction. A partial's: its indentation's
    /// index in `texts`, -1 for none.
    let extra: Int
  }

  /// Bytes of `bytes`, and where their lines start (see ``MustacheText/lineStarts``): offsets
  /// in the text, `lineStartCount` of them from `lineStarts[firstLineStart]`.
  struct Text {
    let start: Int
    let count: Int
    let firstLineStart: Int
    let lineStartCount: Int
  }

  /// A ``MustacheName``: its path's components `keys[firstKey...]` and its transforms
  /// `transforms[firstTransform...]`, innermost first.
  struct Name {
    let base: MustacheName.Base
    let firstKey: Int
    let keyCount: Int
    let firstTransform: Int
    let transformCount: Int
  }

  let instructions: UnsafeBufferPointer<Instruction>
  let texts: UnsafeBufferPointer<Text>
  let bytes: UnsafeBufferPointer<UInt8>
  let lineStarts: UnsafeBufferPointer<Int>
  let names: UnsafeBufferPointer<Name>
  let keys: UnsafeBufferPointer<TemplateKey>
  let transforms: UnsafeBufferPointer<MustacheTransform>
  /// Each template's instructions, by the template's index in the library.
  let templates: UnsafeBufferPointer<Range<Int>>

  init(_ templates: [MustacheTemplate]) {
    var tables = Tables()
    self.templates = Self.copy(
      templates.map { template in
        let start = tables.instructions.count
        tables.add(template.nodes)
        return start..<tables.instructions.count
      })
    instructions = Self.copy(tables.instructions)
    texts = Self.copy(tables.texts)
    bytes = Self.copy(tables.bytes)
    lineStarts = Self.copy(tables.lineStarts)
    names = Self.copy(tables.names)
    keys = Self.copy(tables.keys)
    transforms = Self.copy(tables.transforms)
  }

  deinit {
    for table in [
      UnsafeRawPointer(instructions.baseAddress), UnsafeRawPointer(texts.baseAddress),
      UnsafeRawPointer(bytes.baseAddress), UnsafeRawPointer(lineStarts.baseAddress),
      UnsafeRawPointer(names.baseAddress), UnsafeRawPointer(transforms.baseAddress),
      UnsafeRawPointer(templates.baseAddress),
    ] {
      table?.deallocate()
    }
    if let base = keys.baseAddress {
      UnsafeMutablePointer(mutating: base).deinitialize(count: keys.count)
      base.deallocate()
    }
  }

  private static func copy<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
    let copy = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
    _ = copy.initialize(from: elements)
    return UnsafeBufferPointer(rebasing: copy[..<elements.count])
  }

  /// The tables as they are filled, before they are copied into the program's memory.
  private struct Tables {
    var instructions: [Instruction] = []
    var texts: [Text] = []
    var bytes: [UInt8] = []
    var lineStarts: [Int] = []
    var names: [Name] = []
    var keys: [TemplateKey] = []
    var transforms: [MustacheTransform] = []

    /// Appends the instructions of `nodes`, a section's after its own. Nodes nest no deeper
    /// than ``MustacheParser/maxNesting``, so the recursion is shallow.
    mutating func add(_ nodes: [MustacheNode]) {
      for node in nodes {
        switch node {
        case .text(let text):
          instructions.append(Instruction(kind: .text, operand: add(text.bytes, text.lineStarts), extra: -1))
        case .variable(let name):
          instructions.append(Instruction(kind: .variable, operand: add(name), extra: -1))
        case .section(let name, let children), .invertedSection(let name, let children):
          let kind: Instruction.Kind
          if case .section = node { kind = .section } else { kind = .invertedSection }
          let position = instructions.count
          let name = add(name)
          instructions.append(Instruction(kind: kind, operand: name, extra: -1))
          add(children)
          instructions[position] = Instruction(kind: kind, operand: name, extra: instructions.count)
        case .partial(let template, let indent):
          instructions.append(
            Instruction(kind: .partial, operand: template ?? -1, extra: add(indent: indent)))
        case .dynamicPartial(let name, let indent):
          instructions.append(
            Instruction(kind: .dynamicPartial, operand: add(name), extra: add(indent: indent)))
        }
      }
    }

    private mutating func add(_ text: [UInt8], _ starts: [Int]) -> Int {
      texts.append(
        Text(
          start: bytes.count, count: text.count, firstLineStart: lineStarts.count,
          lineStartCount: starts.count))
      bytes += text
      lineStarts += starts
      return texts.count - 1
    }

    private mutating func add(indent: [UInt8]) -> Int {
      indent.isEmpty ? -1 : add(indent, [])
    }

    private mutating func add(_ name: MustacheName) -> Int {
      names.append(
        Name(
          base: name.base, firstKey: keys.count, keyCount: name.path.count, firstTransform: transforms.count,
          transformCount: name.transforms.count))
      keys += name.path
      transforms += name.transforms
      return names.count - 1
    }
  }
}
