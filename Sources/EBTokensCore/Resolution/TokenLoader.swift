import Foundation

/// The whole front end: find the token files, read them, parse and resolve.
public struct TokenLoader: Sendable {
  public var limits: Limits

  public init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// Loads every `*.yaml` and `*.yml` file below `directory`.
  ///
  /// - Throws: ``DiagnosticsError`` with every error of every file, sorted by
  ///   file and line, when any file is invalid.
  public func load(directory: String) throws -> TokenSet {
    try load(files: try TokenFiles.find(in: directory))
  }

  /// Loads the given files, in the given order (callers sort them).
  public func load(files: [TokenFiles.File]) throws -> TokenSet {
    let reader = YAMLReader(limits: limits)
    var errors: [any DiagnosticConvertible] = []
    var parser = TokenFileParser(limits: limits)
    for file in files {
      let result = reader.read(path: file.path, displayPath: file.displayPath)
      errors += result.errors
      if let document = result.document { parser.add(document) }
      // Past the token limit, the rest of the files and the resolver are not worth the time.
      if parser.exceededTokenLimit { throw DiagnosticsError(errors + parser.errors) }
    }
    errors += parser.errors
    let (tokens, resolutionErrors) = Resolver.resolve(parser.source, limits: limits)
    errors += resolutionErrors
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return tokens
  }
}

/// Finding token files and naming them as the user will see them.
public enum TokenFiles {
  public struct File: Hashable, Sendable {
    /// Where to read it.
    public let path: String
    /// How diagnostics name it: relative to the working directory when below it.
    public let displayPath: String

    public init(path: String, displayPath: String? = nil) {
      self.path = path
      self.displayPath = displayPath ?? DisplayPath.forFile(path)
    }
  }

  public static let extensions: Set<String> = ["yaml", "yml"]

  /// Every token file below `directory`, hidden files and folders skipped,
  /// sorted by path so the result never depends on the file system's order.
  public static func find(in directory: String) throws -> [File] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(
          "token folder '\(directory)' does not exist (set it with --tokens or in the config)", at: nil)
      ])
    }
    let root = URL(fileURLWithPath: directory)
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var files: [File] = []
    for case let url as URL in enumerator where extensions.contains(url.pathExtension.lowercased()) {
      let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count))
        .drop { $0 == "/" }
      let joined = (directory as NSString).appendingPathComponent(String(relative))
      files.append(File(path: joined))
    }
    if files.isEmpty { throw DiagnosticsError([TokenFileError.noTokenFiles(directory: directory)]) }
    return files.sorted { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) }
  }
}

public enum DisplayPath {
  /// `path` relative to the working directory when it lies below it, otherwise as given.
  public static func forFile(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    let absolute = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
    // Lexically, not with `standardizingPath`, which resolves symbolic links: a link must be
    // named as the user sees it in the folder.
    var components: [Substring] = []
    for component in absolute.split(separator: "/") where component != "." {
      if component == ".." { _ = components.popLast() } else { components.append(component) }
    }
    let standardized = "/" + components.joined(separator: "/")
    let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
    if standardized.hasPrefix(prefix) { return String(standardized.dropFirst(prefix.count)) }
    return path
  }
}
