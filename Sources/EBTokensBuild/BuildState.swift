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
/// and every generated file, manifests included, still has the size and
/// modification time the build left it with. Any difference, including a
/// hand-edited or deleted output, runs the full build.
struct BuildState: Equatable {
  static let fileName = ".ebtokens-state"
  private static let header = "ebtokens-build-state 1"

  /// A generated file as the build left it.
  struct Stamp: Equatable {
    /// Relative to the output folder.
    let path: String
    let size: Int
    /// Seconds since the reference date, as the file system reports them.
    let modified: Double
  }

  /// The contrast audit's verdict, so a skipped build reports and fails as the full one did.
  struct Contrast: Equatable {
    let passes: Bool
    let summary: String
  }

  let fingerprint: String
  let contrast: Contrast?
  let stamps: [Stamp]

  /// The stamp of `relativePath` below `directory` as it is now; `nil` when missing.
  static func stamp(_ relativePath: String, in directory: String) -> Stamp? {
    let path = (directory as NSString).appendingPathComponent(relativePath)
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let size = (attributes[.size] as? NSNumber)?.intValue,
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    return Stamp(path: relativePath, size: size, modified: modified.timeIntervalSinceReferenceDate)
  }

  /// Whether every file this state lists below `directory` is as the build left it.
  func stampsMatch(in directory: String) -> Bool {
    stamps.allSatisfy { Self.stamp($0.path, in: directory) == $0 }
  }

  var text: String {
    var lines = [Self.header, "fingerprint \(fingerprint)"]
    if let contrast { lines.append("contrast \(contrast.passes ? "pass" : "fail") \(contrast.summary)") }
    for stamp in stamps { lines.append("file \(stamp.size) \(stamp.modified) \(stamp.path)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads a state file; `nil` for a missing or unreadable one (the build then
  /// simply runs in full, so a damaged state can never skip needed work).
  static func read(in directory: String) -> BuildState? {
    let path = (directory as NSString).appendingPathComponent(fileName)
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    guard lines.first == Substring(header) else { return nil }
    lines = lines.dropFirst()
    guard let fingerprintLine = lines.first, fingerprintLine.hasPrefix("fingerprint ") else { return nil }
    let fingerprint = String(fingerprintLine.dropFirst("fingerprint ".count))
    var contrast: Contrast?
    var stamps: [Stamp] = []
    for line in lines.dropFirst() {
      let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
      switch fields.first {
      case "contrast" where fields.count >= 3:
        contrast = Contrast(passes: fields[1] == "pass", summary: fields.dropFirst(2).joined(separator: " "))
      case "file" where fields.count == 4:
        guard let size = Int(fields[1]), let modified = Double(fields[2]) else { return nil }
        stamps.append(Stamp(path: String(fields[3]), size: size, modified: modified))
      default:
        return nil
      }
    }
    return BuildState(fingerprint: fingerprint, contrast: contrast, stamps: stamps)
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
