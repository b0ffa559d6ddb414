import EBTokensSupport
import Foundation

/// The files a ``BuildSession``'s builds left in the output folders: each one's bytes as rendered
/// and its stamp (``BuildState/Stamp``) once the build was done. A file rendered again as the very
/// same bytes (the same buffer: an output patched after a change of values keeps each file it did
/// not change), whose stamp is still the one recorded, holds those bytes: the file on disk is the
/// one the build left, unchanged since (a rename, a write or a touch changes its stamp), so the
/// writer need not read it back to compare. After a one-token change at 100,000 tokens that spares
/// reading back the 21 MB of the Swift and Kotlin files the change left alone.
final class WrittenFiles: @unchecked Sendable {
  private let lock = NSLock()
  /// ``OutputFolder/key(of:)`` → the bytes and the stamp.
  private var files: [String: (bytes: [UInt8], stamp: BuildState.Stamp)] = [:]
  /// What the build under way rendered, recorded once it is done (``record(stamps:)``).
  private var rendered: [String: [UInt8]] = [:]

  /// Whether the file at `path` below `folder` holds `bytes`, as far as the last build knows.
  func holds(_ bytes: [UInt8], at path: String, in folder: OutputFolder) -> Bool {
    guard let known = lock.withLock({ files[folder.key(of: path)] }), known.bytes.sharesStorage(with: bytes)
    else { return false }
    return BuildState.stamp(path, in: folder) == known.stamp
  }

  /// Notes the bytes rendered for `path` below `folder` by the build under way.
  func noteRendered(_ bytes: [UInt8], at path: String, in folder: OutputFolder) {
    lock.withLock { rendered[folder.key(of: path)] = bytes }
  }

  /// Records, for every file the build under way rendered, its stamp now that the build is done
  /// (`stamps`, by ``OutputFolder/key(of:)``); a file without one is forgotten.
  func record(stamps: [String: BuildState.Stamp]) {
    lock.withLock {
      for (key, bytes) in rendered {
        files[key] = stamps[key].map { (bytes, $0) }
      }
      rendered = [:]
    }
  }

  /// Forgets what the build under way rendered: it failed, and what it left is not known.
  func forgetRendered() {
    lock.withLock {
      for key in rendered.keys { files[key] = nil }
      rendered = [:]
    }
  }
}
