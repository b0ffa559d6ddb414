import Foundation

@testable import EBTokensBuild

/// A project in a temporary folder for tests that run `ebtokens build`: the emitting fixture's
/// tokens and a configuration, with helpers to change files and read what the build wrote.
struct BuildProject {
  let root: URL

  /// Copies the fixture's tokens into `root/tokens` and writes `configuration` as `ebtokens.yml`.
  init(in root: URL, configuration: String) throws {
    self.root = root
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: EmitFixture.tokensDirectory), to: root.appendingPathComponent("tokens"))
    try write("ebtokens.yml", configuration)
  }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  func write(_ relative: String, _ contents: String) throws {
    try FileManager.default.createDirectory(
      at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url(relative))
  }

  func read(_ relative: String) -> String? {
    FileManager.default.contents(atPath: url(relative).path).map { String(decoding: $0, as: UTF8.self) }
  }

  func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative).path) }

  func buildResult(_ mode: Builder.Mode = .write) throws -> Builder.Result {
    let configuration = try ConfigurationLoader().load(path: url("ebtokens.yml").path)
    return try Builder().build(configuration, mode: mode)
  }

  /// Every file below `dist/`, relative to it.
  func distFiles() -> [String] {
    let dist = url("dist")
    let enumerator = FileManager.default.enumerator(
      at: dist, includingPropertiesForKeys: [.isRegularFileKey])
    var files: [String] = []
    while let file = enumerator?.nextObject() as? URL {
      if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        files.append(
          String(file.standardizedFileURL.path.dropFirst(dist.standardizedFileURL.path.count + 1)))
      }
    }
    return files.sorted()
  }

  /// Sets every file below `dist/` to one fixed modification date in the past (2020): a file the
  /// next build rewrites then shows a new date.
  func backdateDistFiles() throws {
    for file in distFiles() {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
        ofItemAtPath: url("dist/" + file).path)
    }
  }

  /// Each file's inode and modification time, to prove a build left it alone.
  func fileIdentities() throws -> [String: String] {
    var identities: [String: String] = [:]
    for file in distFiles() {
      let attributes = try FileManager.default.attributesOfItem(atPath: url("dist/" + file).path)
      let inode = attributes[.systemFileNumber].map { "\($0)" } ?? "?"
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      identities[file] = "\(inode)@\(modified)"
    }
    return identities
  }
}
