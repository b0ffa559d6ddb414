import Foundation

/// A file a build writes or removes, or would (`--check`).
public struct FileChange: Hashable, Sendable {
  public enum Kind: String, Sendable {
    case created
    case updated
    case removed
  }

  public let kind: Kind
  /// As shown to the user: relative to the working directory when below it.
  public let path: String
}

/// Everything a build changes on disk, worked out before anything is touched.
public struct WritePlan: Sendable {
  fileprivate enum Operation: Sendable {
    case write(path: String, bytes: [UInt8])
    /// `directory` is the output folder, where pruning emptied folders stops.
    case remove(path: String, directory: String)
  }

  /// Sorted by path.
  public let changes: [FileChange]
  /// Generated files and manifests already on disk with the right contents.
  public let unchangedFileCount: Int
  fileprivate let operations: [Operation]

  public var isUpToDate: Bool { changes.isEmpty }

  /// The plan of a build skipped because nothing changed: `fileCount` files, all as they should be.
  static func unchanged(fileCount: Int) -> WritePlan {
    WritePlan(changes: [], unchangedFileCount: fileCount, operations: [])
  }
}

/// Writes generated outputs, touching nothing it did not generate.
///
/// Each output folder keeps a manifest, ``manifestName``, listing the files
/// ebtokens generated there. A file is written only when its contents change,
/// atomically (a temporary file in the same folder, renamed over it), so a build
/// that changes nothing leaves every file and its modification time alone. Files
/// the manifest lists that the build no longer generates are removed. A file in
/// the way that the manifest does not list is the user's: the build refuses to
/// overwrite it, unless it already holds exactly what would be written.
public struct OutputWriter: Sendable {
  public static let manifestName = ".ebtokens-manifest"

  public init() {}

