import EBTokensModel

extension FileMembers {
  /// The file's token definitions, in the order written.
  package var definitions: [TokenDefinition] {
    items.compactMap { item in
      if case .token(let definition, _) = item { return definition }
      return nil
    }
  }

  /// Whether `other`, the same file read again, declares the same tokens in the same order and
  /// the same groups exactly as before (name, type, deprecation, description, location), and
  /// neither holds an error, `$extends` or group `$extensions`: then merging it with the other
  /// files gives the same groups and token names, and only the definitions of its own tokens can
  /// differ (see `IncrementalLoad`).
  package func hasSameStructure(as other: FileMembers) -> Bool {
    guard items.count == other.items.count else { return false }
    for (item, otherItem) in zip(items, other.items) {
      switch (item, otherItem) {
      case (.token(let definition, _), .token(let otherDefinition, _)):
        guard definition.path.name == otherDefinition.path.name else { return false }
      case (.group(let group, _, let end), .group(let otherGroup, _, let otherEnd)):
        guard end == otherEnd, Self.isPlain(group), Self.isPlain(otherGroup),
          group.path.name == otherGroup.path.name, group.type == otherGroup.type,
          group.typeLocation == otherGroup.typeLocation, group.hasInvalidType == otherGroup.hasInvalidType,
          group.unsupportedType == otherGroup.unsupportedType, group.deprecation == otherGroup.deprecation,
          group.location == otherGroup.location, group.description == otherGroup.description
        else { return false }
      default:
        return false
      }
    }
    return true
  }

  /// A group with nothing the comparison does not look at.
  private static func isPlain(_ group: GroupDefinition) -> Bool {
    group.extends == nil && group.extensions == nil
  }
}
