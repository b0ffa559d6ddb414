import EBTokensAudit
import EBTokensConfig
import EBTokensEmitting
import EBTokensModel
import EBTokensResolution
import EBTokensSupport
import Foundation

/// `ebtokens build`: resolve the tokens, render every output and the contrast-audit
/// report in memory, then write them, or with `--check` only compare them with the disk.
///
/// Every step that can fail on the user's input (tokens, templates, names, audit rules,
/// a file in the way) runs before anything is committed, so an invalid project changes nothing:
/// the outputs and the audit render side by side, one per core, and each is written to
/// temporary files as soon as it is rendered (while the others still render), which are renamed
/// into place only once every output is rendered and checked, and deleted otherwise. When nothing the
/// outputs depend on has changed since the last build (see `BuildState`), the build
/// is skipped.
public struct Builder: Sendable {
  public enum Mode: Sendable {
    case write
    /// Compare only: the plan lists what a build would change.
    case check
  }

  /// What a build does when another build holds a lock it needs: on the project folder, or on an
  /// output folder (see `BuildLock`).
  public enum LockWaiting: Sendable {
    /// Wait for it, after calling `notify` with a message saying so.
    case wait(notify: (@Sendable (String) -> Void)?)
    /// Fail at once with ``SystemFailure/Kind/lockHeld``.
    case fail
  }

  public var limits: Limits
  public var lockWaiting: LockWaiting
  /// Called after the no-change check and before the tokens are read: lets a test edit an input
  /// between the two.
  package var afterCheckingForChanges: (@Sendable () -> Void)?
  /// Called with an output's key (``OutputInputs``) each time one is rendered rather than left as
  /// it is: lets a test count what a build rendered.
  package var onRender: (@Sendable (String) -> Void)?

  public init(limits: Limits = .standard, lockWaiting: LockWaiting = .wait(notify: nil)) {
    self.limits = limits
    self.lockWaiting = lockWaiting
  }

  /// The contrast audit's verdict on the tokens built.
  public struct ContrastVerdict: Sendable, Equatable {
    public let passes: Bool
    public let summary: String

    init(passes: Bool, summary: String) {
      self.passes = passes
      self.summary = summary
    }

    init(_ audit: AuditResult) {
      self.init(passes: audit.allPass, summary: audit.summary)
    }
  }

  /// What one build did.
  public struct Result: Sendable {
    /// What the build changed, or in ``Mode/check`` would change.
    public let plan: WritePlan
    /// The audit's verdict, also when the build was skipped.
    public let contrast: ContrastVerdict?
    /// Whether nothing had changed since the last build, so no work was done.
    public let wasSkipped: Bool
    /// What the tokens hold that is dubious but buildable. A build with warnings is never
    /// skipped, so they are shown every time.
    public let warnings: [Diagnostic]

    /// Whether the build must fail on contrast: the config asks it to and a pair fails.
    public func failsOnContrast(_ configuration: Configuration) -> Bool {
      configuration.audit.failsBuild && contrast?.passes == false
    }
  }

  /// Holds the locks of the project and its output folders (`BuildLock`) throughout, and first
  /// deletes every leftover of a killed build in every output folder, also with `--check` and when
  /// nothing changed.
  ///
  /// An output whose inputs are unchanged since the recorded state, and whose files are still the
  /// files that state lists, is not rendered again (see `OutputInputs`); nor is the audit report.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every error found: the outputs' and the audit's together;
  ///   ``SystemFailure`` when a file cannot be written or the lock is held.
  public func build(_ configuration: Configuration, mode: Mode) throws -> Result {
    try build(configuration, mode: mode, session: nil)
  }