  /// Compares `outputs` with the disk and lists the changes, without writing.
  ///
  /// - Throws: ``DiagnosticsError`` with every conflict (a user's file in the way, a
  ///   damaged manifest), so nothing is written when any output cannot be.
  public func plan(_ outputs: [GeneratedOutput]) throws -> WritePlan {
    var filesByDirectory: [String: [GeneratedFile]] = [:]
    for output in outputs {
      filesByDirectory[URL(fileURLWithPath: output.directory).standardizedFileURL.path, default: []] +=
        output.files
    }
    var errors: [OutputError] = []
    var changes: [FileChange] = []
    var writes: [WritePlan.Operation] = []
    var removals: [WritePlan.Operation] = []
    var manifestWrites: [WritePlan.Operation] = []
    var unchanged = 0
    for (directory, files) in filesByDirectory.sorted(by: { $0.key < $1.key }) {
      let manifestPath = (directory as NSString).appendingPathComponent(Self.manifestName)
      if let type = Self.fileType(manifestPath), type != .typeRegular {
        errors.append(
          .blocked(path: DisplayPath.forFile(manifestPath), generated: DisplayPath.forFile(manifestPath)))
        continue
      }
      let previous: Set<String>
      do {
        previous = Set(try Manifest.read(manifestPath))
      } catch let error as OutputError {
        errors.append(error)
        continue
      }
      var generated: Set<String> = []
      for file in files.sorted(by: { $0.path < $1.path }) {
        let path = (directory as NSString).appendingPathComponent(file.path)
        guard generated.insert(file.path).inserted else {
          errors.append(.generatedTwice(path: DisplayPath.forFile(path)))
          continue
        }
        if let obstacle = Self.obstacle(below: directory, to: file.path) {
          errors.append(.blocked(path: DisplayPath.forFile(obstacle), generated: DisplayPath.forFile(path)))
          continue
        }
        guard let current = FileManager.default.contents(atPath: path) else {
          writes.append(.write(path: path, bytes: file.bytes))
          changes.append(FileChange(kind: .created, path: DisplayPath.forFile(path)))
          continue
        }
        if Self.holds(current, file.bytes) {
          unchanged += 1
        } else if previous.contains(file.path) {
          writes.append(.write(path: path, bytes: file.bytes))
          changes.append(FileChange(kind: .updated, path: DisplayPath.forFile(path)))
        } else {
          errors.append(
            .wouldOverwrite(path: DisplayPath.forFile(path), manifest: DisplayPath.forFile(manifestPath)))
        }
      }
      for stale in previous.sorted() where !generated.contains(stale) {
        let path = (directory as NSString).appendingPathComponent(stale)
        guard Self.fileType(path) == .typeRegular, Self.looksGenerated(path) else { continue }
        removals.append(.remove(path: path, directory: directory))
        changes.append(FileChange(kind: .removed, path: DisplayPath.forFile(path)))
      }
      let manifest = Array(Manifest.contents(listing: generated).utf8)
      if let current = FileManager.default.contents(atPath: manifestPath), Self.holds(current, manifest) {
        unchanged += 1
      } else {
        let kind: FileChange.Kind = Self.fileType(manifestPath) == nil ? .created : .updated
        manifestWrites.append(.write(path: manifestPath, bytes: manifest))
        changes.append(FileChange(kind: kind, path: DisplayPath.forFile(manifestPath)))
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return WritePlan(
      changes: changes.sorted { $0.path < $1.path }, unchangedFileCount: unchanged,
      operations: writes + removals + manifestWrites)
  }

  /// Carries out `plan` so that it happens entirely or not at all, as far as a file system
  /// allows: a failure anywhere leaves every file as it was.
  ///
  /// 1. Every new file is written to a temporary file beside its destination. A failure here
  ///    (a full disk, a file size limit) removes the temporaries and changes nothing else.
  /// 2. The temporaries are renamed over their destinations (each rename atomic), files to
  ///    remove are renamed aside, manifests last, so that a manifest stops listing a file only
  ///    once the file is gone. Each replaced file is first hard-linked aside, so if a rename
  ///    fails (something changed the folder meanwhile) every step already taken is undone.
  /// 3. Only then are the old files' links and the removed files deleted, and folders a removal
  ///    left empty pruned.
  ///
  /// A build killed during step 1 leaves every output as it was, plus temporaries named
  /// `.ebtokens-<UUID>.tmp`; during step 2 (a few renames), possibly some files new and some
  /// old, plus `.ebtokens-<UUID>.old` links. The next build deletes such leftovers in the folders
  /// it writes to. Nothing else is ever deleted.
  public func apply(_ plan: WritePlan) throws {
    var transaction = WriteTransaction()
    var folders: Set<String> = []
    for case .write(let path, _) in plan.operations {
      let folder = (path as NSString).deletingLastPathComponent
      if folders.insert(folder).inserted { transaction.removeLeftovers(in: folder) }
    }
    do {
      for case .write(let path, let bytes) in plan.operations {
        try transaction.stage(bytes, for: path)
      }
    } catch {
      transaction.abandon()
      throw error
    }
    do {
      for operation in plan.operations {
        switch operation {
        case .write(let path, _): try transaction.commitWrite(to: path)
        case .remove(let path, _): try transaction.commitRemoval(of: path)
        }
      }
    } catch {
      transaction.rollBack()
      throw error
    }
    transaction.finish()
    for case .remove(let path, let directory) in plan.operations {
      Self.pruneEmptyFolders(above: path, upTo: directory)
    }
  }

  /// Whether `data` is exactly the UTF-8 of `text`.
  private static func holds(_ data: Data, _ expected: [UInt8]) -> Bool {
    expected.withUnsafeBytes { utf8 in
      data.count == utf8.count
        && data.withUnsafeBytes { bytes in
          guard let left = bytes.baseAddress, let right = utf8.baseAddress else { return utf8.isEmpty }
          return memcmp(left, right, utf8.count) == 0
        }
    }
  }

  /// A folder, link or file where `relativePath` below `directory` needs a file
  /// and the folders above it. The output folder itself may be a link.
  private static func obstacle(below directory: String, to relativePath: String) -> String? {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
      return directory
    }
    let components = relativePath.split(separator: "/").map(String.init)
    var path = directory
    for (index, component) in components.enumerated() {
      path = (path as NSString).appendingPathComponent(component)
      guard let type = fileType(path) else { return nil }
      let isLast = index == components.count - 1
      if type != (isLast ? .typeRegular : .typeDirectory) { return path }
    }
    return nil
  }

  /// Whether the file at `path` reads like one ebtokens wrote: the `generated by ebtokens` line
  /// every built-in template starts with, or the name of a contrast report. A manifest is a plain
  /// file anyone can edit; an entry naming a file of the user's (a README) must not get it
  /// deleted. (A custom template that drops the line leaves its stale files in place.)
  static func looksGenerated(_ path: String) -> Bool {
    if ["contrast-audit.md", "contrast-audit.json", "contrast-audit.html"].contains(
      (path as NSString).lastPathComponent)
    {
      return true
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: 512)) ?? Data()
    return String(decoding: start, as: UTF8.self).contains("generated by ebtokens")
  }

