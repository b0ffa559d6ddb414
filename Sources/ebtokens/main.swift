import ArgumentParser
import EBTokens
import Foundation

struct Ebtokens: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ebtokens",
    abstract: "The EastBlue design-token compiler.",
    discussion: """
      Exit codes: 0 success, 1 a check failed, 2 invalid input (tokens, config, templates, a file in the \
      way), 64 usage error, 74 a file could not be written (full disk, read-only folder, permission), \
      75 another build of the project holds the lock (--no-wait).
      """,
    subcommands: [Build.self, List.self, Audit.self, Export.self]
  )
}

/// Prints every diagnostic to stderr and exits with `code`: by default 2, the code for invalid
/// input.
func exitWithDiagnostics(_ error: DiagnosticsError, code: Int32 = 2) -> Never {
  var renderer = DiagnosticRenderer()
  let errorCount = error.diagnostics.count { $0.severity == .error }
  let summary = errorCount == 1 ? "1 error\n" : "\(errorCount) errors\n"
  FileHandle.standardError.write(Data((renderer.render(error.diagnostics) + summary).utf8))
  Foundation.exit(code)
}

/// Leaves `value` allocated until the process exits, which returns all its memory at once: freeing
/// a large build's result object by object (the audit's 50,000 pairs at 100,000 tokens) would
/// take the last 10 to 15 ms of the run, after everything is written and printed.
func keepUntilExit<Value>(_ value: Value) {
  _ = Unmanaged.passRetained(KeptValue(value))
}

private final class KeptValue<Value> {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// Runs `body`, turning diagnostics into exit code 2, and a failure of the system (a write, the
/// lock) into its own code (``SystemFailure/exitCode``).
func reportingDiagnostics<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as DiagnosticsError {
    exitWithDiagnostics(error)
  } catch let failure as SystemFailure {
    exitWithDiagnostics(failure.error, code: failure.exitCode)
  }
}

Ebtokens.main()
