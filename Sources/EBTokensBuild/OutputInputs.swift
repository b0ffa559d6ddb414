import EBTokensConfig
import EBTokensEmitting
import EBTokensModel
import EBTokensSupport
import Foundation

/// Everything one output (or the audit report) is rendered from, as one digest: the ebtokens
/// version and limits, the config's bytes and path, the output's place in the config and its
/// folder, its templates, the mode names and groups, and the digest of every token it keeps, in
/// order (``TokenDigests``).
///
/// Rendering is deterministic, so an output whose digest equals the one recorded when its files
/// were written would give the same bytes again: the build then leaves it alone, without rendering
/// it, as long as its files are still the very files that build left (``BuildState``). A token no
/// output keeps, or one only the audit reads, so costs only the outputs that hold it.
///
/// The token digests are made once per build, by the first render job that needs them or, for a
/// large set, on another core as soon as the build has its tokens: a job whose output has no record
/// in the state renders at once and digests its inputs afterwards, for the state.
final class OutputInputs: @unchecked Sendable {
  static let auditKey = "audit"

  static func key(ofOutputAt index: Int) -> String { "output-\(index)" }

  private let configuration: Configuration
  private let limits: Limits
  private let tokens: ModalTokenSet
  private let session: SessionCache?
  private let lock = NSLock()
  private var madeDigests: Digests?

  /// What the digests of every output are made from.
  private struct Digests {
    let tokens: TokenDigests
    /// What every output's digest starts with.
    let base: [UInt8]
    /// The digest of every token of the set, in order.
    let allTokens: UInt64
  }

  /// - Parameters:
  ///   - session: Keeps each build's token digests, so that the next build digests only the
  ///     tokens it resolved again.
  ///   - inBackground: Whether to start digesting the tokens on another core at once.
  init(
    _ configuration: Configuration, limits: Limits, tokens: ModalTokenSet, session: SessionCache?,
    inBackground: Bool
  ) {
    self.configuration = configuration
    self.limits = limits
    self.tokens = tokens
    self.session = session
    if inBackground { DispatchQueue.global().async { _ = self.digests } }
  }

  /// Made once, by whichever thread asks first; the others wait for it.
  private var digests: Digests {
    lock.withLock {
      if let madeDigests { return madeDigests }
      let made = makeDigests()
      madeDigests = made
      return made
    }
  }

  private func makeDigests() -> Digests {
    let digests = TokenDigests(tokens, reusing: session?.lastTokenDigests)
    session?.lastTokenDigests = (tokens, digests)
    var writer = TokenDigestWriter()
    writer.add(EBTokensVersion.current)
    for limit in [limits.maxFileBytes, limits.maxDepth, limits.maxTokens, limits.maxReferenceChain] {
      writer.add(limit)
    }
    writer.add(configuration.path ?? "")
    if let digest = configuration.contentDigest {
      writer.tag(1)
      writer.add(digest)
    } else {
      writer.tag(0)
    }
    writer.add(digests.shared)
    return Digests(
      tokens: digests, base: writer.bytes, allTokens: digests.tokens.withUnsafeBytes { ContentHash.xxh64($0) }
    )
  }

  /// The digests of what one output is rendered from.
  struct OutputDigests {
    /// Everything but its tokens: the output, its templates, the configuration, the version, the
    /// modes and groups.
    let settings: UInt64
    /// Everything: what the state records.
    let inputs: UInt64
  }

  /// The digest of what the output at `index` is rendered from; `nil` when one of its templates
  /// cannot be read (rendering it then reports why).
  func digest(ofOutputAt index: Int, inputDigests: InputDigests) -> UInt64? {
    digests(ofOutputAt: index, inputDigests: inputDigests)?.inputs
  }

  /// The digests of what the output at `index` is rendered from, with and without its tokens;
  /// `nil` when one of its templates cannot be read (rendering it then reports why). Each template
  /// read records its digest in `inputDigests`, so a template that changes before the output
  /// renders leaves no state behind.
  func digests(ofOutputAt index: Int, inputDigests: InputDigests) -> OutputDigests? {
    let output = configuration.outputs[index]
    let renderer = OutputRenderer(configuration: configuration)
    var writer = TokenDigestWriter()
    writer.add(Self.key(ofOutputAt: index))
    writer.add(renderer.directory(for: output))
    if let folder = renderer.templateFolder(for: output) {
      guard let paths = TemplateSet.templateFiles(in: folder) else { return nil }
      writer.add(paths.count)
      for path in paths {
        guard
          case .bytes(let bytes) = FileContents.read(
            path, limit: TemplateSet.maxTemplateBytes, followingLinks: false)
        else { return nil }
        let digest = ContentHash.xxh64(bytes)
        inputDigests.record(path, digest)
        writer.add(path)
        writer.add(digest)
      }
    } else {
      for (name, text) in OutputRenderer.builtInTemplates(output.kind) {
        writer.add(name)
        writer.add(text)
      }
    }
    let digests = self.digests
    let settings = ContentHash.xxh64(digests.base + writer.bytes)
    if output.filter.keepsEverything {
      writer.add(digests.allTokens)
    } else {
      for (index, token) in tokens.tokens.enumerated() where output.filter.keeps(token.first) {
        writer.add(digests.tokens.tokens[index])
      }
    }
    return OutputDigests(settings: settings, inputs: ContentHash.xxh64(digests.base + writer.bytes))
  }

  /// The digest of each token of the set, in order.
  var tokenDigests: [UInt64] { digests.tokens.tokens }

  /// The tokens whose values alone changed since `previous` (a set and its tokens' digests), when
  /// that is all that changed: the same tokens in the same order and modes, each changed one of
  /// the same name, type, modality and deprecation, which is all an output takes from a token into
  /// another token's declaration or into its files' layout. `nil` when more changed: an output
  /// then renders in full.
  func changedTokens(since previous: (set: ModalTokenSet, digests: [UInt64])) -> [ModalToken]? {
    let current = tokenDigests
    guard previous.set.modes == tokens.modes, previous.digests.count == current.count,
      previous.set.tokens.count == tokens.tokens.count
    else { return nil }
    var changed: [ModalToken] = []
    for index in current.indices where current[index] != previous.digests[index] {
      let before = previous.set.tokens[index]
      let now = tokens.tokens[index]
      guard before.name == now.name, before.type == now.type,
        before.isConstant == now.isConstant, before.first.deprecation == now.first.deprecation
      else { return nil }
      changed.append(now)
    }
    return changed
  }

  /// The digest of what the audit report is made from: every token (a rule may match any).
  var auditDigest: UInt64 { auditDigests.inputs }

  /// The digests of what the audit report is made from, with and without the tokens.
  var auditDigests: OutputDigests {
    let digests = self.digests
    var writer = TokenDigestWriter()
    writer.add(Self.auditKey)
    let settings = ContentHash.xxh64(digests.base + writer.bytes)
    writer.add(digests.allTokens)
    return OutputDigests(settings: settings, inputs: ContentHash.xxh64(digests.base + writer.bytes))
  }
}
