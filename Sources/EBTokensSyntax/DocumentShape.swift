import EBTokensSupport

/// A finding about the shape of a document whose keys its reader knows (`ebtokens.yml`, a DTCG
/// resolver document): the same findings, in the same words, in every such document.
public enum DocumentShapeProblem: Equatable, Sendable {
  case unknownKey(String, section: String, suggestion: String?, allowed: [String], at: SourceLocation)
  case missingKey(String, section: String, at: SourceLocation)
  case wrongType(key: String, expected: String, found: String, at: SourceLocation)

  public var diagnostic: Diagnostic {
    switch self {
    case .unknownKey(let key, let section, let suggestion, let allowed, let location):
      let hint =
        suggestion.map { "; did you mean '\($0)'?" } ?? " (allowed: \(allowed.joined(separator: ", ")))"
      return Diagnostic("unknown key '\(key)' in \(section)\(hint)", at: location)
    case .missingKey(let key, let section, let location):
      return Diagnostic("\(section) needs '\(key)'", at: location)
    case .wrongType(let key, let expected, let found, let location):
      return Diagnostic("'\(key)' must be \(expected), found \(found)", at: location)
    }
  }
}

/// A reader's error type that carries ``DocumentShapeProblem``s, so both readers check shapes the
/// one way written here and build the problems by their names (`.wrongType(...)`).
package protocol DocumentShapeError {
  static func shape(_ problem: DocumentShapeProblem) -> Self
}

extension DocumentShapeError {
  package static func unknownKey(
    _ key: String, section: String, suggestion: String?, allowed: [String], at location: SourceLocation
  ) -> Self {
    shape(.unknownKey(key, section: section, suggestion: suggestion, allowed: allowed, at: location))
  }

  package static func missingKey(_ key: String, section: String, at location: SourceLocation) -> Self {
    shape(.missingKey(key, section: section, at: location))
  }

  package static func wrongType(key: String, expected: String, found: String, at location: SourceLocation)
    -> Self
  {
    shape(.wrongType(key: key, expected: expected, found: found, at: location))
  }
}

extension SyntaxNode {
  /// The node as a mapping; otherwise `nil`, with an error saying what `key` holds instead.
  package func mapping<Failure: DocumentShapeError>(key: String, errors: inout [Failure]) -> SyntaxMapping? {
    guard case .mapping(let mapping) = self else {
      errors.append(.wrongType(key: key, expected: "a mapping", found: kindDescription, at: location))
      return nil
    }
    return mapping
  }
}

extension SyntaxMapping {
  /// The entries whose key is one of `allowed`, with an error (and a did-you-mean) for every other.
  package func entries<Failure: DocumentShapeError>(
    allowed: [String], section: String, errors: inout [Failure]
  ) -> [Entry] {
    entries.filter { entry in
      guard allowed.contains(entry.key.value) else {
        errors.append(
          .unknownKey(
            entry.key.value, section: section,
            suggestion: Suggestion.closest(to: entry.key.value, in: allowed),
            allowed: allowed, at: entry.key.location))
        return false
      }
      return true
    }
  }
}
