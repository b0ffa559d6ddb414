internal import CYAML
import Foundation
import Mustache

/// What keeps a user's template from crashing ebtokens. The Mustache library parses and
/// renders recursively, so a template nested thousands of sections deep overflows the stack
/// while it is parsed, and a partial that includes itself for ever overflows it while it is
/// rendered. Both are refused with an error instead:
///
/// - before parsing, ``TemplateScan`` reads the tags: sections nested more than
///   ``TemplateScan/maxNesting`` deep are an error at the tag, and so is a partial that
///   includes itself (directly or through others) outside any section that looks a field up,
///   which could never stop;
/// - while rendering, ``RenderGuard`` stops a recursion that the data does not end (a partial
///   included inside `{{#root}}`, which is found again at every level): every field lookup
///   checks how much of the thread's stack is used, and past a budget all lookups fail, which
///   ends every section, and the render is reported as an error.
enum TemplateScan {
  /// Far deeper than any template needs (the built-in ones nest four sections).
  static let maxNesting = 64

  struct Include {
    /// The partial's name; `nil` for a dynamic partial (`{{>*name}}`), which may be any.
    let name: String?
    /// Inside a section that looks a field up, so the data can end a recursion through it.
    let isGuarded: Bool
    let line: Int
    let column: Int
  }

  struct Result {
    var includes: [Include] = []
    /// The line and column of the first section opened past ``maxNesting``.
    var tooDeep: (line: Int, column: Int)?
  }

  /// Reads the tags of `text` as the library does: `{{` and `}}` unless a `{{=<% %>=}}` tag
  /// changes them, `{{{…}}}` and comments skipped. A tag the scan cannot close ends it; the
  /// parser reports that error.
  static func scan(_ text: String) -> Result {
    var result = Result()
    let characters = Array(text.unicodeScalars)
    var open: [Unicode.Scalar] = ["{", "{"]
    var close: [Unicode.Scalar] = ["}", "}"]
    // Each open section: whether it looks a field up (`#name`, not `#.`, `^…`, `$…` or `<…`).
    var sections: [Bool] = []
    var index = 0
    var line = 1
    var lineStart = 0

    func matches(_ delimiter: [Unicode.Scalar], at position: Int) -> Bool {
      position + delimiter.count <= characters.count
        && characters[position..<(position + delimiter.count)].elementsEqual(delimiter)
    }
    func find(_ delimiter: [Unicode.Scalar], from position: Int) -> Int? {
      var position = position
      while position + delimiter.count <= characters.count {
        if matches(delimiter, at: position) { return position }
        position += 1
      }
      return nil
    }

    while index < characters.count {
      if characters[index] == "\n" {
        line += 1
        lineStart = index + 1
        index += 1
        continue
      }
      guard matches(open, at: index) else {
        index += 1
        continue
      }
      let tagLine = line
      let tagColumn = index - lineStart + 1
      let start = index + open.count
      guard start < characters.count else { break }
      let type = characters[start]
      let terminator: [Unicode.Scalar] = type == "{" ? ["}"] + close : type == "=" ? ["="] + close : close
      guard let end = find(terminator, from: start + 1) else { break }
      let content = String(String.UnicodeScalarView(characters[(start + 1)..<end]))
        .trimmingCharacters(in: .whitespaces)
      for position in start..<end where characters[position] == "\n" {
        line += 1
        lineStart = position + 1
      }
      index = end + terminator.count
      switch type {
      case "#", "^", "$", "<":
        sections.append(type == "#" && looksUpAField(content))
        if sections.count > maxNesting, result.tooDeep == nil { result.tooDeep = (tagLine, tagColumn) }
        if type == "<" {
          result.includes.append(
            Include(
              name: content, isGuarded: sections.dropLast().contains(true), line: tagLine, column: tagColumn))
        }
      case "/":
        _ = sections.popLast()
      case ">":
        let isDynamic = content.hasPrefix("*")
        result.includes.append(
          Include(
            name: isDynamic ? nil : content, isGuarded: sections.contains(true), line: tagLine,
            column: tagColumn))
      case "=":
        let parts = content.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2 else { return result }
        open = Array(parts[0].unicodeScalars)
        close = Array(parts[1].unicodeScalars)
      default:
        break
      }
    }
    return result
  }

