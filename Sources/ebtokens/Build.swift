import ArgumentParser
import CAllocator
import EBTokens
import Foundation

struct Build: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Generate every output the config lists: the Swift package, Kotlin, CSS.",
    discussion: """
      Writes only files whose contents changed, and removes files an earlier build generated that \
      this one no longer does; it never touches any other file. With --check it writes nothing and \
      exits 1 when the outputs on disk are not what a build would generate.
      """)

  @OptionGroup var project: ProjectOptions

  @Flag(help: "Write nothing; exit 1 and list the files that are out of date.")
  var check = false

  @OptionGroup var diagnostics: DiagnosticOptions

  @Flag(
    help:
      "When another build holds the project or an output folder, fail at once (exit 75) instead of waiting.")
  var noWait = false

  @Flag(
    help: ArgumentHelp(
      "Build, then rebuild whenever a token file, mode or resolver file, template or the config changes, "
        + "until Ctrl-C (docs/watch.md)."))
  var watch = false

  func validate() throws {
    if watch && check { throw ValidationError("--watch and --check cannot be used together") }
  }

  func run() throws {
    if watch { return try runWatching() }
    let (configuration, result) = try diagnostics.reporting {
      let configuration = try project.configuration(strict: diagnostics.strict)
      let builder = Builder(
        lockWaiting: noWait
          ? .fail : .wait { FileHandle.standardError.write(Data("ebtokens: \($0)\n".utf8)) })
      return (configuration, try builder.build(configuration, mode: check ? .check : .write))
    }
    keepUntilExit(result)
    diagnostics.print(result.warnings)
    let plan = result.plan
    if check {
      guard !plan.isUpToDate else {
        print("all \(plan.unchangedFileCount) generated files are up to date")
        return
      }
      for change in plan.changes { print("out of date: \(change.path) (would be \(change.kind.rawValue))") }
      FileHandle.standardError.write(
        Data("\(files(plan.changes.count)) out of date; run `ebtokens build`\n".utf8))
      throw ExitCode(1)
    }
    for change in plan.changes { print("\(change.kind.rawValue) \(change.path)") }
    print("\(files(plan.changes.count)) changed, \(plan.unchangedFileCount) unchanged")
    if let contrast = result.contrast { print("contrast audit: \(contrast.summary)") }
    if result.failsOnContrast(configuration) {
      FileHandle.standardError.write(
        Data("contrast audit failed and the config sets fail-build: true\n".utf8))
      throw ExitCode(1)
    }
  }

  /// `build --watch`: one line per build (see docs/watch.md), its errors and warnings after it.
  private func runWatching() throws {
    ebtokens_allocator_for_a_session()
    let builder = Builder(
      lockWaiting: noWait
        ? .fail : .wait { FileHandle.standardError.write(Data("ebtokens: \($0)\n".utf8)) })
    var session: BuildSession?
    let watcher = ProjectWatcher(
      configurationFile: project.configurationFile,
      loadConfiguration: { try project.configuration(strict: diagnostics.strict) },
      // One session for the watch: each build reads again only the files that changed, and renders
      // again only the outputs whose tokens changed. The session takes the config the watcher read.
      work: { configuration, changedPaths in
        let current = session ?? BuildSession(configuration: configuration, builder: builder)
        session = current
        return (configuration, try current.build(configuration, changedPaths: changedPaths))
      },
      report: { run in
        switch run.outcome {
        case .success(let (configuration, result)):
          var summary =
            result.plan.changes.isEmpty ? "no changes" : "\(files(result.plan.changes.count)) changed"
          if let contrast = result.contrast, !contrast.passes {
            summary += "; contrast audit: \(contrast.summary)"
            if result.failsOnContrast(configuration) { summary += " (fail-build)" }
          }
          summary += WatchOutput.count(result.warnings.count, "warning")
          WatchOutput.print(
            run, "\(run.isFirst ? "built" : "rebuilt") in \(run.milliseconds) ms: \(summary)")
          diagnostics.print(result.warnings)
        case .failure(let error):
          WatchOutput.printFailure(
            run, error, note: "; the outputs are unchanged", diagnostics: diagnostics)
        }
      })
    try diagnostics.reporting { try watcher.run() }
  }

  private func files(_ count: Int) -> String {
    count == 1 ? "1 file" : "\(count) files"
  }
}
