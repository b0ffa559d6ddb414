import EBTokensSupport

/// What a reader of a document whose keys it knows (`ebtokens.yml`, a DTCG resolver document)
/// reports when a node has the wrong shape or a mapping holds a key it does not know; each reader's
/// error type gives the two cases, so both check shapes the one way written here.
package protocol DocumentShapeError {
  static func wrongType(key: String, expected: String, found: String, at: SourceLocation) -> Self
  static func unknownKey(
    _ key: String, section: String, suggestion: String?, allowed: [String], at: SourceLocation
  ) -> Self
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

/// The words both readers use for the findings they share, so the config and a resolver document
/// say the same thing the same way.
package enum DocumentShapeMessage {
  package static func unknownKey(_ key: String, section: String, suggestion: String?, allowed: [String])
    -> String
  {
    let hint =
      suggestion.map { "; did you mean '\($0)'?" } ?? " (allowed: \(allowed.joined(separator: ", ")))"
    return "unknown key '\(key)' in \(section)\(hint)"
  }

  package static func missingKey(_ key: String, section: String) -> String { "\(section) needs '\(key)'" }

  package static func wrongType(key: String, expected: String, found: String) -> String {
    "'\(key)' must be \(expected), found \(found)"
  }
}
