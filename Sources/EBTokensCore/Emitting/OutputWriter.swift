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
    case write(path: String, data: Data)
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
        let data = Data(file.contents.utf8)
        guard let current = FileManager.default.contents(atPath: path) else {
          writes.append(.write(path: path, data: data))
          changes.append(FileChange(kind: .created, path: DisplayPath.forFile(path)))
          continue
        }
        if current == data {
          unchanged += 1
        } else if previous.contains(file.path) {
          writes.append(.write(path: path, data: data))
          changes.append(FileChange(kind: .updated, path: DisplayPath.forFile(path)))
        } else {
          errors.append(
            .wouldOverwrite(path: DisplayPath.forFile(path), manifest: DisplayPath.forFile(manifestPath)))
        }
      }
      for stale in previous.sorted() where !generated.contains(stale) {
        let path = (directory as NSString).appendingPathComponent(stale)
        guard Self.fileType(path) == .typeRegular else { continue }
        removals.append(.remove(path: path, directory: directory))
        changes.append(FileChange(kind: .removed, path: DisplayPath.forFile(path)))
      }
      let manifest = Data(Manifest.contents(listing: generated).utf8)
      if FileManager.default.contents(atPath: manifestPath) == manifest {
        unchanged += 1
      } else {
        let kind: FileChange.Kind = Self.fileType(manifestPath) == nil ? .created : .updated
        manifestWrites.append(.write(path: manifestPath, data: manifest))
        changes.append(FileChange(kind: kind, path: DisplayPath.forFile(manifestPath)))
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return WritePlan(
      changes: changes.sorted { $0.path < $1.path }, unchangedFileCount: unchanged,
      operations: writes + removals + manifestWrites)
  }

  /// Carries out `plan`: writes, then removals, manifests last, so that a manifest
  /// stops listing a file only once the file is gone.
  public func apply(_ plan: WritePlan) throws {
    for operation in plan.operations {
      switch operation {
      case .write(let path, let data): try Self.writeAtomically(data, to: path)
      case .remove(let path, let directory): try Self.remove(path, pruningUpTo: directory)
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

  /// The type of what is at `path`, not following a link; `nil` when nothing is.
  private static func fileType(_ path: String) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
  }

  private static func writeAtomically(_ data: Data, to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    let temporary = (directory as NSString).appendingPathComponent(
      ".\((path as NSString).lastPathComponent).\(UUID().uuidString).ebtokens-tmp")
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try data.write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw DiagnosticsError([
        OutputError.writeFailed(path: DisplayPath.forFile(path), reason: "\(error.localizedDescription)")
      ])
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw DiagnosticsError([OutputError.writeFailed(path: DisplayPath.forFile(path), reason: reason)])
    }
  }

  /// Removes `path`, then each folder above it that this left empty, up to `directory`.
  private static func remove(_ path: String, pruningUpTo directory: String) throws {
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      throw DiagnosticsError([
        OutputError.writeFailed(path: DisplayPath.forFile(path), reason: error.localizedDescription)
      ])
    }
    var folder = (path as NSString).deletingLastPathComponent
    while folder.count > directory.count, folder.hasPrefix(directory + "/"),
      (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true
    {
      try? FileManager.default.removeItem(atPath: folder)
      folder = (folder as NSString).deletingLastPathComponent
    }
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
