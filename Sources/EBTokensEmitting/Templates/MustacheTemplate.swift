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
/// (a standalone `  {{> partial}}`) writes the indentation there. A class, like ``MustacheName``,
/// so that rendering a node retains one object, not each of its fields.
final class MustacheText: Sendable {
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
final class MustacheName: Sendable {
  enum Base: Sendable {
    /// `.`: the current context.
    case current
    /// `first()`, `index()`: where the current context is in the list a section iterates.
    case position
    /// `a.b.c`: `a` looked up through the context stack, then `b` in it and `c` in that.
    case path
  }

  let base: Base
  /// A path's components, `a`, `b` and `c` of `a.b.c`; empty for the other bases. Kept apart
  /// from `base` so that rendering reads them in place instead of copying an enum's payload.
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
