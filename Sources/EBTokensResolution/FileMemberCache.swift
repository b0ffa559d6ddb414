import EBTokensParsing
import EBTokensSupport
import Foundation

/// What reading each token file gave, kept between the builds of one session (`BuildSession`), so
/// that a build after a change reads and walks only the files that changed: ``TokenLoader`` takes a
/// file's members, errors and digest from here unless the file was forgotten since.
///
/// The cache trusts what it is told: a file is read again only once ``forget(_:)`` names it (or a
/// folder above it), or ``forgetChanged()`` finds that its bytes on disk differ from the bytes
/// read. It also keeps the last load that found nothing wrong, and each forgotten file as that
/// load read it, so that the next load can patch it (``IncrementalLoad``). Safe to use from the
/// reading threads.
package final class FileMemberCache: @unchecked Sendable {
  /// One file as it was read.
  struct Entry {
    /// The XXH64 of the bytes read; `nil` when the file could not be read.
    let digest: UInt64?
    let errors: [any DiagnosticConvertible]
    let members: FileMembers?
    /// The file's standardized absolute path, to match the paths a watcher reports.
    let standardizedPath: String
    let limit: Int
  }

  private let lock = NSLock()
  /// By the path the loader reads (as the configuration names it).
  private var entries: [String: Entry] = [:]
  /// The entries forgotten since the last load, as that load read them (see ``IncrementalLoad``).
  private var replaced: [String: Entry] = [:]
  /// The last load that found nothing wrong, which the next one may patch.
  private var last: IncrementalLoad.Last?
  /// How many files were read rather than taken from the cache, for tests and the benchmark.
  private var readCount = 0
  private var patchCount = 0
  private var patchedTokenCount = 0

  package init() {}

  /// How many files the loader has read (not taken from here) since the cache was made.
  package var filesRead: Int { lock.withLock { readCount } }

  /// How many loads patched the last one instead of merging and resolving every file.
  package var loadsPatched: Int { lock.withLock { patchCount } }

  /// Keeps `load` as the last load, for the next load to patch.
  func keepLastLoad(_ load: IncrementalLoad.Last?) {
    lock.withLock { last = load }
  }

  /// The last load, forgotten here.
  func takeLastLoad() -> IncrementalLoad.Last? {
    lock.withLock {
      defer { last = nil }
      return last
    }
  }

  /// The entries forgotten since the last load, as that load read them; forgotten here.
  func takeReplaced() -> [String: Entry] {
    lock.withLock {
      defer { replaced = [:] }
      return replaced
    }
  }

  /// How many tokens the patches resolved again, in all: the tokens written otherwise and those
  /// that depend on them.
  package var tokensPatched: Int { lock.withLock { patchedTokenCount } }

  func countPatch(resolvingAgain tokenCount: Int) {
    lock.withLock {
      patchCount += 1
      patchedTokenCount += tokenCount
    }
  }

  /// Every file cached, by the path the loader reads.
  package var paths: [String] { lock.withLock { Array(entries.keys) } }

  func entry(for path: String) -> Entry? {
    lock.withLock { entries[path] }
  }

  func store(
    _ path: String, digest: UInt64?, errors: [any DiagnosticConvertible], members: FileMembers?, limit: Int
  ) {
    let standardized = Self.standardized(path)
    lock.withLock {
      readCount += 1
      entries[path] = Entry(
        digest: digest, errors: errors, members: members, standardizedPath: standardized, limit: limit)
    }
  }

  /// Forgets each file named in `changedPaths`, and every file below a folder named there; paths
  /// are compared standardized and absolute.
  package func forget(_ changedPaths: some Collection<String>) {
    let changed = Set(changedPaths.map(Self.standardized))
    lock.withLock {
      let forgotten = entries.filter { _, entry in
        var path = Substring(entry.standardizedPath)
        while !path.isEmpty {
          if changed.contains(String(path)) { return true }
          guard let slash = path.lastIndex(of: "/") else { break }
          path = path[..<slash]
        }
        return false
      }
      forgetLocked(forgotten.keys)
    }
  }

  /// Moves the entries of `paths` aside, keeping the first one forgotten since the last load.
  private func forgetLocked(_ paths: some Sequence<String>) {
    for path in paths {
      guard let entry = entries.removeValue(forKey: path) else { continue }
      if replaced[path] == nil { replaced[path] = entry }
    }
  }

  /// Forgets every file whose bytes on disk differ from the bytes read, or that cannot be read
  /// now: what a build does when it is not told what changed.
  package func forgetChanged() {
    let snapshot = lock.withLock { entries }
    let stale = snapshot.filter { path, entry in
      guard case .bytes(let bytes) = FileContents.read(path, limit: entry.limit, followingLinks: true) else {
        return true
      }
      return ContentHash.xxh64(bytes) != entry.digest
    }
    lock.withLock { forgetLocked(stale.keys) }
  }

  /// Forgets every file and the last load.
  package func removeAll() {
    lock.withLock {
      entries = [:]
      replaced = [:]
      last = nil
    }
  }

  /// `path` absolute (``/EBTokensSupport/DisplayPath/absolute(_:)``) with its links resolved, so a
  /// file is matched whichever way a watcher or the configuration names it.
  package static func standardized(_ path: String) -> String {
    (DisplayPath.absolute(path) as NSString).standardizingPath
  }
}
