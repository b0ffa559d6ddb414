import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig

/// What `--watch` watches and which changes start a build (``WatchPlan``), on a project whose token
/// folder holds an output folder; the end-to-end tests (WatchCommandTests) run the watch itself.
@Suite struct WatchPlanTests {
  /// `root/ebtokens.yml`, `root/tokens/{colors.yaml,brand/brand.yaml,.hidden/x.yaml}`, the CSS output
  /// in `root/tokens/generated/css` and the report in `root/dist/report`.
  private func withPlan(_ body: (WatchPlan, String) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-plan-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: root) }
    for folder in ["tokens/brand", "tokens/.hidden", "tokens/generated/css", "dist/report"] {
      try FileManager.default.createDirectory(
        atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
    }
    for file in ["ebtokens.yml", "tokens/colors.yaml", "tokens/brand/brand.yaml", "tokens/.hidden/x.yaml"] {
      _ = FileManager.default.createFile(atPath: "\(root)/\(file)", contents: Data())
    }
    var configuration = Configuration.defaults(baseDirectory: root)
    configuration.outputs = [
      Configuration.Output(
        kind: .css, destination: "tokens/generated/css/tokens.css", options: Configuration.Options())
    ]
    configuration.audit.rules = [
      Configuration.Audit.Rule(
        foreground: "color.text", background: .pattern("color.background"),
        backgroundText: "color.background",
        role: .text)
    ]
    let plan = WatchPlan.make(configurationFile: "\(root)/ebtokens.yml", configuration: configuration)
    try body(plan, root)
  }

  @Test func itWatchesTheTokenFoldersAndTheConfigsFolderButNoOutputOrHiddenFolder() throws {
    try withPlan { plan, root in
      let (directories, files) = plan.watchedPaths()
      #expect(directories == [root, "\(root)/tokens", "\(root)/tokens/brand", "\(root)/tokens/generated"])
      #expect(
        files == ["\(root)/ebtokens.yml", "\(root)/tokens/colors.yaml", "\(root)/tokens/brand/brand.yaml"])
      #expect(plan.outputFolders == ["\(root)/tokens/generated/css", "\(root)/dist/report"])
    }
  }

  @Test func onlyTheFilesTheBuildReadsStartABuild() throws {
    try withPlan { plan, root in
      #expect(
        plan.relevance(directory: root, name: "ebtokens.yml", isDirectory: false)
          == .input(path: "\(root)/ebtokens.yml", changesPlan: true))
      #expect(
        plan.relevance(directory: "\(root)/tokens/brand", name: "brand.yaml", isDirectory: false)
          == .input(path: "\(root)/tokens/brand/brand.yaml", changesPlan: false))
      #expect(
        plan.relevance(directory: "\(root)/tokens", name: "new", isDirectory: true)
          == .folder(path: "\(root)/tokens/new"))
      for (directory, name) in [
        (root, "notes.yaml"), (root, "dist"), ("\(root)/tokens", ".colors.yaml.swp"),
        ("\(root)/tokens", "colors.yaml~"), ("\(root)/tokens", "4913"), ("\(root)/tokens", "README.md"),
        ("\(root)/tokens/generated", "css"), ("\(root)/tokens/generated/css", "tokens.css"),
      ] {
        #expect(plan.relevance(directory: directory, name: name, isDirectory: false) == .ignored, "\(name)")
      }
      // macOS names only the folder: one in a token tree counts, an output folder does not.
      #expect(
        plan.relevance(directory: "\(root)/tokens/brand", name: nil, isDirectory: true)
          == .input(path: "\(root)/tokens/brand", changesPlan: false))
      #expect(
        plan.relevance(directory: "\(root)/tokens/generated/css", name: nil, isDirectory: true) == .ignored)
    }
  }

  @Test func aFolderCountsWhenItHoldsTokenFiles() throws {
    try withPlan { plan, root in
      #expect(plan.holdsTokenFiles("\(root)/tokens/brand"))
      #expect(!plan.holdsTokenFiles("\(root)/tokens/generated"))
    }
  }
}
