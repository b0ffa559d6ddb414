/// A token in every mode: one name and type, a value per mode.
///
/// A mode may only override the value of a token the base defines and must keep its type, so
/// every mode has the same tokens with the same types; only values (and what they reference, and
/// where they are written) differ.
public struct ModalToken: Sendable {
  /// The token in the first mode: its description and deprecation (the same in every mode),
  /// and where it is written when no mode overrides it.
  public let first: Token
  /// The token in each mode after the first: empty without modes, so that a project without
  /// modes allocates nothing per token for it (an empty array shares one empty buffer).
  @usableFromInline let others: [Token]
  /// Whether the value is the same in every mode (always true without modes).
  public let isConstant: Bool

  @inlinable public var path: TokenPath { first.path }
  @inlinable public var type: TokenType { first.type }
  @inlinable public var name: String { path.name }

  /// The token as resolved in each mode, in the order of ``ModalTokenSet/modes``; a single
  /// element in a project without modes.
  public var byMode: ByMode { ByMode(first: first, others: others) }

  /// The tokens of every mode as a collection, read in place.
  public struct ByMode: RandomAccessCollection, Sendable {
    fileprivate let first: Token
    fileprivate let others: [Token]

    public var startIndex: Int { 0 }
    public var endIndex: Int { others.count + 1 }
    public subscript(position: Int) -> Token { position == 0 ? first : others[position - 1] }
  }

  /// A token of a project without modes.
  @inlinable package init(single token: Token) {
    self.first = token
    self.others = []
    self.isConstant = true
  }

  /// `byMode` holds at least one token.
  package init(byMode: [Token]) {
    let first = byMode[0]
    self.first = first
    self.others = Array(byMode.dropFirst())
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
  public let tokens: ModalTokens

  /// A project without modes.
  public init(single tokens: TokenSet) {
    self.modes = []
    self.sets = [tokens]
    self.tokens = ModalTokens(single: tokens.tokens)
  }

  /// `sets[i]` is mode `modes[i]`; every set must hold the same token paths, which
  /// `ModalTokenLoader` guarantees (a mode only overrides values of existing tokens).
  package init(modes: [String], sets: [TokenSet]) {
    self.modes = modes
    self.sets = sets
    self.tokens = ModalTokens(
      byMode: sets[0].tokens.indices.map { index in ModalToken(byMode: sets.map { $0.tokens[index] }) })
  }

  /// Each token in the first mode, in the order of ``tokens``: its path, type, description and
  /// deprecation are the same in every mode. An array read in place, where reading ``tokens``
  /// makes (and retains) a ``ModalToken`` of each.
  public var firstTokens: [Token] { sets[0].tokens }

  /// Whether the project declares modes (two or more).
  public var hasModes: Bool { !modes.isEmpty }

  /// Whether a color is written outside sRGB in some mode: an output that can show more writes
  /// it as written, and declares what that needs, beside its sRGB gamut mapping.
  package var hasWideGamutColor: Bool {
    sets.contains { $0.tokens.contains { $0.value.hasWideGamutColor } }
  }
}

/// The tokens of a ``ModalTokenSet`` in path order, each in every mode. Without modes, the token
/// set's own array, each ``ModalToken`` made as it is read: a set of 100,000 tokens would
/// otherwise hold a second array of them, made (100,000 retains) and freed (as many releases) on
/// every load, each a cache miss on a token's header.
public struct ModalTokens: RandomAccessCollection, Sendable {
  /// The tokens of a project without modes.
  @usableFromInline let single: [Token]
  /// The tokens of a project with modes; empty without (and then `single` is read).
  @usableFromInline let modal: [ModalToken]

  /// No token.
  package init() {
    self.init(single: [])
  }

  init(single tokens: [Token]) {
    self.single = tokens
    self.modal = []
  }

  init(byMode tokens: [ModalToken]) {
    self.single = []
    self.modal = tokens
  }

  // Inlinable, as every output reads a token set's tokens from another module.
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { modal.isEmpty ? single.count : modal.count }

  @inlinable public subscript(position: Int) -> ModalToken {
    modal.isEmpty ? ModalToken(single: single[position]) : modal[position]
  }
}
