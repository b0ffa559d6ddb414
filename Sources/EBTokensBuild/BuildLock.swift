import EBTokensEmitting
import EBTokensSupport
import Foundation

/// The exclusive locks a build holds from before it looks at any output until it has written its
/// state: `flock` on folders' own descriptors, so no lock file is ever created, and the kernel
/// releases them when the process ends, killed included.
///
/// - The project folder (the config file's folder): two builds of one project, with the same config
///   or two configs in one folder, never interleave.
/// - Each output folder, or the nearest folder above it that exists when it does not yet: two
///   projects whose outputs meet (a nested project, or `--allow-outside-project` and one outside
///   folder) never interleave either.
/// - A shared lock on each folder above an output folder, up to the project folder (or the root
///   for an output outside the project): a build that locked a folder above its output folder,
///   because that did not exist yet, and may be creating it, excludes a build that finds it created.
///
/// A folder is locked once however many roles it has, at its strongest, and the locks are taken in
/// the order of their folders' device and inode numbers, so two builds cannot each hold a lock the
/// other waits for. The second build waits for the first (saying so), or fails at once.
final class BuildLock {
  private let descriptors: [Int32]

  private init(descriptors: [Int32]) {
    self.descriptors = descriptors
  }

  deinit { descriptors.forEach { close($0) } }

  /// A folder to lock, and how.
  private struct Target {
    /// Where it was found, absolute.
    let path: String
    let device: UInt64
    let inode: UInt64
    var isExclusive: Bool
  }

  /// Locks `project` and the `outputFolders` (see the type's comment), waiting for another build
  /// as `waiting` says.
  ///
  /// - Throws: ``SystemFailure`` when the project folder cannot be opened, or a folder is locked
  ///   and `waiting` is ``Builder/LockWaiting/fail``.
  static func acquire(project: String, outputFolders: [String], waiting: Builder.LockWaiting) throws
    -> BuildLock
  {
    var targets: [Target] = []
    /// Adds the folder at `path`; `false` when there is none there.
    func add(_ path: String, exclusive: Bool) -> Target? {
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
      let target = Target(
        path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), isExclusive: exclusive)
      if let index = targets.firstIndex(where: { $0.device == target.device && $0.inode == target.inode }) {
        targets[index].isExclusive = targets[index].isExclusive || exclusive
      } else {
        targets.append(target)
      }
      return target
    }
    let projectPath = DisplayPath.absolute(project)
    guard let projectFolder = add(projectPath, exclusive: true) else {
      throw SystemFailure(
        .inputOutput,
        OutputError.writeFailed(path: DisplayPath.forFile(project), reason: String(cString: strerror(errno))))
    }
    for folder in outputFolders {
      var path = DisplayPath.absolute(folder)
      var found = add(path, exclusive: true)
      while found == nil, path != "/" {
        path = PathComponents.folder(of: path)
        found = add(path, exclusive: true)
      }
      while path != "/",
        found.map({ $0.device != projectFolder.device || $0.inode != projectFolder.inode })
          ?? true
      {
        path = PathComponents.folder(of: path)
        found = add(path, exclusive: false)
      }
    }
    targets.sort { ($0.device, $0.inode) < ($1.device, $1.inode) }
    var descriptors: [Int32] = []
    var hasNotified = false
    do {
      for target in targets {
        guard let descriptor = try lock(target, waiting: waiting, hasNotified: &hasNotified) else { continue }
        descriptors.append(descriptor)
      }
    } catch {
      descriptors.forEach { close($0) }
      throw error
    }
    return BuildLock(descriptors: descriptors)
  }

  /// Locks one folder; `nil` when it cannot be opened (a folder above an output that this user
  /// may not read, which then goes unlocked). Says that it waits unless `hasNotified` already.
  private static func lock(_ target: Target, waiting: Builder.LockWaiting, hasNotified: inout Bool) throws
    -> Int32?
  {
    let shown = DisplayPath.forFile(target.path)
    let descriptor = open(target.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    let operation = target.isExclusive ? LOCK_EX : LOCK_SH
    if flock(descriptor, operation | LOCK_NB) == 0 { return descriptor }
    guard errno == EWOULDBLOCK else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw SystemFailure(.inputOutput, OutputError.writeFailed(path: shown, reason: reason))
    }
    switch waiting {
    case .fail:
      close(descriptor)
      throw SystemFailure(.lockHeld, OutputError.buildInProgress(directory: shown))
    case .wait(let notify):
      if !hasNotified { notify?("another ebtokens build is using '\(shown)'; waiting for it to finish") }
      hasNotified = true
      while flock(descriptor, operation) != 0 {
        guard errno == EINTR else {
          let reason = String(cString: strerror(errno))
          close(descriptor)
          throw SystemFailure(.inputOutput, OutputError.writeFailed(path: shown, reason: reason))
        }
      }
      return descriptor
    }
  }
}

/// A build stopped by the system rather than by its input: a file that could not be written (a
/// full disk, a read-only folder, a permission), or another build holding the project's lock.
public struct SystemFailure: Error, Sendable {
  public enum Kind: Sendable {
    /// Exit code 74 (`EX_IOERR`).
    case inputOutput
    /// Exit code 75 (`EX_TEMPFAIL`): another build holds the lock (`--no-wait`).
    case lockHeld
  }

  public let kind: Kind
  public let error: DiagnosticsError

  init(_ kind: Kind, _ error: DiagnosticsError) {
    self.kind = kind
    self.error = error
  }

  init(_ kind: Kind, _ error: OutputError) {
    self.init(kind, DiagnosticsError([error]))
  }

  /// The process's exit code for this failure.
  public var exitCode: Int32 {
    switch kind {
    case .inputOutput: 74
    case .lockHeld: 75
    }
  }
}
