import EBTokensAudit
import EBTokensConfig
import EBTokensEmitting
import EBTokensModel
import EBTokensResolution
import EBTokensSupport
import Foundation

/// Builds one project again and again, keeping what each build read, for `ebtokens build --watch`:
/// the first ``build(changedPaths:)`` is a full build, or skipped as a plain build is when nothing
/// changed since the state the outputs record; each later one reads again only the token
/// files that changed, and renders again only the outputs whose inputs changed (the others, and the
/// audit report, are left as they are on disk; see `OutputInputs`). After a change of token values
/// alone, the Swift, Kotlin and CSS outputs render again only what holds a changed token, and the
/// audit measures again only the pairs a changed token may be in (`SessionCache`). A build that
/// leaves an output as it is on disk, unrendered (the first build of a watch on a project built
/// before), is followed by a load and a render of every output into the session's memos, on a
/// thread of its own and committing nothing, which the next build waits for: the first change is
/// patched too.
///
/// Each build gives what ``Builder/build(_:mode:)`` gives and keeps its promises: it holds the
/// project's and the output folders' locks, writes nothing when any input is invalid and reports
/// every error, and records the state (`BuildState`), so that a plain `ebtokens build` after it
/// finds the project unchanged. A build that fails leaves the session usable: the next one reads
/// again the files named as changed, and the files that failed to read.
///
/// One build runs at a time; a session may be used from any thread.
public final class BuildSession: @unchecked Sendable {
  public let builder: Builder
  private let lock = NSLock()
  private var currentConfiguration: Configuration
  private let cache = SessionCache()
  /// The priming under way (``primeIfNeeded()``), which a build waits for first.
  private let priming = DispatchGroup()

  /// - Parameters:
  ///   - configuration: The project to build, as the command read it.
  ///   - builder: How each build runs: its limits, and what it does when another build holds a lock.
  public init(configuration: Configuration, builder: Builder = Builder()) {
    self.currentConfiguration = configuration
    self.builder = builder
  }

  /// The configuration the next ``build(changedPaths:)`` uses: the one the session was made
  /// with, or the last one given to ``build(_:changedPaths:)``.
  public var configuration: Configuration { lock.withLock { currentConfiguration } }

  /// How many token files the session has read from disk, over all its builds.
  public var filesRead: Int { cache.members.filesRead }

  /// How many builds patched the last build's tokens rather than resolving every token again.
  public var loadsPatched: Int { cache.members.loadsPatched }

  /// How many tokens those patches resolved again, in all.
  package var tokensPatched: Int { cache.members.tokensPatched }

  /// How many times an output was patched after a change of token values alone, only its changed
  /// tokens rendered again, rather than rendered in full (the Swift, Kotlin and CSS outputs; see
  /// docs/performance.md, "Incremental rendering, round three").
  public var outputsPatched: Int { cache.outputsPatched }

  /// Builds the project with the session's configuration.
  ///
  /// - Parameter changedPaths: The files (or folders) changed since the last build, as a watcher
  ///   reports them; `nil` when that is not known: every token file is then read and compared
  ///   with the bytes read last time, and those that differ are read again. The config file among
  ///   them makes the session read every token file again, still with its configuration: to build
  ///   with a changed config, give it to ``build(_:changedPaths:)``.
  /// - Throws: What ``Builder/build(_:mode:)`` throws.
  public func build(changedPaths: Set<String>? = nil) throws -> Builder.Result {
    priming.wait()
    defer { primeIfNeeded() }
    return try lock.withLock {
      let configPath = currentConfiguration.path.map(FileMemberCache.standardized)
      if let changedPaths, let configPath,
        changedPaths.contains(where: { FileMemberCache.standardized($0) == configPath })
      {
        cache.members.removeAll()
      } else {
        forget(changedPaths)
      }
      return try builder.build(currentConfiguration, mode: .write, session: cache)
    }
  }

  /// Builds the project with `configuration`, as the caller (a watcher) has just read it: a
  /// configuration whose content differs from the last one's replaces it, and every token file
  /// is read again; the same content keeps what was read.
  ///
  /// - Parameters:
  ///   - configuration: The project's configuration now.
  ///   - changedPaths: As for ``build(changedPaths:)``.
  /// - Throws: What ``Builder/build(_:mode:)`` throws.
  public func build(_ configuration: Configuration, changedPaths: Set<String>?) throws -> Builder.Result {
    priming.wait()
    defer { primeIfNeeded() }
    return try lock.withLock {
      if configuration.contentDigest != currentConfiguration.contentDigest {
        currentConfiguration = configuration
        cache.members.removeAll()
      } else {
        forget(changedPaths)
      }
      return try builder.build(currentConfiguration, mode: .write, session: cache)
    }
  }