  /// The build, with what a ``BuildSession`` keeps between builds: each token file is read only
  /// when the session's cache no longer holds it. The no-change check runs first without a session,
  /// and in a session that holds no token file read.
  ///
  /// `priming` (a session's only) renders every output and the audit into the session's memos and
  /// stops there: it leaves none as it is on disk, and commits nothing (see ``BuildSession``).
  func build(_ configuration: Configuration, mode: Mode, session: SessionCache?, priming: Bool = false)
    throws -> Result
  {
    // Every reader records the digest of the bytes it parses here: the state records their
    // fingerprint, not that of a second reading (see ``BuildFingerprint``).
    let digests = InputDigests()
    var loader = ModalTokenLoader(
      limits: limits, jsonExtensions: configuration.jsonExtensions, strict: configuration.strict)
    loader.tokenLoader.inputDigests = digests
    loader.tokenLoader.memberCache = session?.members
    let inputs = try ProjectTokens.inputs(configuration, limits: limits, digests: digests)
    let directories = Self.outputDirectories(configuration)
    let lock = try BuildLock.acquire(
      project: configuration.baseDirectory, outputFolders: directories, waiting: lockWaiting)
    defer { withExtendedLifetime(lock) {} }
    let folders = OutputFolders()
    let outputFolders = directories.map(folders.folder)
    for folder in outputFolders { folder.removeLeftovers() }
    // A session checks too while it holds no token read (its first build, or one after the config
    // changed); then it loads and renders into its memos afterwards, priming (see `BuildSession`).
    if mode == .write, !priming, session?.members.paths.isEmpty ?? true,
      let fingerprint = BuildFingerprint.current(configuration, inputs: inputs, limits: limits),
      let unchanged = unchangedBuild(fingerprint, folders: outputFolders)
    {
      session?.noteOutputLeftUnrendered()
      return unchanged
    }
    afterCheckingForChanges?()
    let loaded = try loader.load(inputs)
    let loadWarnings = loaded.warnings
    // Taken out of `loaded`, so that `tokens` is their only holder besides `reuse` (see below).
    let tokens = (consume loaded).value
    var warnings = try loadWarnings + Self.filterWarnings(configuration, tokens: tokens)
    let staging = mode == .write ? StagingArea() : nil
    do {
      let isLarge = tokens.sets.reduce(0) { $0 + $1.tokens.count } >= minimumCountForBackgroundWork
      // `--check` never trusts a state: it renders every output and compares it with the disk.
      let reuse =
        mode == .write
        ? RenderReuse(
          inputs: OutputInputs(
            configuration, limits: limits, tokens: tokens, session: session, inBackground: isLarge),
          digests: digests,
          folders: folders, session: session, isPriming: priming && session != nil) : nil
      let rendered = try render(
        tokens, configuration: configuration, digests: digests, folders: folders, staging: staging,
        isLarge: isLarge, reuse: reuse)
      // The tokens' last holders, `tokens` and `reuse`'s digests, let go together: the 100,000
      // tokens of a large set are then freed on another core, not by this thread once the build
      // is written.
      if session == nil { release((consume tokens, consume reuse), inBackground: isLarge) }
      if priming {
        // Nothing is committed: a file found different is the next build's to write.
        staging?.abandon()
        session?.writtenFiles.forgetRendered()
        return Result(
          plan: .unchanged(fileCount: 0), contrast: rendered.contrast, wasSkipped: false, warnings: warnings)
      }
      // What an output left out fails the build under `strict`, as the tokens' warnings do.
      warnings += try DiagnosticsError.check(diagnostics: rendered.warnings, strict: configuration.strict)
      let writer = OutputWriter()
      let plan = try writer.plan(rendered.outputs.map(\.prepared), staging: staging)
      let contrast = rendered.contrast
      if mode == .write {
        let replaced: ReplacedContents
        do {
          replaced = try writer.applyKeepingReplacedContents(plan)
        } catch let error as DiagnosticsError {
          throw SystemFailure(.inputOutput, error)
        }
        // The old contents are deleted once the state is recorded.
        defer { replaced.remove() }
        if warnings.isEmpty,
          let fingerprint = BuildFingerprint.parsed(
            configuration, inputs: inputs, limits: limits, digests: digests)
        {
          let stamps = recordState(fingerprint, outputs: rendered.outputs, contrast: contrast)
          session?.writtenFiles.record(stamps: stamps)
        } else {
          session?.writtenFiles.forgetRendered()
        }
      }
      return Result(plan: plan, contrast: contrast, wasSkipped: false, warnings: warnings)
    } catch {
      staging?.abandon()
      session?.writtenFiles.forgetRendered()
      throw error
    }
  }

