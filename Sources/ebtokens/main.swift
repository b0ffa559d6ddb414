import ArgumentParser
import EBTokens
import Foundation

struct Ebtokens: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ebtokens",
    abstract: "The EastBlue design-token compiler.",
    discussion: """
      Exit codes: 0 success, 1 a check failed (audit, build --check, diff --fail-on), 2 invalid input (tokens, config, templates, a file in the \
      way), 64 usage error, 74 a file could not be written (full disk, read-only folder, permission), \
      75 another build of the project holds the lock (--no-wait).
      """,
    subcommands: [
      Build.self, GenerateSwift.self, List.self, Audit.self, Export.self, Init.self, Diff.self,
    ]
  )
}

/// The options every command that reads tokens takes about its diagnostics.
struct DiagnosticOptions: ParsableArguments {
  @Flag(help: "Treat every warning as an error (exit 2), as `strict: true` in the config does.")
  var strict = false

  @Option(help: "Print at most this many errors and warnings; a line counts the rest.")
  var maxErrors = 50

  /// Prints `diagnostics` to stderr, at most `maxErrors` of them, with their count.
  func print(_ diagnostics: [Diagnostic]) {
    var renderer = DiagnosticRenderer()
    FileHandle.standardError.write(Data(renderer.report(diagnostics, limit: maxErrors).utf8))
  }

  /// Runs `body`, printing its diagnostics and exiting 2, the code for invalid input, when it
  /// throws them; a failure of the system (a write, the lock) exits with its own code
  /// (``SystemFailure/exitCode``).
  func reporting<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DiagnosticsError {
      print(error.diagnostics)
      Foundation.exit(2)
    } catch let failure as SystemFailure {
      print(failure.error.diagnostics)
      Foundation.exit(failure.exitCode)
    }
  }

  /// Runs `body` and prints the warnings of its result.
  func reportingWithWarnings<T>(_ body: () throws -> Warned<T>) throws -> T {
    let result = try reporting(body)
    print(result.warnings)
    return result.value
  }
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

Ebtokens.main()

/// The options that say which project a command reads: its config file, and a DTCG resolver
/// document to name the tokens and modes instead of the config's.
struct ProjectOptions: ParsableArguments {
  @Option(help: "The config file (default: ./ebtokens.yml, or the built-in defaults when there is none).")
  var config: String?

  @Option(help: "A DTCG resolver document that names the tokens and modes, instead of the config's.")
  var resolver: String?

  @Flag(help: "Allow paths in the config that lead outside the config file's folder.")
  var allowOutsideProject = false

  /// The configuration these options name; every warning an error when `strict` or the config says so.
  /// A command that only reads the tokens passes `writesOutputs: false`, so the paths of outputs it
  /// never writes are not checked.
  func configuration(strict: Bool, writesOutputs: Bool = true) throws -> Configuration {
    var loader = ConfigurationLoader(allowsPathsOutsideProject: allowOutsideProject)
    loader.checksOutputPaths = writesOutputs
    var configuration = try loader.load(path: config)
    configuration.strict = configuration.strict || strict
    if let resolver { configuration = configuration.withResolver(resolver) }
    return configuration
  }
}