  /// After a build that left an output as it was on disk, not rendered (its inputs unchanged since
  /// the state there was recorded: the first build of a watch, on a project built before), renders
  /// every output into the session's memos on a thread of its own, committing nothing, so that the
  /// first change is patched as the later ones are, instead of rendering those outputs in full
  /// (1.7 s at 100,000 tokens). The next build waits for it.
  private func primeIfNeeded() {
    guard cache.takeOutputLeftUnrendered() else { return }
    DispatchQueue.global(qos: .utility).async(group: priming) { [self] in
      lock.withLock {
        _ = try? builder.build(currentConfiguration, mode: .write, session: cache, priming: true)
      }
    }
  }

  /// Forgets the token files read that `changedPaths` names, or, when it is `nil`, those whose
  /// bytes on disk differ from the bytes read.
  private func forget(_ changedPaths: Set<String>?) {
    if let changedPaths { cache.members.forget(changedPaths) } else { cache.members.forgetChanged() }
  }
}

/// What a ``BuildSession`` keeps between builds: the token files read and the last load
/// (``FileMemberCache``), the last tokens' digests, and each output's last render.
final class SessionCache: @unchecked Sendable {
  let members = FileMemberCache()
  private let lock = NSLock()
  private var tokenDigests: (set: ModalTokenSet, digests: TokenDigests)?
  private var renders: [String: OutputRender] = [:]
  /// What the last audit keeps for the next: its rules' matches, its results and its reports' pieces.
  let auditMemo = AuditMemo()
  /// The files the last builds left in the output folders, which need not be read back.
  let writtenFiles = WrittenFiles()

  /// An output's (or the audit's) last render in the session, by its key
  /// (``OutputInputs/key(ofOutputAt:)``).
  final class OutputRender: @unchecked Sendable {
    /// What the emitter keeps, to patch the output after a change of token values alone.
    let memo = OutputMemo()
    /// What the last render was made from: the token set, its tokens' digests and the digest of
    /// the output's settings (``OutputInputs/OutputDigests``); `nil` when it holds no render.
    private var source: (set: ModalTokenSet, digests: [UInt64], settings: UInt64)?

    /// The tokens whose values alone changed since the last render, when the output's settings
    /// are still `settings` (``OutputInputs/changedTokens(since:)``); `nil` when that is not known.
    /// The last render is forgotten until ``record(_:settings:inputs:)`` records the next, so a
    /// render that fails leaves none.
    func takeChangedTokens(settings: UInt64?, inputs: OutputInputs) -> [ModalToken]? {
      defer { source = nil }
      guard let source, let settings, source.settings == settings else { return nil }
      return inputs.changedTokens(since: (source.set, source.digests))
    }

    /// Whether the memo holds a render, which the next change can patch.
    var hasRender: Bool { source != nil }

    /// Records a render of `tokens` with the output's settings `settings`.
    func record(_ tokens: ModalTokenSet, settings: UInt64?, inputs: OutputInputs) {
      guard let settings else { return }
      source = (tokens, inputs.tokenDigests, settings)
    }
  }

  private var outputLeftUnrendered = false

  /// Notes that a build left an output as it is on disk while its memo holds no render: the first
  /// change to it would render it in full.
  func noteOutputLeftUnrendered() {
    lock.withLock { outputLeftUnrendered = true }
  }

  /// Whether the last build left an output unrendered (``noteOutputLeftUnrendered()``); forgotten.
  func takeOutputLeftUnrendered() -> Bool {
    lock.withLock {
      defer { outputLeftUnrendered = false }
      return outputLeftUnrendered
    }
  }

  /// How many renders of every output patched the one before.
  var outputsPatched: Int { lock.withLock { renders.values.reduce(0) { $0 + $1.memo.patches } } }

  /// The last render of the output `key`, made empty the first time.
  func render(of key: String) -> OutputRender {
    lock.withLock {
      if let render = renders[key] { return render }
      let render = OutputRender()
      renders[key] = render
      return render
    }
  }

  var lastTokenDigests: (set: ModalTokenSet, digests: TokenDigests)? {
    get { lock.withLock { tokenDigests } }
    set { lock.withLock { tokenDigests = newValue } }
  }
}
