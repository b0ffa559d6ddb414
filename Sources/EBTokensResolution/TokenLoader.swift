import EBTokensModel
import EBTokensParsing
import EBTokensSupport
import EBTokensSyntax
import Foundation

/// The whole front end: find the token files, read them, parse and resolve.
public struct TokenLoader: Sendable {
  public var limits: Limits
  /// File endings read as DTCG JSON besides `.tokens.json` and `.tokens` (`json-extensions`).
  public var jsonExtensions: [String]
  /// Whether a warning fails the load as an error (`--strict`, `strict: true`).
  public var strict: Bool
  /// Where each file read records the digest of the bytes parsed, for a build's fingerprint.
  package var inputDigests: InputDigests?
  /// What earlier loads read, kept by a build session: a file it holds is not read again.
  package var memberCache: FileMemberCache?

  public init(limits: Limits = .standard, jsonExtensions: [String] = [], strict: Bool = false) {
    self.limits = limits
    self.jsonExtensions = jsonExtensions
    self.strict = strict
  }

  /// Loads every token file below `directory`: `*.yaml` and `*.yml`, and DTCG JSON
  /// (`*.tokens.json`, `*.tokens`, and any of `jsonExtensions`).
  ///
  /// - Returns: The tokens and the warnings found in them.
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every error (and warning) of every file, sorted by
  ///   file and line, when any file is invalid.
  public func load(directory: String) throws -> Warned<TokenSet> {
    try load(files: try TokenFiles.find(in: directory, jsonExtensions: jsonExtensions))
  }

  /// Loads the given files, in the given order (callers sort them).
  public func load(files: [TokenFiles.File]) throws -> Warned<TokenSet> {
    try load(files.map(TokenInput.file))
  }

  /// Loads `inputs`, files or trees already read (such as files read from git), in the given order.
  /// With a ``memberCache``, the last load is patched when only token definitions changed (see
  /// ``IncrementalLoad``).
  package func load(_ inputs: [TokenInput]) throws -> Warned<TokenSet> {
    if let cache = memberCache {
      let (limits, digests) = (self.limits, inputDigests)
      let patched = IncrementalLoad.patch(inputs, cache: cache, limits: limits) {
        Self.read($0, limits: limits, digests: digests, cache: cache)
      }
      if let patched { return Warned(patched, warnings: []) }
    }
    let (source, parseErrors) = try parse(inputs)
    var findings = parseErrors
    let kept = memberCache == nil ? nil : source
    // Without a cache, nothing but the source holds the definitions just read.
    let (tokens, resolutionFindings) = Resolver.resolve(
      consume source, limits: limits, handingOverDefinitions: memberCache == nil)
    findings += resolutionFindings
    if let memberCache, let kept {
      _ = memberCache.takeReplaced()
      memberCache.keepLastLoad(IncrementalLoad.last(inputs, source: kept, tokens: tokens, findings: findings))
    }
    return Warned(tokens, warnings: try DiagnosticsError.check(findings, strict: strict))
  }

  /// Reads and parses `files`, YAML and DTCG JSON alike, and applies DTCG's group
  /// structure (`$extends`, `$root`): every definition, with every error and warning found.
  ///
  /// Files are read and walked side by side, a batch at a time, and merged in the order given,
  /// each as soon as it and the files before it are read, while the next ones are still being
  /// read: so the result and its errors are those of reading the files one after the other.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` only past the token limit, where reading the
  ///   rest of the files is not worth the time.
  public func parse(files: [TokenFiles.File]) throws -> (TokenSource, [any DiagnosticConvertible]) {
    try parse(files.map(TokenInput.file))
  }

