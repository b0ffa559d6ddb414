import EBTokensAudit
import EBTokensSupport
import Foundation

/// One output or the audit report as a build has it ready to plan: rendered, or left as it is on
/// disk because its inputs did not change.
struct RenderedOutput: Sendable {
  /// ``OutputInputs/key(ofOutputAt:)`` or ``OutputInputs/auditKey``.
  let key: String
  /// The digest of its inputs, recorded in the state; `nil` when it must be rendered next time
  /// (it warned, or its inputs could not be digested).
  let digest: UInt64?
  let prepared: PreparedOutput
}

/// What lets a build leave an output as it is: the digest of what each output is rendered from
/// (``OutputInputs``) and the state recorded in each output folder (``BuildState``), read once per
/// folder.
struct RenderReuse: @unchecked Sendable {
  let inputs: OutputInputs
  let digests: InputDigests
  let folders: OutputFolders
  /// What a ``BuildSession`` keeps between builds; `nil` for a build on its own.
  let session: SessionCache?
  /// Whether the build renders every output into the session's memos, leaving none as it is on
  /// disk (``BuildSession``'s priming after a build that left some unrendered).
  let isPriming: Bool
  private let states = StateCache()

  init(
    inputs: OutputInputs, digests: InputDigests, folders: OutputFolders, session: SessionCache?,
    isPriming: Bool = false
  ) {
    self.inputs = inputs
    self.digests = digests
    self.folders = folders
    self.session = session
    self.isPriming = isPriming
  }

  /// Whether the state in `directory` records the output `key`: only then can it be left as it is.
  func hasRecord(_ key: String, in directory: String) -> Bool {
    states.state(of: folders.folder(directory))?.outputs.contains { $0.key == key } ?? false
  }

  /// The output `key` as it is on disk in `directory`, when the state there records it with this
  /// `digest` and every one of its files is the file that build left; `nil` when it must be rendered,
  /// and when priming. A session whose memo holds no render of an output left so is told
  /// (``SessionCache/noteOutputLeftUnrendered()``).
  func unchanged(_ key: String, digest: UInt64, in directory: String) -> RenderedOutput? {
    let folder = folders.folder(directory)
    guard !isPriming, let state = states.state(of: folder),
      let files = state.unchangedFiles(ofOutput: key, digest: digest, in: folder)
    else { return nil }
    if let session, !session.render(of: key).hasRender { session.noteOutputLeftUnrendered() }
    let prepared = PreparedOutput(
      folder: folder, files: files.map { PreparedOutput.File(path: $0, destination: .identical, bytes: nil) })
    return RenderedOutput(key: key, digest: digest, prepared: prepared)
  }

  /// The audit's verdict the state in `directory` records.
  func recordedContrast(in directory: String) -> Builder.ContrastVerdict? {
    states.state(of: folders.folder(directory))?.contrast.map {
      Builder.ContrastVerdict(passes: $0.passes, summary: $0.summary)
    }
  }

  /// Each folder's state, read once by whichever render job asks first.
  private final class StateCache: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [ObjectIdentifier: BuildState?] = [:]

    func state(of folder: OutputFolder) -> BuildState? {
      lock.withLock {
        if let state = states[ObjectIdentifier(folder)] { return state }
        let state = BuildState.read(in: folder)
        states[ObjectIdentifier(folder)] = state
        return state
      }
    }
  }
}