  /// Every output and the audit report, ready to plan.
  private struct Rendered {
    var outputs: [RenderedOutput] = []
    var contrast: ContrastVerdict?
    var warnings: [Diagnostic] = []
  }

  /// Every output and the audit report, rendered side by side and each compared with the disk
  /// (and, with a `staging` area, written to temporary files) as soon as it is rendered; every
  /// error of every one. For a large set, the memory each job freed is returned as it ends. With
  /// `reuse`, an output or report whose inputs are unchanged is taken from the disk as it is.
  private func render(
    _ tokens: ModalTokenSet, configuration: Configuration, digests: InputDigests, folders: OutputFolders,
    staging: StagingArea?, isLarge: Bool, reuse: RenderReuse?
  ) throws -> Rendered {
    typealias Job = Swift.Result<
      (output: RenderedOutput, contrast: ContrastVerdict?, warnings: [Diagnostic]),
      DiagnosticsError
    >
    /// `output` compared with the disk and staged, after the files `handedOff` already were.
    @Sendable func prepared(
      _ output: consuming GeneratedOutput, handedOff: [PreparedOutput.File] = [], key: String, digest: UInt64?
    )
      -> RenderedOutput
    {
      let folder = folders.folder(output.directory)
      var prepared = OutputWriter.prepare(
        output, in: folder, staging: staging, written: reuse?.session?.writtenFiles)
      _ = consume output
      if !handedOff.isEmpty { prepared = PreparedOutput(folder: folder, files: handedOff + prepared.files) }
      if isLarge { returnFreedMemoryInBackground() }
      return RenderedOutput(key: key, digest: digest, prepared: prepared)
    }
    var outputJobs: [@Sendable () -> Job] = []
    let renderer = {
      var renderer = OutputRenderer(configuration: configuration)
      renderer.inputDigests = digests
      return renderer
    }()
    // Priming is no build a caller sees.
    let onRender = reuse?.isPriming == true ? nil : self.onRender
    for (index, output) in configuration.outputs.enumerated() {
      outputJobs.append {
        DiagnosticsError.catching {
          let key = OutputInputs.key(ofOutputAt: index)
          let directory = renderer.directory(for: output)
          var digest: UInt64?
          var outputDigests: OutputInputs.OutputDigests?
          let hasRecord = reuse?.hasRecord(key, in: directory) ?? false
          // A session digests every output, to know what changed since it last rendered one.
          if let reuse, hasRecord || reuse.session != nil {
            outputDigests = reuse.inputs.digests(ofOutputAt: index, inputDigests: digests)
            digest = outputDigests?.inputs
            if hasRecord, let digest, let kept = reuse.unchanged(key, digest: digest, in: directory) {
              return (kept, nil, [])
            }
          }
          onRender?(key)
          let last = reuse?.session?.render(of: key)
          let changed = reuse.flatMap {
            last?.takeChangedTokens(settings: outputDigests?.settings, inputs: $0.inputs)
          }
          // Outside a session, each file of an output of many (Swift's and Kotlin's part files) is
          // compared and staged as soon as it is rendered, and let go: a large output is never
          // held whole. A session keeps every file, to patch.
          var handedOff: [PreparedOutput.File] = []
          let folder = folders.folder(directory)
          let generated = try renderer.render(
            output, tokens: tokens, memo: last?.memo, changedTokens: changed,
            handingOff: reuse?.session != nil
              ? nil
              : { handedOff.append(OutputWriter.prepare($0, in: folder, staging: staging, written: nil)) })
          if let reuse { last?.record(tokens, settings: outputDigests?.settings, inputs: reuse.inputs) }
          let warnings = generated.warnings
          // An output that warns is rendered every time, so its warnings are shown every time; one
          // the state does not record is digested once rendered, for the state.
          if warnings.isEmpty && digest == nil {
            digest = reuse?.inputs.digest(ofOutputAt: index, inputDigests: digests)
          }
          return (
            prepared(generated, handedOff: handedOff, key: key, digest: warnings.isEmpty ? digest : nil), nil,
            warnings
          )
        }
      }
    }
    // The audit, the longest job, starts first, while the other core renders the outputs one
    // after another: two outputs rendered at once would hold two outputs' contexts and text.
    var auditJobs: [@Sendable () -> Job] = []
    if let reportDirectory = configuration.audit.reportDirectory, !configuration.audit.rules.isEmpty {
      let directory = configuration.resolvedPath(reportDirectory)
      auditJobs.append {
        DiagnosticsError.catching {
          let key = OutputInputs.auditKey
          var digest: UInt64?
          if let reuse, reuse.hasRecord(key, in: directory) {
            let auditDigest = reuse.inputs.auditDigest
            digest = auditDigest
            if let kept = reuse.unchanged(key, digest: auditDigest, in: directory) {
              if let contrast = reuse.recordedContrast(in: directory) { return (kept, contrast, []) }
            }
          }
          onRender?(key)
          // A session keeps the last audit's matches while only values other than typography changed.
          let last = reuse?.session?.render(of: key)
          let settings = last == nil ? nil : reuse?.inputs.auditDigests.settings
          let changed = reuse.flatMap { last?.takeChangedTokens(settings: settings, inputs: $0.inputs) }
          let result = try ContrastAudit.run(
            tokens: tokens, audit: configuration.audit, configPath: configuration.path,
            memo: reuse?.session?.auditMemo,
            matchesUnchanged: changed.map { !$0.contains { $0.type == .typography } } ?? false)
          if let reuse { last?.record(tokens, settings: settings, inputs: reuse.inputs) }
          let reportDigest = digest ?? reuse?.inputs.auditDigest
          let folder = folders.folder(directory)
          // The JSON, tens of megabytes for a large audit, staged piece by piece as it is rendered.
          let reportJobs = AuditReport.buildFormats.map { format in
            { @Sendable () -> [PreparedOutput.File] in
              guard format == .json else {
                return prepared(
                  GeneratedOutput(
                    directory: directory,
                    files: AuditReport.reportFiles(result, formats: [format], memo: reuse?.session?.auditMemo)
                  ),
                  key: key, digest: reportDigest
                ).prepared.files
              }
              let memo = reuse?.session?.auditMemo
              return [
                OutputWriter.prepare(
                  path: AuditReport.fileName(.json),
                  streaming: { AuditReport.streamJSON(result, memo: memo, to: $0) },
                  bytes: { AuditReport.reportFiles(result, formats: [.json])[0].bytes }, in: folder,
                  staging: staging, likelyDiffers: AuditReport.jsonDiffersFromTheLast(result, memo: memo))
              ]
            }
          }
          // A session (`--watch`) renders the reports side by side, for a rebuild as soon as can be;
          // a build on its own, one after another, each staged and freed before the next is
          // rendered, for the least memory.
          let files =
            reuse?.session != nil
            ? runAtOnce(reportJobs).flatMap { $0 } : reportJobs.flatMap { $0() }
          // Only the verdict is kept: the results (tens of megabytes for a large audit) are freed
          // here, while the other core may still be rendering outputs.
          let report = RenderedOutput(
            key: key, digest: reportDigest, prepared: PreparedOutput(folder: folder, files: files))
          return (report, ContrastVerdict(result), [])
        }
      }
    }
    var rendered = Rendered()
    var diagnostics: [Diagnostic] = []
    // Results in the outputs' order, then the audit's: the order errors are reported in.
    let results = runSideBySide(auditJobs + outputJobs)
    for job in results.dropFirst(auditJobs.count) + results.prefix(auditJobs.count) {
      switch job {
      case .success(let value):
        rendered.outputs.append(value.output)
        rendered.contrast = rendered.contrast ?? value.contrast
        rendered.warnings += value.warnings
      case .failure(let error):
        diagnostics += error.diagnostics
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics: diagnostics) }
    return rendered
  }

