/// Bounds that make a hostile or broken file fail fast instead of exhausting
/// memory or time. Each is far above any real design system (a large one has
/// under 20,000 tokens, about 100 bytes each, nested under 12 levels, with
/// reference chains of a few steps); `docs/security.md` lists them and what
/// refusing each costs.
public struct Limits: Sendable {
  /// Largest token or config file read, in bytes.
  public var maxFileBytes: Int
  /// Deepest nesting of mappings and sequences in one file.
  public var maxDepth: Int
  /// Most tokens in one token set, across all files.
  public var maxTokens: Int
  /// Longest chain of references from one token to a literal value.
  public var maxReferenceChain: Int

  public init(maxFileBytes: Int, maxDepth: Int, maxTokens: Int, maxReferenceChain: Int) {
    self.maxFileBytes = maxFileBytes
    self.maxDepth = maxDepth
    self.maxTokens = maxTokens
    self.maxReferenceChain = maxReferenceChain
  }

  /// A file is refused by its size before it is read, so a 60 MB file costs nothing; the
  /// token limit (checked as files are parsed) is under what 16 MiB can hold, and the chain
  /// limit under the token limit, so each can be reached and is tested.
  public static let standard = Limits(
    maxFileBytes: 16 * 1024 * 1024,
    maxDepth: 128,
    maxTokens: 200_000,
    maxReferenceChain: 10_000
  )
}
