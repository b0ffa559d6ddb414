import EBTokensConfig
import EBTokensEmitting
import EBTokensParsing
import EBTokensSupport
import Foundation

/// What `--watch` watches for a configuration: everything a build reads, and nothing it writes.
///
/// - files: the config file, each mode layer that is a file, a resolver document and every file
///   its sources name;
/// - token trees: the token folder and each mode layer that is a folder, with every folder below
///   them, except hidden ones and the output folders (as ``TokenFiles/find(in:jsonExtensions:)``
///   reads them);
/// - template folders: each output's user templates.
///
/// Each of those is also watched through the folder holding it, so that it is seen when it is
/// replaced by a rename, created, or removed. Every path is absolute and lexically standardized, so
/// an event's folder and name compare equal to what the plan names.
struct WatchPlan: Equatable {
  /// The config file, loaded or not.
  var configurationFile: String
  var files: Set<String> = []
  var tokenTrees: Set<String> = []
  var templateFolders: Set<String> = []
  /// Where the build writes: never watched, so that a build's own writes cannot start another.
  var outputFolders: Set<String> = []
  var jsonExtensions: [String] = []

  /// What a change means for the watch.
  enum Relevance: Equatable {
    /// Nothing the build reads.
    case ignored
    /// An input changed (`path`); `changesPlan` when the plan may change with it: the config, a
    /// resolver document, a mode layer, a folder appearing or leaving.
    case input(path: String, changesPlan: Bool)
    /// A folder in a token tree appeared, left or was renamed: new folders must be watched, and
    /// the build changes only when token files came or went with it (an empty folder, or one the
    /// build creates on the way to an output folder, changes nothing).
    case folder(path: String)
  }

  /// The plan for `configuration`; `configurationFile` is watched whether or not it loaded (with
  /// `nil`, an invalid config keeps only its own file watched, until it is fixed).
  static func make(configurationFile: String, configuration: Configuration?) -> WatchPlan {
    var plan = WatchPlan(configurationFile: DisplayPath.absolute(configurationFile))
    plan.files.insert(plan.configurationFile)
    guard let configuration else { return plan }
    plan.jsonExtensions = configuration.jsonExtensions
    plan.outputFolders = Set(Builder.outputDirectories(configuration).map { DisplayPath.absolute($0) })
    let renderer = OutputRenderer(configuration: configuration)
    for folder in configuration.outputs.compactMap(renderer.templateFolder) {
      plan.templateFolders.insert(DisplayPath.absolute(folder))
    }
    if let resolver = configuration.resolver {
      plan.files.insert(DisplayPath.absolute(configuration.resolvedPath(resolver.path)))
      // The files its sources name; when the document cannot be read yet, its own file alone,
      // until a change to it makes a new plan.
      if let inputs = try? ProjectTokens.inputs(configuration) {
        plan.files.formUnion(inputs.allFiles.map { DisplayPath.absolute($0.path) })
      }
      return plan
    }
    plan.tokenTrees.insert(DisplayPath.absolute(configuration.resolvedPath(configuration.tokens)))
    for layer in configuration.modes.flatMap(\.layers) {
      let path = DisplayPath.absolute(configuration.resolvedPath(layer.path))
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        plan.tokenTrees.insert(path)
      } else {
        plan.files.insert(path)
      }
    }
    return plan
  }

  /// The folders to watch (see the type's comment), and the files (which only macOS watches one
  /// by one, for changes in place), as they are on disk now.
  func watchedPaths() -> (directories: Set<String>, files: Set<String>) {
    var directories: Set<String> = []
    var watchedFiles = files
    for entry in files.union(tokenTrees).union(templateFolders) {
      let parent = PathComponents.folder(of: entry)
      if isDirectory(parent) { directories.insert(parent) }
    }
    for folder in templateFolders where isDirectory(folder) {
      directories.insert(folder)
      watchedFiles.formUnion(TemplateSet.templateFiles(in: folder) ?? [])
    }
    for root in tokenTrees where isDirectory(root) {
      walk(root) { path, isFolder in
        if isFolder { directories.insert(path) } else { watchedFiles.insert(path) }
        return true
      }
    }
    return (directories, watchedFiles)
  }

  /// Whether the folder at `path`, in a token tree, holds a token file (at any depth).
  func holdsTokenFiles(_ path: String) -> Bool {
    var found = false
    walk(path) { _, isFolder in
      found = found || !isFolder
      return !found
    }
    return found
  }

  /// Visits `root` and every folder and token file below it as the token loader reads them: hidden
  /// entries, output folders and links to folders left out; stops when `visit` returns `false`.
  private func walk(_ root: String, _ visit: (_ path: String, _ isFolder: Bool) -> Bool) {
    var folders = [root]
    while let folder = folders.popLast() {
      guard visit(folder, true) else { return }
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      where !name.hasPrefix(".") {
        let path = (folder as NSString).appendingPathComponent(name)
        var status = stat()
        guard lstat(path, &status) == 0 else { continue }
        if status.st_mode & S_IFMT == S_IFDIR {
          if !isOutput(path) { folders.append(path) }
        } else if isTokenFile(name) {
          guard visit(path, false) else { return }
        }
      }
    }
  }

  /// What a change to `name` in the watched folder `directory` means; `name` is `nil` when the
  /// platform does not say which entry changed.
  func relevance(directory: String, name: String?, isDirectory entryIsDirectory: Bool) -> Relevance {
    guard let name else {
      // macOS: the folder's entries changed, or a file's contents.
      let inTree = isInTokenTree(directory) && !isOutput(directory)
      let holdsEntry = files.union(tokenTrees).union(templateFolders).contains {
        PathComponents.folder(of: $0) == directory
      }
      guard inTree || templateFolders.contains(directory) || holdsEntry else { return .ignored }
      return .input(path: directory, changesPlan: holdsEntry)
    }
    let path = (directory as NSString).appendingPathComponent(name)
    if files.contains(path) || tokenTrees.contains(path) || templateFolders.contains(path) {
      return .input(path: path, changesPlan: true)
    }
    guard !name.hasPrefix(".") else { return .ignored }
    if isInTokenTree(directory) && !isOutput(path) {
      if entryIsDirectory { return .folder(path: path) }
      if isTokenFile(name) { return .input(path: path, changesPlan: false) }
    }
    if templateFolders.contains(directory) && name.hasSuffix(".mustache") {
      return .input(path: path, changesPlan: false)
    }
    return .ignored
  }

  private func isTokenFile(_ name: String) -> Bool {
    TokenFileFormat.of(fileNamed: name, extraJSONExtensions: jsonExtensions) != nil
  }

  private func isInTokenTree(_ path: String) -> Bool {
    tokenTrees.contains { path.isWithin($0) }
  }

  /// Whether `path` is an output folder or lies in one, and is not in a token tree that lies in
  /// that output folder (or is it): tokens kept there are still read.
  private func isOutput(_ path: String) -> Bool {
    outputFolders.contains { output in
      path.isWithin(output) && !tokenTrees.contains { $0.isWithin(output) && path.isWithin($0) }
    }
  }

  private func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}

extension String {
  /// Whether this path is `folder` or lies below it (both absolute and standardized).
  fileprivate func isWithin(_ folder: String) -> Bool {
    self == folder || hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }
}
