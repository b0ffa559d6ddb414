import Dispatch
import EBTokensConfig
import EBTokensSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--watch`: runs a command's work (a build, an audit) once, then again each time something it
/// reads changes, until SIGINT (Ctrl-C) or SIGTERM.
///
/// What is watched is a `WatchPlan` of the configuration: the config file, the token folders,
/// mode layers, a resolver document and its files, user templates, never the output folders.
/// A change to the config reloads it, and with it what is watched. Changes are debounced: the
/// work runs once nothing has changed for ``quietPeriod``, so an editor's burst of writes and
/// renames, or a `git checkout` of many files, is one run.
///
/// Everything happens on one serial queue: reading the system's events, the debounce, and the
/// work itself, so a run never overlaps another, and events that arrive during a run start the
/// next one. The first signal stops the watch once the run in progress (if any) has finished, so
/// its writes are complete and its locks released (a ``Builder`` run holds its locks only while it
/// runs); a second signal while a run is still going (waiting for another build's lock, say) ends
/// the process at once, with exit code 130.
///
/// `Outcome` is what the work returns: a ``Builder/Result`` for `build --watch` (from
/// ``Builder/build(_:mode:)``, or an incremental build that keeps its caches between runs), an
/// `AuditResult` for `audit --watch`.
public final class ProjectWatcher<Outcome>: @unchecked Sendable {
  // @unchecked: every mutable property is touched only on `queue`, or (`isStopping`) only on the
  // signal queue.

  /// One run of the work.
  public struct Run {
    /// Whether it is the run the watch starts with, before any change.
    public let isFirst: Bool
    /// The inputs whose change started it, as ``/EBTokensSupport/DisplayPath`` paths, sorted;
    /// empty for the first run, and after the system lost events.
    public let changes: [String]
    /// How long it took, from the end of the quiet period (the config's reload included).
    public let duration: Duration
    /// What the work returned, or every error it (or the config's reload) reported: a failed
    /// build leaves the outputs as they were.
    public let outcome: Result<Outcome, DiagnosticsError>

    /// ``duration`` in whole milliseconds.
    public var milliseconds: Int {
      Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }
  }

  /// How long nothing may change before a run starts: long enough to gather the writes and
  /// renames of one save (editors make them within a few milliseconds) and a `git checkout`, short
  /// enough not to be felt. 50 ms, as watchexec's default.
  public var quietPeriod: Duration = .milliseconds(50)

  private let configurationFile: String
  private let loadConfiguration: () throws -> Configuration
  private let work: (Configuration, _ changedPaths: Set<String>?) throws -> Outcome
  private let report: (Run) -> Void
  private let queue = DispatchQueue(label: "ebtokens.watch")
  private var watcher: FileWatcher?
  private var configuration: Configuration?
  private var plan: WatchPlan
  private var pendingChanges: Set<String> = []
  private var needsReload = false
  private var needsNewPlan = false
  private var debounce: DispatchWorkItem?
  private var isStopping = false
  private var hasRun = false
  private var eventsWereLost = false

  /// - Parameters:
  ///   - configurationFile: The config file to watch, whether or not it exists or is valid yet
  ///     (`ebtokens.yml` when none is named).
  ///   - loadConfiguration: Reads the config; called before the first run and after each change
  ///     to `configurationFile`.
  ///   - work: The run: called with the configuration, after each quiet period that follows a
  ///     change, and the paths that changed: every input's path that the system reported, or `nil`
  ///     when that is not known (the first run, and after the system lost events).
  ///   - report: Called after each run, on the watch's queue.
  public init(
    configurationFile: String, loadConfiguration: @escaping () throws -> Configuration,
    work: @escaping (Configuration, _ changedPaths: Set<String>?) throws -> Outcome,
    report: @escaping (Run) -> Void
  ) {
    self.configurationFile = configurationFile
    self.loadConfiguration = loadConfiguration
    self.work = work
    self.report = report
    self.plan = WatchPlan.make(configurationFile: configurationFile, configuration: nil)
  }

  /// Runs the work, then again after every change, until SIGINT or SIGTERM; returns once stopped.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` holding a ``WatchError`` when the system
  ///   refuses to watch.
  public func run() throws {
    let stopped = DispatchSemaphore(value: 0)
    let signalQueue = DispatchQueue(label: "ebtokens.watch.signals")
    let signalSources = [SIGINT, SIGTERM].map { number in
      // The default action would end the process mid-run; the source receives it instead.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
      source.setEventHandler { [self] in
        guard !isStopping else { exit(130) }
        isStopping = true
        queue.async { [self] in
          debounce?.cancel()
          watcher?.cancel()
          stopped.signal()
        }
      }
      source.resume()
      return source
    }
    defer {
      for (number, source) in zip([SIGINT, SIGTERM], signalSources) {
        source.cancel()
        signal(number, SIG_DFL)
      }
    }
    let started: Result<Void, DiagnosticsError> = queue.sync {
      do {
        watcher = try FileWatcher(queue: queue) { [weak self] events in self?.handle(events) }
      } catch let error as WatchError {
        return .failure(DiagnosticsError([error]))
      } catch {
        return .failure(Self.diagnostics(error))
      }
      needsReload = true
      needsNewPlan = true
      runWork()
      return .success(())
    }
    if case .failure(let error) = started { throw error }
    stopped.wait()
  }

  /// Notes the changes that matter, sets up watches for new folders at once (so that files
  /// created in them next are seen), and starts the quiet period again.
  private func handle(_ events: [FileWatcher.Event]) {
    var relevant = false
    var resync = false
    for event in events {
      if event.overflowed {
        // Events were lost: anything may have changed.
        needsReload = true
        needsNewPlan = true
        eventsWereLost = true
        relevant = true
        continue
      }
      resync = resync || event.watchEnded
      switch plan.relevance(directory: event.directory, name: event.name, isDirectory: event.isDirectory) {
      case .ignored:
        continue
      case .input(let path, let changesPlan):
        relevant = true
        pendingChanges.insert(path)
        if changesPlan { needsNewPlan = true }
        if path == plan.configurationFile { needsReload = true }
      case .folder(let path):
        resync = true
        // Gone (its token files with it, unseen when it was moved away), or holding token files
        // that may have been written before its watch was set up.
        if !FileManager.default.fileExists(atPath: path) || plan.holdsTokenFiles(path) {
          relevant = true
          pendingChanges.insert(path)
        }
      }
    }
    if resync || needsNewPlan { syncWatches() }
    guard relevant else { return }
    debounce?.cancel()
    let item = DispatchWorkItem { [weak self] in self?.runWork() }
    debounce = item
    let (seconds, attoseconds) = quietPeriod.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
  }

  /// Reloads the config and the plan when needed, then runs the work and reports it.
  private func runWork() {
    debounce = nil
    let changes = pendingChanges.map { DisplayPath.forFile($0) }.sorted()
    // What the work may take as all that changed: nothing is known for the first run, and after
    // the system lost events.
    let changedPaths = hasRun && !eventsWereLost ? pendingChanges : nil
    pendingChanges = []
    eventsWereLost = false
    let clock = ContinuousClock()
    let start = clock.now
    var loadFailure: DiagnosticsError?
    if needsReload || configuration == nil {
      needsReload = false
      do {
        configuration = try loadConfiguration()
      } catch {
        configuration = nil
        loadFailure = Self.diagnostics(error)
      }
      needsNewPlan = true
    }
    if needsNewPlan {
      needsNewPlan = false
      plan = WatchPlan.make(configurationFile: configurationFile, configuration: configuration)
      syncWatches()
    }
    let outcome: Result<Outcome, DiagnosticsError>
    if let configuration {
      do {
        outcome = .success(try work(configuration, changedPaths))
      } catch {
        outcome = .failure(Self.diagnostics(error))
      }
    } else {
      outcome = .failure(loadFailure ?? DiagnosticsError(diagnostics: []))
    }
    report(Run(isFirst: !hasRun, changes: changes, duration: clock.now - start, outcome: outcome))
    hasRun = true
  }

  private func syncWatches() {
    let (directories, files) = plan.watchedPaths()
    watcher?.watch(directories: directories, files: files)
  }

  /// The diagnostics of a failed run: its input's errors, or the system's refusal (a file that
  /// cannot be written, a lock held with `--no-wait`), which in a watch ends that run only.
  private static func diagnostics(_ error: any Error) -> DiagnosticsError {
    switch error {
    case let error as DiagnosticsError: return error
    case let failure as SystemFailure: return failure.error
    default: return DiagnosticsError(diagnostics: [Diagnostic("\(error)", at: nil)])
    }
  }
}
