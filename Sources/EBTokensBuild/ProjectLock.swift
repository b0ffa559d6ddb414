import EBTokensEmitting
import EBTokensSupport
import Foundation

/// The exclusive lock a build holds on its project folder (the config file's folder) from before
/// it looks at any output until it has written its state: `flock` on the folder's own descriptor,
/// so no lock file is ever created, and the kernel releases it when the process ends, killed
/// included. Two builds of one project, with the same config or two configs in the same folder,
/// therefore never interleave: the second waits, or with `--no-wait` fails at once.
final class ProjectLock {
  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Locks `directory`, waiting for another build as `waiting` says.
  ///
  /// - Throws: ``SystemFailure`` when the folder cannot be opened, or it is locked and
  ///   `waiting` is ``Builder/LockWaiting/fail``.
  static func acquire(_ directory: String, waiting: Builder.LockWaiting) throws -> ProjectLock {
    let shown = DisplayPath.forFile(directory)
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SystemFailure(
        .inputOutput, OutputError.writeFailed(path: shown, reason: String(cString: strerror(errno))))
    }
    let lock = ProjectLock(descriptor: descriptor)
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return lock }
    guard errno == EWOULDBLOCK else {
      throw SystemFailure(
        .inputOutput, OutputError.writeFailed(path: shown, reason: String(cString: strerror(errno))))
    }
    switch waiting {
    case .fail:
      throw SystemFailure(.lockHeld, OutputError.buildInProgress(directory: shown))
    case .wait(let notify):
      notify?("another ebtokens build of '\(shown)' is running; waiting for it to finish")
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else {
          throw SystemFailure(
            .inputOutput, OutputError.writeFailed(path: shown, reason: String(cString: strerror(errno))))
        }
      }
      return lock
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
