import ArgumentParser
import EBTokens
import Foundation

struct Ebtokens: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ebtokens",
    abstract: "The EastBlue design-token compiler.",
    discussion: """
      Exit codes: 0 success, 1 a check failed, 2 invalid input (tokens, config, templates), 64 usage error.
      """,
    subcommands: [Build.self, List.self, Audit.self, Export.self]
  )
}

/// Prints every diagnostic to stderr and exits 2, the code for invalid input.
func exitWithDiagnostics(_ error: DiagnosticsError) -> Never {
  var renderer = DiagnosticRenderer()
  let errorCount = error.diagnostics.count { $0.severity == .error }
  let summary = errorCount == 1 ? "1 error\n" : "\(errorCount) errors\n"
  FileHandle.standardError.write(Data((renderer.render(error.diagnostics) + summary).utf8))
  Foundation.exit(2)
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

/// Runs `body`, turning diagnostics into exit code 2.
func reportingDiagnostics<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as DiagnosticsError {
    exitWithDiagnostics(error)
  }
}

Ebtokens.main()