  /// Whether a section name makes the library look a field up in the data: `tokens`,
  /// `first(namespaces)`, `a.b`; not `.` nor a transform of it (`empty(.)`), which reuse the
  /// current value and so cannot end a recursion.
  private static func looksUpAField(_ name: String) -> Bool {
    var argument = Substring(name)
    if let open = name.firstIndex(of: "("), let close = name.lastIndex(of: ")"), open < close {
      argument = name[name.index(after: open)..<close]
    }
    let trimmed = argument.trimmingCharacters(in: .whitespaces)
    return !trimmed.isEmpty && trimmed != "."
  }

  /// The templates of `includes` (name → its scan) that include themselves without a guard:
  /// each with the first unguarded include on the cycle.
  static func unguardedCycles(_ scans: [String: Result]) -> [(template: String, include: Include)] {
    // Unguarded edges only: a cycle of them renders for ever whatever the data.
    var edges: [String: [(String, Include)]] = [:]
    for (template, scan) in scans {
      for include in scan.includes where !include.isGuarded {
        let targets = include.name.map { [$0] } ?? Array(scans.keys)
        for target in targets where scans[target] != nil {
          edges[template, default: []].append((target, include))
        }
      }
    }
    var found: [(template: String, include: Include)] = []
    for template in scans.keys.sorted() {
      // Whether `template` reaches itself along unguarded edges.
      var seen: Set<String> = []
      var stack = (edges[template] ?? []).map { ($0.0, $0.1) }
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

/// Stops a render that recurses deeper than the thread's stack allows (see ``TemplateScan``).
final class RenderGuard: @unchecked Sendable {
  /// Lookups made from a frame below this address fail: the render has used its budget.
  private let floor: Int
  private(set) var tripped = false

  /// Allows the render half of the stack left on this thread (at least 64 KiB), so the library
  /// and the code after it keep the rest.
  init() {
    let here = Self.stackAddress()
    let remaining = Self.remainingStack() ?? 512 * 1024
    floor = here - max(64 * 1024, remaining / 2)
  }

  /// Whether a lookup may go on; once it may not, it never may again in this render.
  func allowsLookup() -> Bool {
    if tripped { return false }
    if Self.stackAddress() < floor { tripped = true }
    return !tripped
  }

  @inline(never)
  private static func stackAddress() -> Int {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
  }

  /// Bytes of stack between this frame and the end of the thread's stack, when the platform
  /// says (stacks grow down on every platform Swift runs on).
  private static func remainingStack() -> Int? {
    #if os(Linux)
      guard let low = ebtokens_thread_stack_low() else { return nil }
      return stackAddress() - Int(bitPattern: low)
    #elseif canImport(Darwin)
      let top = Int(bitPattern: pthread_get_stackaddr_np(pthread_self()))
      return stackAddress() - (top - pthread_get_stacksize_np(pthread_self()))
    #else
      return nil
    #endif
  }
}

/// A template context as the library sees it during a guarded render: every lookup asks the
/// guard first, and every context it hands out is wrapped too.
struct GuardedContext: MustacheParent, @unchecked Sendable {
  let base: any TemplateContext
  let guardian: RenderGuard

  func child(named name: String) -> Any? {
    guard guardian.allowsLookup() else { return nil }
    return wrap(base.child(named: name))
  }

  private func wrap(_ value: Any?) -> Any? {
    switch value {
    case let context as any TemplateContext:
      return GuardedContext(base: context, guardian: guardian)
    case let contexts as [any TemplateContext]:
      return contexts.map { GuardedContext(base: $0, guardian: guardian) }
    default:
      return value
    }
  }
}
