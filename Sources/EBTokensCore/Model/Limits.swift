/// Bounds that make a hostile or broken file fail fast instead of exhausting
/// memory or time. Each is far above any real design system (a large one has
/// under 20,000 tokens, nested under 12 levels); `docs/security.md` lists them.
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

  public static let standard = Limits(
    maxFileBytes: 64 * 1024 * 1024,
    maxDepth: 128,
    maxTokens: 1_000_000,
    maxReferenceChain: 200_000
  )
}
