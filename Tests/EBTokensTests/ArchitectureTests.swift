import Foundation
import TestSupport
import Testing

/// The pipeline's direction, kept by the compiler's module boundaries and checked here: a module
/// may import only modules of a lower layer, never one above it or beside it (docs/architecture.md).
///
/// SwiftPM alone does not keep it: on Linux a module can import any module built before it, declared
/// or not, so these tests read both `Package.swift` (as `swift package dump-package` sees it) and
/// every `import` in `Sources/`.
@Suite struct ArchitectureTests {
  /// Each library module's layer: 0 at the bottom. Modules of one layer are siblings and do not
  /// import each other.
  static let layers: [String: Int] = [
    "EBTokensSupport": 0,
    "EBTokensSyntax": 1,
    "EBTokensModel": 2,
    "EBTokensConfig": 3,
    "EBTokensParsing": 3,
    "EBTokensResolution": 4,
    "EBTokensEmitting": 5,
    "EBTokensAudit": 5,
    "EBTokensBuild": 6,
    "EBTokens": 7,
  ]

  /// Programs built on the library: they may import any module, and no module imports them.
  static let programs: Set<String> = ["ebtokens", "ebtokens-bench", "ebtokens-fuzz"]

  /// C modules and who may import them (always `internal import`, so no C type reaches an API).
  static let cModules: [String: String] = ["CYAML": "EBTokensSyntax", "CSystemExtras": "EBTokensSupport"]

  static let sources = TestPaths.repositoryRoot.appendingPathComponent("Sources")

  /// `module → the EBTokens modules and C modules its files import`, read from the sources.
  static func importsBySourceModule() throws -> [String: Set<String>] {
    var imports: [String: Set<String>] = [:]
    let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
    for module in modules where layers[module] != nil || programs.contains(module) {
      let folder = sources.appendingPathComponent(module)
      let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap {
        $0 as? String
      }
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
          guard let keyword = words.firstIndex(of: "import"), keyword + 1 < words.count else { continue }
          let imported = String(words[keyword + 1])
          if layers[imported] != nil || cModules[imported] != nil {
            imports[module, default: []].insert(imported)
          }
        }
      }
    }
    return imports
  }

  @Test func everyLibraryModuleHasALayer() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
      .filter { $0.hasPrefix("EBTokens") && $0 != "EBTokensBenchSupport" }
    #expect(Set(folders) == Set(Self.layers.keys))
  }

  @Test func noSourceImportsAModuleAboveOrBesideIt() throws {
    let imports = try Self.importsBySourceModule()
    #expect(imports.count >= Self.layers.count - 1, "found the imports of only \(imports.keys.sorted())")
    var violations: [String] = []
    for (module, imported) in imports {
      guard let layer = Self.layers[module] else { continue }
      for name in imported {
        if let cOwner = Self.cModules[name] {
          if cOwner != module { violations.append("\(module) imports \(name), which only \(cOwner) may") }
        } else if let importedLayer = Self.layers[name], importedLayer >= layer {
          violations.append("\(module) (layer \(layer)) imports \(name) (layer \(importedLayer))")
        }
      }
    }
    #expect(violations.sorted() == [])
  }

  @Test func cModulesAreImportedInternallyByTheLibrary() throws {
    var importers: [String: Set<String>] = [:]
    for module in Self.layers.keys {
      let folder = Self.sources.appendingPathComponent(module)
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      for case let file as String in enumerator where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") {
          let trimmed = line.trimmingCharacters(in: .whitespaces)
          for cModule in Self.cModules.keys where trimmed.hasSuffix("import \(cModule)") {
            importers[cModule, default: []].insert(module)
            #expect(trimmed == "internal import \(cModule)", "\(module)/\(file): \(trimmed)")
          }
        }
      }
    }
    #expect(importers == Self.cModules.mapValues { [$0] })
  }

  @Test func packageDependenciesRunDownTheLayers() throws {
    // A scratch folder of its own: the package's is locked by the `swift test` running this.
    let dump = try withTemporaryDirectory { scratch in
      try ExternalTool.run(
        "/usr/bin/env", ["swift", "package", "--scratch-path", scratch.path, "dump-package"],
        in: TestPaths.repositoryRoot, environment: ExternalTool.environment, timeout: 120)
    }
    try #require(dump.status == 0, "swift package dump-package failed:\n\(dump.stderr)")
    let package = try #require(
      try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    let targets = try #require(package["targets"] as? [[String: Any]])
    var checked = 0
    for target in targets {
      guard let name = target["name"] as? String, let layer = Self.layers[name] else { continue }
      checked += 1
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        guard let byName = (dependency["byName"] ?? dependency["target"]) as? [Any],
          let dependencyName = byName.first as? String
        else { continue }
        if let cOwner = Self.cModules[dependencyName] {
          #expect(cOwner == name, "\(name) depends on \(dependencyName)")
        } else if let dependencyLayer = Self.layers[dependencyName] {
          #expect(dependencyLayer < layer, "\(name) (layer \(layer)) depends on \(dependencyName)")
        }
      }
    }
    #expect(checked == Self.layers.count)
  }
}
