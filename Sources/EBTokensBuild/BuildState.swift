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
///
/// The state also records, per output (and the audit report), the digest of what it was rendered
/// from and the files it generated (``OutputRecord``): a build whose fingerprint differs still
/// leaves an output alone, without rendering it, when that digest is unchanged and its files are
/// the very files the state lists (see ``OutputInputs``).
struct BuildState: Equatable {
  static let fileName = ".ebtokens-state"
  private static let header = "ebtokens-build-state 4"
  /// What the last line starts with: the digest of every byte before it, so that a state written
  /// in place and cut short by a crash (or holding the end of a longer last one) reads as none.
  private static let checkPrefix = "check "

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

  /// One output rendered into the folder: the digest of its inputs and the files it generated
  /// (whose stamps are among ``stamps``).
  struct OutputRecord: Equatable {
    /// ``OutputInputs/key(ofOutputAt:)`` or ``OutputInputs/auditKey``: no spaces.
    let key: String
    let digest: UInt64
    /// Relative to the output folder.
    var files: [String]
  }

  let fingerprint: String
  let contrast: Contrast?
  let stamps: [Stamp]
  var outputs: [OutputRecord] = []

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

  /// The files of the output `key` when it was rendered from inputs of `digest` and every one of
  /// its files below `folder` is the file the build left; `nil` otherwise.
  func unchangedFiles(ofOutput key: String, digest: UInt64, in folder: OutputFolder) -> [String]? {
    guard let record = outputs.first(where: { $0.key == key }), record.digest == digest else { return nil }
    let recorded = Dictionary(stamps.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    for path in record.files {
      guard let stamp = recorded[path], Self.stamp(path, in: folder) == stamp else { return nil }
    }
    return record.files
  }

  var text: String {
    var lines = [Self.header, "fingerprint \(fingerprint)"]
    if let contrast { lines.append("contrast \(contrast.passes ? "pass" : "fail") \(contrast.summary)") }
    for stamp in stamps {
      lines.append(
        "file \(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.path)")
    }
    for output in outputs {
      lines.append("output \(output.key) \(String(output.digest, radix: 16))")
      lines += output.files.map { "owns \($0)" }
    }
    let body = lines.joined(separator: "\n") + "\n"
    return body + Self.checkPrefix + ContentHash.hex(ContentHash.xxh64(body.utf8)) + "\n"
  }

  /// The bytes of `data` before its check line, when that line ends it and holds their digest;
  /// `nil` otherwise.
  private static func checkedBody(_ data: [UInt8]) -> ArraySlice<UInt8>? {
    let newline = UInt8(ascii: "\n")
    let checkLength = checkPrefix.utf8.count + 16 + 1
    guard data.count >= checkLength, data.last == newline else { return nil }
    let bodyEnd = data.count - checkLength
    guard bodyEnd == 0 || data[bodyEnd - 1] == newline,
      data[bodyEnd..<(bodyEnd + checkPrefix.utf8.count)].elementsEqual(checkPrefix.utf8),
      let recorded = UInt64(
        String(decoding: data[(bodyEnd + checkPrefix.utf8.count)..<(data.count - 1)], as: UTF8.self),
        radix: 16),
      recorded == ContentHash.xxh64(data[..<bodyEnd])
    else { return nil }
    return data[..<bodyEnd]
  }

  /// Reads the state file in `folder`; `nil` for a missing or unreadable one (the build then
  /// simply runs in full, so a damaged state can never skip needed work).
  static func read(in folder: OutputFolder) -> BuildState? {
    guard case .success(let root) = folder.folder("", create: false), let data = root.read(fileName),
      let body = checkedBody(data), String(validating: body, as: UTF8.self) != nil
    else { return nil }
    // Parsed on the bytes, each line and field an `ArraySlice` of them: a state lists every
    // generated file, and splitting the text's UTF-8 view took 13 M instructions of a no-change
    // build of 100,000 tokens (splitting by grapheme, before that, 7 ms of a one-token rebuild).
    func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
    func integer<Number: FixedWidthInteger>(_ bytes: ArraySlice<UInt8>, radix: Int = 10) -> Number? {
      Number(text(bytes), radix: radix)
    }
    let newline = UInt8(ascii: "\n")
    let space = UInt8(ascii: " ")
    let lines = body.split(separator: newline, omittingEmptySubsequences: false).dropLast()
    let fingerprintPrefix = "fingerprint ".utf8
    guard lines.count >= 2, lines[lines.startIndex].elementsEqual(header.utf8) else { return nil }
    let fingerprintLine = lines[lines.startIndex + 1]
    guard fingerprintLine.starts(with: fingerprintPrefix) else { return nil }
    let fingerprint = text(fingerprintLine.dropFirst(fingerprintPrefix.count))
    var contrast: Contrast?
    var stamps: [Stamp] = []
    var outputs: [OutputRecord] = []
    for line in lines.dropFirst(2) {
      let fields = line.split(separator: space, maxSplits: 6, omittingEmptySubsequences: false)
      let keyword = fields[0]
      if keyword.elementsEqual("file".utf8), fields.count == 7 {
        guard let device: UInt64 = integer(fields[1]), let inode: UInt64 = integer(fields[2]),
          let size: Int = integer(fields[3]), let modified: Int = integer(fields[4]),
          let changed: Int = integer(fields[5])
        else { return nil }
        stamps.append(
          Stamp(
            path: text(fields[6]), device: device, inode: inode, size: size, modified: modified,
            changed: changed))
      } else if keyword.elementsEqual("owns".utf8), !outputs.isEmpty {
        outputs[outputs.count - 1].files.append(text(line.dropFirst("owns ".utf8.count)))
      } else if keyword.elementsEqual("output".utf8), fields.count == 3 {
        guard let digest: UInt64 = integer(fields[2], radix: 16) else { return nil }
        outputs.append(OutputRecord(key: text(fields[1]), digest: digest, files: []))
      } else if keyword.elementsEqual("contrast".utf8), fields.count >= 3 {
        contrast = Contrast(
          passes: fields[1].elementsEqual("pass".utf8), summary: text(line[fields[2].startIndex...]))
      } else {
        return nil
      }
    }
    return BuildState(fingerprint: fingerprint, contrast: contrast, stamps: stamps, outputs: outputs)
  }

  /// Writes this state into `folder`, never through a link. A state that cannot be written only
  /// costs the next build its shortcut, so failures are ignored.
  ///
  /// The last state is written over in place when it is a regular file this folder's name alone
  /// holds: no file is made, renamed or freed. On this project's file system each file made took
  /// 0.3 to 0.9 ms of a one-token change, which writes four states (the system skips, one by one,
  /// the entries of the files deleted in the last minutes before it finds one to reuse). A write
  /// cut short leaves a state whose check line does not match, which reads as none. Any other
  /// state (none yet, a link, a file with a second name) is replaced the way outputs are staged: a
  /// temporary `.ebtokens-<UUID>.tmp` renamed to the state file's name, which replaces a link
  /// itself and leaves a second name's file as it was.
  func write(in folder: OutputFolder) {
    guard case .success(let root) = folder.folder("", create: false) else { return }
    let bytes = Array(text.utf8)
    if root.overwrite(Self.fileName, with: bytes) { return }
    let temporary = StagingArea.temporaryName(suffix: ".tmp")
    guard case .success(let descriptor) = root.createFile(temporary, bytes: bytes) else { return }
    close(descriptor)
    if root.rename(temporary, to: Self.fileName) != nil { root.unlink(temporary) }
  }
}

/// The fingerprint of everything a build's outputs depend on: the ebtokens version, the limits,
/// the config's bytes as parsed, the list of token files in order (so a file added to the token
/// folder changes it), the templates each output uses (the built-in texts, or a folder and its
/// files), and the digest of every input file.
///
/// A build records the fingerprint of the bytes it parsed (``parsed(_:inputs:limits:digests:)``,
/// from the digests each reader took), never of a second reading: a file edited while the build
/// runs, even back and forth, then leaves a fingerprint that the files on disk do not match, and
/// the next build runs in full. The no-change check (``current(_:inputs:limits:)``) reads and
/// hashes the same files again without parsing them.
enum BuildFingerprint {
  /// The fingerprint of the inputs as they are on disk now; `nil` when one cannot be read (the
  /// full build then runs and reports why).
  static func current(_ configuration: Configuration, inputs: ModalTokenLoader.Inputs, limits: Limits)
    -> String?
  {
    let renderer = OutputRenderer(configuration: configuration)
    var paths = inputs.allFiles.map(\.path)
    for output in configuration.outputs {
      guard let folder = renderer.templateFolder(for: output) else { continue }
      guard let files = TemplateSet.templateFiles(in: folder) else { return nil }
      paths += files
    }
    var digests: [String: UInt64] = [:]
    let limit = max(limits.maxFileBytes, TemplateSet.maxTemplateBytes)
    for path in paths where digests[path] == nil {
      guard case .bytes(let bytes) = FileContents.read(path, limit: limit, followingLinks: true) else {
        return nil
      }
      digests[path] = ContentHash.xxh64(bytes)
    }
    return fingerprint(configuration, inputs: inputs, limits: limits, digests: digests)
  }