  /// What the outputs' filters hold that is dubious: a pattern that matches nothing, an output
  /// left without tokens. With `strict`, thrown as errors.
  static func filterWarnings(_ configuration: Configuration, tokens: ModalTokenSet) throws -> [Diagnostic] {
    var findings: [ConfigurationError] = []
    for output in configuration.outputs where !output.filter.keepsEverything {
      findings += output.filter.patternsHoldingNothing(in: tokens).map {
        .filterPatternHoldsNothing($0.pattern.description, at: $0.location)
      }
      if !tokens.tokens.isEmpty && !tokens.tokens.contains(where: { output.filter.keeps($0.first) }) {
        findings.append(
          .filterKeepsNothing(
            kind: output.kind.rawValue, destination: output.destination, at: output.location))
      }
    }
    return try DiagnosticsError.check(findings, strict: configuration.strict)
  }

  /// Every folder the build writes into, standardized and without repeats.
  static func outputDirectories(_ configuration: Configuration) -> [String] {
    let renderer = OutputRenderer(configuration: configuration)
    var directories = configuration.outputs.map { renderer.directory(for: $0) }
    if let reportDirectory = configuration.audit.reportDirectory, !configuration.audit.rules.isEmpty {
      directories.append(configuration.resolvedPath(reportDirectory))
    }
    var seen: Set<String> = []
    return directories.map { ($0 as NSString).standardizingPath }.filter { seen.insert($0).inserted }
  }