  /// Reads and parses `inputs` as ``parse(files:)`` does files; a tree is taken as read. Without
  /// `applyingStructure`, `$extends`, `$root` and `$ref` are left for the caller to apply once the
  /// source is merged with others (see ``DTCGStructure``).
  package func parse(_ inputs: [TokenInput], applyingStructure: Bool = true) throws -> (
    TokenSource, [any DiagnosticConvertible]
  ) {
    var errors: [any DiagnosticConvertible] = []
    var parser = TokenFileParser(limits: limits)
    let limits = self.limits
    let digests = inputDigests
    let cache = memberCache
    for (batch, bytes) in Self.batches(of: inputs) {
      var isRoomMade = false
      try runSideBySide(
        batch.map { input in
          { @Sendable in Self.read(input, limits: limits, digests: digests, cache: cache) }
        }
      ) {
        (readErrors, members) in
        // Room for the batch's tokens is made once its files are being read: made before, it held
        // up the reading threads' start (1 ms at 100,000 tokens, the tables' pages cleared).
        if !isRoomMade {
          parser.reserveCapacity(forMoreTokens: bytes / Self.bytesPerToken)
          isRoomMade = true
        }
        errors += readErrors
        if let members { parser.add(members) }
        if parser.exceededTokenLimit { throw DiagnosticsError(errors + parser.errors) }
      }
    }
    errors += parser.errors
    errors += parser.dtcgErrors
    var source = parser.source
    if applyingStructure { errors += DTCGStructure.apply(to: &source, limits: limits) }
    return (source, errors)
  }

  /// Reads one input and finds its members, recording into `digests` the digest of a file's bytes;
  /// a file's tree is dropped on return. A file `cache` holds is taken from it instead, and a file
  /// read is stored in it.
  private static func read(
    _ input: TokenInput, limits: Limits, digests: InputDigests?, cache: FileMemberCache?
  ) -> ([any DiagnosticConvertible], FileMembers?) {
    switch input {
    case .tree(let document, let format, _):
      return ([], FileMembers(document, format: format))
    case .file(let file):
      if let cached = cache?.entry(for: file.path) {
        digests?.record(file.path, cached.digest)
        return (cached.errors, cached.members)
      }
      let (errors, members, digest): ([any DiagnosticConvertible], FileMembers?, UInt64?)
      switch file.format {
      case .yaml:
        let result = YAMLReader(limits: limits).read(path: file.path, displayPath: file.displayPath)
        (errors, members, digest) = (
          result.errors, result.document.map { FileMembers($0, format: .yaml) }, result.contentDigest
        )
      case .json:
        let result = JSONReader(limits: limits).read(path: file.path, displayPath: file.displayPath)
        (errors, members, digest) = (
          result.errors, result.document.map { FileMembers($0, format: .json) }, result.contentDigest
        )
      }
      digests?.record(file.path, digest)
      cache?.store(file.path, digest: digest, errors: errors, members: members, limit: limits.maxFileBytes)
      return (errors, members)
    }
  }

  /// How many bytes of token files are read side by side at most (unless one file is larger):
  /// past the token limit, the files after the batch are not read, so a folder of many large
  /// files costs no more memory than a few of them.
  static let batchBytes = 8 << 20

  /// About the fewest bytes a token takes in the files (a name, a value and a line of YAML in a
  /// nested group), to make room for a batch's tokens before they are counted: a token table that
  /// grows as tokens come is copied about 17 times on the way to 100,000 tokens. When the files
  /// hold more tokens than that, the tables grow from there; when fewer, the room left unused is
  /// less than the files' size.
  static let bytesPerToken = 48

  /// `inputs` in order, cut into runs of at most ``batchBytes`` (by their size on disk; a file
  /// that cannot be examined, and a tree already read, count as empty), with their size.
  private static func batches(of files: [TokenInput]) -> [(ArraySlice<TokenInput>, bytes: Int)] {
    var batches: [(ArraySlice<TokenInput>, bytes: Int)] = []
    var start = 0
    var bytes = 0
    for (index, input) in files.enumerated() {
      var status = stat()
      guard case .file(let file) = input else { continue }
      let size = stat(file.path, &status) == 0 ? Int(status.st_size) : 0
      if index > start && bytes + size > batchBytes {
        batches.append((files[start..<index], bytes))
        start = index
        bytes = 0
      }
      bytes += size
    }
    if start < files.count { batches.append((files[start...], bytes)) }
    return batches
  }
}

