/// A token in every mode: one name and type, a value per mode.
///
/// A mode may only override the value of a token the base defines and must keep its type, so
/// every mode has the same tokens with the same types; only values (and what they reference, and
/// where they are written) differ.
public struct ModalToken: Sendable {
  public let path: TokenPath
  public let type: TokenType
  /// The token as resolved in each mode, in the order of ``ModalTokenSet/modes``; a single
  /// element in a project without modes.
  public let byMode: [Token]
  /// Whether the value is the same in every mode (always true without modes).
  public let isConstant: Bool

  /// The token in the first mode: its description and deprecation (the same in every mode),
  /// and where it is written when no mode overrides it.
  public var first: Token { byMode[0] }

  public var name: String { path.name }

  init(byMode: [Token]) {
    let first = byMode[0]
    self.path = first.path
    self.type = first.type
    self.byMode = byMode
    self.isConstant = byMode.allSatisfy { $0.value == first.value }
  }
}

/// All tokens of a design system in every mode: one list in path order, each token with its
/// value per mode. A project without modes is a set with no mode names and one value per token,
/// so every output handles both the same way.
public struct ModalTokenSet: Sendable {
  /// The modes' names, the first being the default; empty for a project without modes.
  public let modes: [String]
  /// One token set per mode, or the only one: each has the same tokens in the same order.
  public let sets: [TokenSet]
  public let tokens: [ModalToken]

  /// A project without modes.
  public init(single tokens: TokenSet) {
    self.modes = []
    self.sets = [tokens]
    self.tokens = tokens.tokens.map { ModalToken(byMode: [$0]) }
  }

  /// `sets[i]` is mode `modes[i]`; every set must hold the same token paths, which
  /// ``ModalTokenLoader`` guarantees (a mode only overrides values of existing tokens).
  init(modes: [String], sets: [TokenSet]) {
    self.modes = modes
    self.sets = sets
    self.tokens = sets[0].tokens.indices.map { index in ModalToken(byMode: sets.map { $0.tokens[index] }) }
  }

  /// Whether the project declares modes (two or more).
  public var hasModes: Bool { !modes.isEmpty }
}
