import EBTokensConfig
import EBTokensEmitting
import EBTokensResolution
import EBTokensSupport
import Foundation

/// What the last successful build generated, kept as `.ebtokens-state` beside each
/// output folder's manifest, so that rebuilding an unchanged project takes
/// milliseconds instead of a full build.
///
/// A build is skipped only when it is provably a no-op: the fingerprint of every
/// input (the ebtokens version, the config file, every token file's path and
/// contents, every template the outputs use, the limits) equals the recorded one,
/// and every generated file, manifests included, is still the very file the build left:
/// the same device, inode, size, modification and status-change time (the last is set by the
/// system on every change and no user can set it back). Any difference, including a
/// hand-edited or deleted output, or a state file copied from elsewhere or edited by hand, runs
/// the full build: a state can cost work, never skip needed work. `build --check` never
/// trusts a state: it renders and compares contents.
struct BuildState: Equatable {
  static let fileName = ".ebtokens-state"
  private static let header = "ebtokens-build-state 2"

  /// A generated file as the build left it.
  struct Stamp: Equatable {
    /// Relative to the output folder.
    let path: String
    let device: UInt64
    let inode: UInt64
    let size: Int
    /// Nanoseconds since 1970.
    let modified: Int
    /// Nanoseconds since 1970.
    let changed: Int
  }

  /// The contrast audit's verdict, so a skipped build reports and fails as the full one did.
  struct Contrast: Equatable {
    let passes: Bool
    let summary: String
  }

  let fingerprint: String
  let contrast: Contrast?
  let stamps: [Stamp]

  /// The stamp of `relativePath` below `folder` as it is now, never through a link; `nil` when
  /// it is missing or not a regular file.
  static func stamp(_ relativePath: String, in folder: OutputFolder) -> Stamp? {
    guard case .success(let (parent, name)) = folder.parent(of: relativePath, create: false),
      let status = parent.status(name), status.st_mode & S_IFMT == S_IFREG
    else { return nil }
    return Stamp(
      path: relativePath, device: UInt64(status.st_dev), inode: UInt64(status.st_ino),
      size: Int(status.st_size),
      modified: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec),
      changed: Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec))
  }

  /// Whether every file this state lists below `folder` is the file the build left.
  func stampsMatch(in folder: OutputFolder) -> Bool {
    stamps.allSatisfy { Self.stamp($0.path, in: folder) == $0 }
  }

  var text: String {
    var lines = [Self.header, "fingerprint \(fingerprint)"]
    if let contrast { lines.append("contrast \(contrast.passes ? "pass" : "fail") \(contrast.summary)") }
    for stamp in stamps {
      lines.append(
        "file \(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.path)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads the state file in `folder`; `nil` for a missing or unreadable one (the build then
  /// simply runs in full, so a damaged state can never skip needed work).
  static func read(in folder: OutputFolder) -> BuildState? {
    guard case .success(let root) = folder.folder("", create: false), let data = root.read(fileName),
      let text = String(validating: data, as: UTF8.self)
    else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    guard lines.first == Substring(header) else { return nil }
    lines = lines.dropFirst()
    guard let fingerprintLine = lines.first, fingerprintLine.hasPrefix("fingerprint ") else { return nil }
    let fingerprint = String(fingerprintLine.dropFirst("fingerprint ".count))
    var contrast: Contrast?
    var stamps: [Stamp] = []
    for line in lines.dropFirst() {
      let fields = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
      switch fields.first {
      case "contrast" where fields.count >= 3:
        contrast = Contrast(passes: fields[1] == "pass", summary: fields.dropFirst(2).joined(separator: " "))
      case "file" where fields.count == 7:
        guard let device = UInt64(fields[1]), let inode = UInt64(fields[2]), let size = Int(fields[3]),
          let modified = Int(fields[4]), let changed = Int(fields[5])
        else { return nil }
        stamps.append(
          Stamp(
            path: String(fields[6]), device: device, inode: inode, size: size, modified: modified,
            changed: changed))
      default:
        return nil
      }
    }
    return BuildState(fingerprint: fingerprint, contrast: contrast, stamps: stamps)
  }

  /// Writes this state into `folder` the way outputs are staged: a temporary
  /// `.ebtokens-<UUID>.tmp` renamed over the state file, never through a link. A state that
  /// cannot be written only costs the next build its shortcut, so failures are ignored.
  func write(in folder: OutputFolder) {
    guard case .success(let root) = folder.folder("", create: false) else { return }
    let temporary = StagingArea.temporaryName(suffix: ".tmp")
    guard case .success(let descriptor) = root.createFile(temporary, bytes: Array(text.utf8)) else { return }
    close(descriptor)
    if root.rename(temporary, to: Self.fileName) != nil { root.unlink(temporary) }
  }
}

/// The fingerprint of everything a build's outputs depend on.
enum BuildFingerprint {
  /// `nil` when some input cannot be read: the full build then runs and reports why.
  static func compute(_ configuration: Configuration, tokenFiles: [TokenFiles.File], limits: Limits)
    -> String?
  {
    var builder = FingerprintBuilder()
    builder.add("version", Array(EBTokensVersion.current.utf8))
    builder.add(
      "limits",
      Array("\(limits.maxFileBytes) \(limits.maxDepth) \(limits.maxTokens) \(limits.maxReferenceChain)".utf8))
    if let path = configuration.path {
      guard let data = FileManager.default.contents(atPath: path) else { return nil }
      builder.add("config", data)
    } else {
      builder.add("config", Array("built-in defaults".utf8))
    }
    for file in tokenFiles {
      guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
      builder.add("token file \(file.path)", data)
    }
    let renderer = OutputRenderer(configuration: configuration)
    for output in configuration.outputs {
      guard let sources = renderer.templateSources(for: output) else { return nil }
      for (name, text) in sources {
        builder.add("template \(output.kind.rawValue) \(name)", Array(text.utf8))
      }
    }
    return builder.fingerprint
  }
}
