import EBTokensModel
import EBTokensSupport
import EBTokensSyntax

/// Errors in what DTCG adds to the data model: JSON files' stricter structure, `$root`,
/// `$extends` and `$ref`.
public enum DTCGError: DiagnosticConvertible, Equatable {
  /// A group in an `$extends` cycle, what it extends, and where.
  public struct GroupStep: Equatable, Sendable {
    package init(group: String, target: String, location: SourceLocation) {
      self.group = group
      self.target = target
      self.location = location
    }

    public let group: String
    public let target: String
    public let location: SourceLocation
  }

  case memberNotAnObject(String, found: String, at: SourceLocation)
  case rootTokenWithoutValue(group: String, at: SourceLocation)
  case valueAndRef(token: String, at: SourceLocation)
  case alphaModifierInJSON(String, at: SourceLocation)
  case malformedExtends(String, at: SourceLocation)
  case conflictingExtends(group: String, first: GroupReference, second: TokenPath, at: SourceLocation)
  case unknownExtendsTarget(group: String, target: String, suggestion: String?, at: SourceLocation)
  case extendsToken(group: String, target: String, at: SourceLocation)
  case extendsItsOwnGroup(group: String, target: String, at: SourceLocation)
  /// The groups in dependency order: each must be extended before the one before it, and the
  /// last one needs the first (it extends it, or a group that contains it).
  case extendsCycle([GroupStep])
  /// A YAML group whose tokens are named like the fields of a composite value of its type: a
  /// composite value written without `$value`.
  case compositeWrittenAsGroup(group: String, type: TokenType, fields: [String], at: SourceLocation)
  /// A `$ref` that cannot be followed: `token` is where it is written, `note` what it points at.
  case pointer(token: String, pointer: String, problem: String, at: SourceLocation, note: SourceLocation?)

  public var diagnostic: Diagnostic {
    switch self {
    case .memberNotAnObject(let name, let found, let location):
      return Diagnostic(
        "'\(name)' is \(found); in a DTCG JSON file a token is an object with \"$value\" and a group is an "
          + "object of tokens (the scalar shorthand is for YAML files)",
        at: location)
    case .rootTokenWithoutValue(let group, let location):
      return Diagnostic(
        "'$root' is the root token of group '\(group)'; give it a \"$value\"", at: location)
    case .valueAndRef(let token, let location):
      return Diagnostic(
        "token '\(token)' has both \"$value\" and \"$ref\"; a token's value is one or the other", at: location
      )
    case .alphaModifierInJSON(let text, let location):
      return Diagnostic(
        "'\(text)': the '@ NN%' alpha modifier is ebtokens YAML, not DTCG; in a JSON file write a color object "
          + "whose \"components\" are {\"$ref\": \"#/<token path>/$value/components/0\"} (and 1, 2) and whose "
          + "\"alpha\" is the alpha you want, as `ebtokens export` does",
        at: location)
    case .malformedExtends(let text, let location):
      return Diagnostic(
        "'$extends' names a group, as \"{group.name}\" or \"#/group/name\"; found '\(text)'", at: location)
    case .conflictingExtends(let group, let first, let second, let location):
      return Diagnostic(
        "group '\(group)' extends '{\(second.name)}' here but '{\(first.target.name)}' at \(first.location)",
        at: location, notes: [.init("'$extends' is set here", at: first.location)])
    case .unknownExtendsTarget(let group, let target, let suggestion, let location):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return Diagnostic("group '\(group)' extends '{\(target)}', which does not exist\(hint)", at: location)
    case .extendsToken(let group, let target, let location):
      return Diagnostic(
        "group '\(group)' extends '{\(target)}', which is a token; $extends names a group (to alias a token, "
          + "write \"$value\": \"{\(target)}\" on a token)",
        at: location)
    case .extendsItsOwnGroup(let group, let target, let location):
      return Diagnostic(
        "group '\(group)' extends '{\(target)}', which contains it; a group cannot inherit itself",
        at: location)
    case .extendsCycle(let steps):
      guard let first = steps.first else { return Diagnostic("empty $extends cycle", at: nil) }
      let chain = (steps.map(\.group) + [first.group]).joined(separator: " -> ")
      let notes = steps.map { step in
        Diagnostic.Note("'\(step.group)' extends '\(step.target)'", at: step.location)
      }
      return Diagnostic("$extends cycle: \(chain)", at: first.location, notes: notes)
    case .compositeWrittenAsGroup(let group, let type, let fields, let location):
      return Diagnostic(
        "'\(group)' is a group of tokens named like the fields of a \(type.rawValue) value "
          + "(\(fields.joined(separator: ", "))); to write one \(type.rawValue) token, put them under \"$value\"",
        at: location)
    case .pointer(let token, let pointer, let problem, let location, let note):
      return Diagnostic(
        "'\(token)' has $ref '\(pointer)': \(problem)", at: location,
        notes: note.map { [.init("the value it points into is here", at: $0)] } ?? [])
    }
  }
}

