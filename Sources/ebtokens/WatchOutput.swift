import EBTokens
import Foundation

/// What `build --watch` and `audit --watch` print for each run: one line on standard output,
/// `[HH:MM:SS] <the inputs that changed> changed; <what happened>`, then the run's errors and warnings on
/// standard error as every command prints them. The clock time is local and only ever printed to
/// the terminal, never into a generated file.
enum WatchOutput {
  /// Prints `text` as the run's line.
  static func print<Outcome>(_ run: ProjectWatcher<Outcome>.Run, _ text: String) {
    write("[\(clockTime())] \(trigger(run.changes))\(text)\n")
  }

  /// Writes `text` to standard output at once, unbuffered: a watch's output is read as it comes,
  /// often through a pipe or a file.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// The line of a failed run, and its errors; `note` says what it left as it was.
  static func printFailure<Outcome>(
    _ run: ProjectWatcher<Outcome>.Run, _ error: DiagnosticsError, note: String = "",
    diagnostics: DiagnosticOptions
  ) {
    let errors = error.diagnostics.count { $0.severity == .error }
    print(
      run,
      "failed in \(run.milliseconds) ms: \(errors == 1 ? "1 error" : "\(errors) errors")"
        + count(error.diagnostics.count - errors, "warning") + note)
    diagnostics.print(error.diagnostics)
  }

  /// `, 2 warnings`; nothing for none.
  static func count(_ count: Int, _ noun: String) -> String {
    count == 0 ? "" : ", \(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `tokens/color.yaml changed; `, `tokens/a.yaml and 3 more changed; `; nothing for the first
  /// run.
  private static func trigger(_ changes: [String]) -> String {
    guard let first = changes.first else { return "" }
    return changes.count == 1 ? "\(first) changed; " : "\(first) and \(changes.count - 1) more changed; "
  }

  private static func clockTime() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
  }
}

extension ProjectOptions {
  /// The config file a watch watches: the one named, or `ebtokens.yml`, which a watch started
  /// on the built-in defaults sees appear.
  var configurationFile: String { config ?? ConfigurationLoader.defaultPath }
}
