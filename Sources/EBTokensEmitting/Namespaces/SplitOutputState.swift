import EBTokensModel
import EBTokensSupport

/// A Swift or Kotlin output as last rendered (``NamespaceSplit``): its files, the parts of each
/// part file, where each token of a part is, and how to declare a token and render a part file.
/// A changed token is declared again in place of its old context, and only its part file rendered
/// again; the root file, which declares every namespace, does not change with a token's value.
final class SplitOutputState<Language: NamespaceLanguage>: OutputPatching {
  /// Where a token is: the part file, the part in it and the position in the part; and its
  /// position in the token set the output renders.
  struct Slot {
    let file: Int
    let part: Int
    let position: Int
    let token: Int
  }

  /// One part file: where it is in the output's files, and its parts.
  struct PartFile {
    let fileIndex: Int
    var parts: [NamespacePart]
  }

  private var builder: NamespaceContextBuilder<Language>
  private var files: [GeneratedFile]
  private var partFiles: [PartFile]
  private let slots: [String: Slot]
  private let render: ([NamespacePart]) throws -> [UInt8]
  /// What the files other than the part files take from the tokens' values (Kotlin's import of
  /// `ColorSpaces`), as it was: a patch needs it unchanged.
  private let valueFacts: [Bool]
  private let factsOf: (ModalTokenSet) -> [Bool]

  /// - Parameters:
  ///   - builder: The builder that made the contexts, reused to declare changed tokens.
  ///   - files: Every file of the output, in order.
  ///   - partFiles: Each part file's position in `files` and its parts.
  ///   - tokens: The token set rendered, to place each token of a part in it.
  ///   - render: Renders a part file's parts.
  ///   - facts: What the other files take from the tokens' values.
  init(
    builder: NamespaceContextBuilder<Language>, files: [GeneratedFile], partFiles: [PartFile],
    tokens: ModalTokenSet, render: @escaping ([NamespacePart]) throws -> [UInt8],
    facts: @escaping (ModalTokenSet) -> [Bool]
  ) {
    let positions = TokenSet.index(names: tokens.tokens.lazy.map(\.name))
    var slots: [String: Slot] = [:]
    slots.reserveCapacity(tokens.tokens.count)
    for (fileNumber, file) in partFiles.enumerated() {
      for (partNumber, part) in file.parts.enumerated() {
        for (position, context) in part.tokens.enumerated() {
          guard let token = positions[context.token.name] else { continue }
          slots[context.token.name] = Slot(
            file: fileNumber, part: partNumber, position: position, token: token)
        }
      }
    }
    self.builder = builder
    self.files = files
    self.partFiles = partFiles
    self.slots = slots
    self.render = render
    self.valueFacts = facts(tokens)
    self.factsOf = facts
  }

  func patch(_ tokens: ModalTokenSet, changed: [String]) -> [GeneratedFile]? {
    guard factsOf(tokens) == valueFacts else { return nil }
    builder.replaceTokens(with: tokens)
    var changedFiles: Set<Int> = []
    for name in changed {
      // A token the state does not place is one of the root's own, in the root file.
      guard let slot = slots[name], tokens.tokens.indices.contains(slot.token) else { return nil }
      let token = tokens.tokens[slot.token]
      let part = partFiles[slot.file].parts[slot.part]
      guard token.name == name,
        let context = builder.tokenContext(token, replacing: part.tokens[slot.position])
      else { return nil }
      partFiles[slot.file].parts[slot.part] = part.replacing(context, at: slot.position)
      changedFiles.insert(slot.file)
    }
    for number in changedFiles.sorted() {
      let file = partFiles[number]
      guard let bytes = try? render(file.parts) else { return nil }
      files[file.fileIndex] = GeneratedFile(path: files[file.fileIndex].path, bytes: bytes)
    }
    return files
  }
}