extension DTCGError {
  /// The first string in a value that uses the YAML `@ NN%` modifier (after a reference or a hex
  /// color), which a JSON file may not.
  static func firstAlphaModifier(in node: SyntaxNode) -> SyntaxScalar? {
    var pending = [node]
    while let next = pending.popLast() {
      switch next {
      case .scalar(let scalar):
        let text = scalar.value
        if text.hasPrefix("{") || text.hasPrefix("#"), text.containsByte(UInt8(ascii: "@")) { return scalar }
      case .sequence(let list): pending += list.items.reversed()
      case .mapping(let mapping): pending += mapping.entries.map(\.value).reversed()
      }
    }
    return nil
  }
}

/// The curly-brace reference syntax: `{group.token}`, the whole of a string.
package enum CurlyReference {
  /// The path `text` references, or `nil` when `text` is not exactly one well-formed reference.
  package static func path(in text: String) -> TokenPath? {
    guard text.hasPrefix("{"), text.hasSuffix("}"), text.count >= 2 else { return nil }
    let inner = text.dropFirst().dropLast()
    if inner.contains("{") || inner.contains("}") { return nil }
    let segments = inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard segments.allSatisfy({ TokenPath.problem(withSegment: $0) == nil }) else { return nil }
    return TokenPath(segments)
  }
}

/// An RFC 6901 JSON Pointer in URI-fragment form, as DTCG writes them: `#/base/blue/$value/components/0`.
///
/// It points into the token set as a whole (all files, merged), the document curly-brace
/// references address too. Segments are taken as written, `~1` and `~0` unescaped, without
/// percent-decoding: the spec's own examples write a space in a name as a space.
package struct JSONPointer: Equatable {
  let text: String
  let segments: [String]

  /// Why a pointer cannot be used, as a message.
  package struct Problem: Error {
    package let message: String

    package init(_ message: String) { self.message = message }
  }

  package static func parse(_ text: String) -> Swift.Result<JSONPointer, Problem> {
    guard text.hasPrefix("#/") else {
      return .failure(
        Problem(
          "a $ref is a JSON Pointer into the token files, starting '#/', as in \"#/group/token/$value\""))
    }
    var segments: [String] = []
    for raw in text.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
      var segment = ""
      var characters = raw.makeIterator()
      while let character = characters.next() {
        guard character == "~" else {
          segment.append(character)
          continue
        }
        switch characters.next() {
        case "0": segment.append("~")
        case "1": segment.append("/")
        default: return .failure(Problem("'~' must be followed by 0 (for '~') or 1 (for '/')"))
        }
      }
      segments.append(segment)
    }
    return .success(JSONPointer(text: text, segments: segments))
  }

  /// The token the pointer names and, when it goes into its `$value`, the path within the value
  /// (empty for the whole value). `nil` for the value path when the pointer names the token itself.
  package func target() -> Swift.Result<(token: TokenPath, valuePath: [String]?), Problem> {
    let valueIndex = segments.firstIndex(of: "$value")
    let tokenSegments = Array(segments[..<(valueIndex ?? segments.count)])
    if let reserved = tokenSegments.first(where: { $0.hasPrefix("$") && $0 != TokenPath.rootTokenName }) {
      return .failure(
        Problem(
          "it points at '\(reserved)'; a $ref names a token (\"#/group/token\") or a place in its value "
            + "(\"#/group/token/$value/…\")"))
    }
    guard !tokenSegments.isEmpty else { return .failure(Problem("it names no token")) }
    return .success((TokenPath(tokenSegments), valueIndex.map { Array(segments[($0 + 1)...]) }))
  }
}