  /// The type of what is at `path`, not following a link; `nil` when nothing is.
  static func fileType(_ path: String) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
  }

  /// Removes each folder above `path` that is empty, up to `directory`.
  private static func pruneEmptyFolders(above path: String, upTo directory: String) {
    var folder = (path as NSString).deletingLastPathComponent
    while folder.count > directory.count, folder.hasPrefix(directory + "/"),
      (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true
    {
      try? FileManager.default.removeItem(atPath: folder)
      folder = (folder as NSString).deletingLastPathComponent
    }
  }
}

/// The steps of one ``OutputWriter/apply(_:)``, remembered so they can be undone.
private struct WriteTransaction {
  private enum Step {
    /// A new file renamed into place where there was none.
    case created(path: String)
    /// A file replaced; `backup` links its old contents.
    case replaced(path: String, backup: String)
    /// A file renamed aside to `backup`, deleted once everything succeeded.
    case removed(path: String, backup: String)
  }

  /// Destination → its staged temporary file.
  private var staged: [String: String] = [:]
  /// Backups made while staging: destination → link to its current contents.
  private var backups: [String: String] = [:]
  private var steps: [Step] = []
  /// Folders created for staged files, deepest last, removed again if the build fails.
  private var createdFolders: [String] = []

  static let prefix = ".ebtokens-"