  /// The skipped build's result, when every output folder records this fingerprint
  /// and holds its generated files exactly as the last build left them.
  private func unchangedBuild(_ fingerprint: String, folders: [OutputFolder]) -> Result? {
    var fileCount = 0
    var contrast: ContrastVerdict?
    for folder in folders {
      guard let state = BuildState.read(in: folder), state.fingerprint == fingerprint,
        state.stampsMatch(in: folder)
      else { return nil }
      fileCount += state.stamps.count
      contrast = contrast ?? state.contrast.map { ContrastVerdict(passes: $0.passes, summary: $0.summary) }
    }
    return Result(
      plan: .unchanged(fileCount: fileCount), contrast: contrast, wasSkipped: true, warnings: [])
  }

  /// Records, in each output folder, the fingerprint, how its generated files and manifest now
  /// are, read after every rename, and the digest of each output's inputs with its files.
  ///
  /// - Returns: The stamp of each file, by ``OutputFolder/key(of:)``.
  private func recordState(_ fingerprint: String, outputs: [RenderedOutput], contrast: ContrastVerdict?)
    -> [String: BuildState.Stamp]
  {
    var byFolder:
      [ObjectIdentifier: (folder: OutputFolder, files: [String], records: [BuildState.OutputRecord])] =
        [:]
    for output in outputs {
      let folder = output.prepared.folder
      let files = output.prepared.files.map(\.path)
      byFolder[ObjectIdentifier(folder), default: (folder, [], [])].files += files
      if let digest = output.digest {
        byFolder[ObjectIdentifier(folder)]?.records.append(
          BuildState.OutputRecord(key: output.key, digest: digest, files: files))
      }
    }
    let recorded = contrast.map { BuildState.Contrast(passes: $0.passes, summary: $0.summary) }
    var byKey: [String: BuildState.Stamp] = [:]
    for (folder, files, records) in byFolder.values {
      let paths = (files + [OutputWriter.manifestName]).sorted()
      let stamps = paths.compactMap { BuildState.stamp($0, in: folder) }
      for stamp in stamps { byKey[folder.key(of: stamp.path)] = stamp }
      guard stamps.count == paths.count else { continue }
      BuildState(fingerprint: fingerprint, contrast: recorded, stamps: stamps, outputs: records).write(
        in: folder)
    }
    return byKey
  }
}

extension DiagnosticsError {
  /// Runs `body` and captures its result or its diagnostics (every error the
  /// library throws is a `DiagnosticsError`; anything else is wrapped as one).
  static func catching<T>(_ body: () throws -> T) -> Swift.Result<T, DiagnosticsError> {
    do {
      return .success(try body())
    } catch let error as DiagnosticsError {
      return .failure(error)
    } catch {
      return .failure(DiagnosticsError(diagnostics: [Diagnostic("\(error)", at: nil)]))
    }
  }
}