  /// The fingerprint of the bytes a build parsed, as its readers recorded them in `digests`; `nil`
  /// when a file read twice gave two contents.
  static func parsed(
    _ configuration: Configuration, inputs: ModalTokenLoader.Inputs, limits: Limits, digests: InputDigests
  ) -> String? {
    digests.recorded.map { fingerprint(configuration, inputs: inputs, limits: limits, digests: $0) }
  }

  private static func fingerprint(
    _ configuration: Configuration, inputs: ModalTokenLoader.Inputs, limits: Limits, digests: [String: UInt64]
  ) -> String {
    var builder = FingerprintBuilder()
    builder.add("version", Array(EBTokensVersion.current.utf8))
    builder.add(
      "limits",
      Array("\(limits.maxFileBytes) \(limits.maxDepth) \(limits.maxTokens) \(limits.maxReferenceChain)".utf8))
    if let digest = configuration.contentDigest {
      builder.add("config", bytes(of: digest))
    } else {
      builder.add("config", Array("built-in defaults".utf8))
    }
    builder.add("token files", Array(inputs.allFiles.map(\.path).joined(separator: "\n").utf8))
    let renderer = OutputRenderer(configuration: configuration)
    for output in configuration.outputs {
      if let folder = renderer.templateFolder(for: output) {
        builder.add("templates \(output.kind.rawValue)", Array(folder.utf8))
      } else {
        for (name, text) in OutputRenderer.builtInTemplates(output.kind) {
          builder.add("built-in template \(name)", Array(text.utf8))
        }
      }
    }
    for path in digests.keys.sorted() {
      builder.add("file \(path)", bytes(of: digests[path] ?? 0))
    }
    return builder.fingerprint
  }

  private static func bytes(of digest: UInt64) -> [UInt8] {
    withUnsafeBytes(of: digest.littleEndian) { Array($0) }
  }
}