  /// A name beside `path` for a temporary or a backup: short and fixed in length, so a
  /// destination name near the file system's limit still has room, and unmistakably ebtokens'.
  private static func sibling(of path: String, suffix: String) -> String {
    ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
      prefix + UUID().uuidString + suffix)
  }

  /// Whether `name` is one ``sibling(of:suffix:)`` made.
  static func isLeftover(_ name: String) -> Bool {
    guard name.hasPrefix(prefix), name.hasSuffix(".tmp") || name.hasSuffix(".old") else { return false }
    let middle = name.dropFirst(prefix.count).dropLast(4)
    return middle.count == 36 && UUID(uuidString: String(middle)) != nil
  }

  /// Deletes what a killed build left in `folder`: only names ``isLeftover(_:)`` accepts.
  func removeLeftovers(in folder: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where Self.isLeftover(name) {
      try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
    }
  }

  /// Writes `bytes` to a new temporary file beside `path` (and links `path`'s current contents
  /// aside, if there are any).
  mutating func stage(_ bytes: [UInt8], for path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = Self.sibling(of: path, suffix: ".tmp")
    func fail(_ reason: String) -> DiagnosticsError {
      DiagnosticsError([OutputError.writeFailed(path: DisplayPath.forFile(path), reason: reason)])
    }
    if let problem = createFolder(folder) { throw fail(problem) }
    if let problem = Self.write(bytes, toNewFile: temporary) {
      unlink(temporary)
      throw fail(problem)
    }
    staged[path] = temporary
    // Only a regular file is replaced (the plan refused anything else); should something else
    // have appeared since, the rename fails and the build is rolled back.
    if OutputWriter.fileType(path) == .typeRegular {
      let backup = Self.sibling(of: path, suffix: ".old")
      guard link(path, backup) == 0 else { throw fail(String(cString: strerror(errno))) }
      backups[path] = backup
    }
  }

  /// Creates `folder` and any missing parents, remembering each one created; the problem if
  /// one cannot be.
  private mutating func createFolder(_ folder: String) -> String? {
    var missing: [String] = []
    var current = folder
    while !current.isEmpty, current != "/", !FileManager.default.fileExists(atPath: current) {
      missing.append(current)
      current = (current as NSString).deletingLastPathComponent
    }
    for folder in missing.reversed() {
      guard mkdir(folder, 0o777) == 0 else {
        if errno == EEXIST {
          return "'\(DisplayPath.forFile(folder))' is in the way (a file where a folder goes)"
        }
        return String(cString: strerror(errno))
      }
      createdFolders.append(folder)
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
      return "'\(DisplayPath.forFile(folder))' is in the way (a file where a folder goes)"
    }
    return nil
  }

  /// Writes `bytes` to a file that must not exist yet, and flushes it to disk, so that once it is
  /// renamed into place it holds `bytes` even after a crash; the system's error if it fails
  /// (`File too large`, `No space left on device`).
  private static func write(_ bytes: [UInt8], toNewFile path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { close(descriptor) }
    let failure: Int32? = bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if let failure { return String(cString: strerror(failure)) }
    guard fsync(descriptor) == 0 else { return String(cString: strerror(errno)) }
    return nil
  }

  mutating func commitWrite(to path: String) throws {
    guard let temporary = staged[path] else { return }
    guard rename(temporary, path) == 0 else {
      throw DiagnosticsError([
        OutputError.writeFailed(path: DisplayPath.forFile(path), reason: String(cString: strerror(errno)))
      ])
    }
    staged[path] = nil
    if let backup = backups.removeValue(forKey: path) {
      steps.append(.replaced(path: path, backup: backup))
    } else {
      steps.append(.created(path: path))
    }
  }

  mutating func commitRemoval(of path: String) throws {
    let backup = Self.sibling(of: path, suffix: ".old")
    guard rename(path, backup) == 0 else {
      throw DiagnosticsError([
        OutputError.writeFailed(path: DisplayPath.forFile(path), reason: String(cString: strerror(errno)))
      ])
    }
    steps.append(.removed(path: path, backup: backup))
  }

  /// Undoes every committed step, newest first, then deletes what staging made.
  mutating func rollBack() {
    for step in steps.reversed() {
      switch step {
      case .created(let path): unlink(path)
      case .replaced(let path, let backup), .removed(let path, let backup): rename(backup, path)
      }
    }
    steps = []
    abandon()
  }

  /// Deletes the temporaries, backups and folders staging made; nothing was committed.
  mutating func abandon() {
    for temporary in staged.values { unlink(temporary) }
    for backup in backups.values { unlink(backup) }
    for folder in createdFolders.reversed() { rmdir(folder) }
    staged = [:]
    backups = [:]
    createdFolders = []
  }

  /// Everything is committed: the old contents can go.
  mutating func finish() {
    for step in steps {
      switch step {
      case .created: break
      case .replaced(_, let backup), .removed(_, let backup): unlink(backup)
      }
    }
    steps = []
  }

}

/// The list of files ebtokens generated in an output folder.
enum Manifest {
  static let header = """
    # generated by ebtokens — do not edit
    # The files ebtokens generated in this folder: it removes them when it no longer
    # generates them, and never touches any other file here.

    """

  static func contents(listing paths: Set<String>) -> String {
    header + paths.sorted().map { $0 + "\n" }.joined()
  }

  /// The paths a manifest lists; none when there is no manifest.
  ///
  /// - Throws: ``OutputError/damagedManifest(path:line:problem:)`` for an entry that
  ///   is not a plain relative path inside the folder, so a tampered manifest
  ///   cannot make a build remove a file elsewhere.
  static func read(_ path: String) throws -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    let shown = DisplayPath.forFile(path)
    guard let text = String(data: data, encoding: .utf8) else {
      throw OutputError.damagedManifest(path: shown, line: 1, problem: "it is not UTF-8 text")
    }
    var entries: [String] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty || line.hasPrefix("#") { continue }
      if let problem = problem(with: line) {
        throw OutputError.damagedManifest(path: shown, line: index + 1, problem: problem)
      }
      entries.append(String(line))
    }
    return entries
  }

  private static func problem(with entry: Substring) -> String? {
    if entry.hasPrefix("/") { return "'\(entry)' is an absolute path" }
    let components = entry.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
      return "'\(entry)' is not a plain relative path"
    }
    if entry.unicodeScalars.contains(where: SourceText.isControl) {
      return "an entry contains a control character"
    }
    if entry == OutputWriter.manifestName { return "the manifest lists itself" }
    return nil
  }
}