/// Where tokens are read from: a token file, or a tree already read (tokens written inline in a
/// resolver document, or the part of a file that a JSON pointer names), whose nodes carry the
/// locations of the file they were read from.
public enum TokenInput: Sendable {
  case file(TokenFiles.File)
  /// `origin` is the file the tree was read from, which a build's fingerprint covers.
  case tree(SyntaxDocument, format: TokenFileFormat, origin: TokenFiles.File)

  /// The file the tokens come from.
  public var file: TokenFiles.File {
    switch self {
    case .file(let file): return file
    case .tree(_, _, let origin): return origin
    }
  }
}

/// Finding token files and naming them as the user will see them.
public enum TokenFiles {
  public struct File: Hashable, Sendable {
    /// Where to read it.
    public let path: String
    /// How diagnostics name it: relative to the working directory when below it.
    public let displayPath: String
    public let format: TokenFileFormat

    /// `format` defaults to the one the file's name says (DTCG JSON for `.tokens.json` and
    /// `.tokens`, YAML otherwise).
    public init(path: String, displayPath: String? = nil, format: TokenFileFormat? = nil) {
      self.path = path
      self.displayPath = displayPath ?? DisplayPath.forFile(path)
      self.format = format ?? TokenFileFormat.of(fileNamed: (path as NSString).lastPathComponent) ?? .yaml
    }
  }

  /// Every token file below `directory`, hidden files and folders skipped,
  /// sorted by path so the result never depends on the file system's order.
  /// `jsonExtensions` are file endings read as DTCG JSON besides `.tokens.json` and `.tokens`.
  public static func find(in directory: String, jsonExtensions: [String] = []) throws -> [File] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(
          "token folder '\(directory)' does not exist (set it with --tokens or in the config)", at: nil)
      ])
    }
    let workingDirectory = FileManager.default.currentDirectoryPath
    var files: [File] = []
    forEachEntry(below: directory) { relative, name in
      guard let format = TokenFileFormat.of(fileNamed: name, extraJSONExtensions: jsonExtensions) else {
        return
      }
      let path = (directory as NSString).appendingPathComponent(relative)
      files.append(
        File(
          path: path, displayPath: DisplayPath.forFile(path, workingDirectory: workingDirectory),
          format: format))
    }
    if files.isEmpty { throw DiagnosticsError([TokenFileError.noTokenFiles(directory: directory)]) }
    // By the bytes of each name, taken once: comparing strings' UTF-8 views took 2 ms for 702 files.
    let names = files.map { Array($0.displayPath.utf8) }
    return names.indices.sorted { names[$0].lexicographicallyPrecedes(names[$1]) }.map { files[$0] }
  }

  /// Calls `visit` with the path relative to `directory` and the name of every entry below it
  /// whose name does not start with `.`, whatever its kind, descending into folders but never
  /// through a link: what `FileManager`'s enumerator with `.skipsHiddenFiles` lists, without
  /// making a URL of each entry (it took 12 ms for the 702 files of the 100,000-token bench tree).
  /// `directory` itself may be a link to a folder. A folder that cannot be read is skipped.
  private static func forEachEntry(
    below directory: String, visit: (_ relative: String, _ name: String) -> Void
  ) {
    let root = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if root >= 0 { forEachEntry(inFolder: root, at: "", visit: visit) }
  }

  /// ``forEachEntry(below:visit:)`` for the open folder `descriptor` (closed here), at `relative`.
  /// Its entries are listed before any subfolder is opened, so that one descriptor per level is
  /// open at once however wide a folder is.
  private static func forEachEntry(
    inFolder descriptor: Int32, at relative: String, visit: (_ relative: String, _ name: String) -> Void
  ) {
    defer { close(descriptor) }
    let entries = folderEntries(of: descriptor).filter { !$0.name.hasPrefix(".") }
    for entry in entries {
      let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
      visit(path, entry.name)
      guard entry.mayBeFolder else { continue }
      // `O_NOFOLLOW` and `O_DIRECTORY`: a link, or anything but a folder, is not descended into.
      let subfolder = openat(descriptor, entry.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if subfolder >= 0 { forEachEntry(inFolder: subfolder, at: path, visit: visit) }
    }
  }
}
