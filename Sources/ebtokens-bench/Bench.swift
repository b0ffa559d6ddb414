import ArgumentParser
import EBTokens
import EBTokensBenchSupport
import EBTokensSupport
import Foundation

@main
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ebtokens-bench",
    abstract: "Generate large token trees and measure ebtokens on them (issue 6).",
    subcommands: [Generate.self, LibYAML.self, Resolve.self, OneTokenChange.self, Run.self]
  )
}

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a generated token tree (DIR/tokens/) and the ebtokens.yml that builds and audits it."
  )

  @Option(help: "How many tokens, from 1 to 1,000,000.")
  var count: Int

  @Option(help: "The seed: the same count and seed give byte-identical files.")
  var seed: UInt64 = 1

  @Option(help: "The folder to write into (DIR).")
  var output: String

  @Flag(help: "Replace DIR/tokens and DIR/ebtokens.yml when they exist.")
  var overwrite = false

  func validate() throws {
    guard TokenTreeGenerator.countRange.contains(count) else {
      throw ValidationError(TokenTreeGeneratorError.countOutOfRange(count).description)
    }
  }

  func run() throws {
    do {
      let tree = try TokenTreeGenerator(count: count, seed: seed).generate()
      try tree.write(to: output, overwrite: overwrite)
      let megabytes = String(format: "%.2f", Double(tree.tokenBytes) / 1_048_576)
      print(
        "wrote \(tree.tokenCount) tokens in \(tree.files.count - 1) files (\(megabytes) MB) and "
          + "\(tree.ruleCount) audit rules to \(output)")
    } catch {
      throw failure(error.description, exitCode: 1)
    }
  }
}

struct LibYAML: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "libyaml",
    abstract: "The floor: read every token file of DIR/tokens with libyaml's event parser, building nothing.",
    discussion: "Prints only counts: files, events and scalars."
  )

  @Argument(help: "A generated folder (it holds tokens/).")
  var directory: String

  func run() throws {
    let files = try tokenFiles(in: directory)
    var counts = LibYAMLFloor.Counts()
    for file in files {
      guard let data = FileManager.default.contents(atPath: file.path) else {
        throw failure("could not read '\(file.displayPath)'", exitCode: 1)
      }
      if let problem = LibYAMLFloor.scan(data, counts: &counts) {
        throw failure("\(file.displayPath):\(problem)", exitCode: 2)
      }
    }
    print("files \(files.count) events \(counts.events) scalars \(counts.scalars)")
  }
}

struct Resolve: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Parse and resolve DIR/tokens with TokenLoader, as every ebtokens command does first.",
    discussion: "Prints only the token count."
  )

  @Argument(help: "A generated folder (it holds tokens/).")
  var directory: String

  func run() throws {
    let tokenSet = try withDiagnostics {
      try TokenLoader().load(directory: tokenDirectory(in: directory)).value
    }
    print("tokens \(tokenSet.tokens.count)")
    // Let go as `ebtokens build` lets go of its set: on another thread, which the process's exit
    // does not wait for. Freeing 100,000 tokens is no part of loading them.
    release(consume tokenSet, inBackground: true)
  }
}

struct OneTokenChange: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "one-token-change",
    abstract:
      "Phase (e) alone, on a generated folder: a BuildSession builds it in full, then changes one color RUNS times.",
    discussion: "Prints each run's milliseconds: what to run under a profiler."
  )

  @Argument(help: "A generated folder (it holds tokens/ and ebtokens.yml).")
  var directory: String

  @Option(help: "How many one-token changes to time.")
  var runs = 10

  @Option(help: "The tree's token count, for the line the phase prints.")
  var count: Int

  func run() throws {
    let result = IncrementalPhase.measure(directory: directory, count: count, runs: runs)
    if let problem = result.problem { throw failure(problem, exitCode: 1) }
    print(result.milliseconds.map { String(format: "%.1f", $0) }.joined(separator: " "))
  }
}

/// Prints `error: message` to stderr and returns the exit code to throw.
func failure(_ message: String, exitCode: Int32) -> ExitCode {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  return ExitCode(exitCode)
}

func tokenDirectory(in directory: String) -> String {
  (directory as NSString).appendingPathComponent(GeneratedTokenTree.tokenDirectory)
}

/// The token files of a generated folder, found as `ebtokens` finds them.
func tokenFiles(in directory: String) throws -> [TokenFiles.File] {
  try withDiagnostics { try TokenFiles.find(in: tokenDirectory(in: directory)) }
}

/// Runs `body`, printing diagnostics and exiting 2 (invalid input) when it throws them.
func withDiagnostics<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as DiagnosticsError {
    var renderer = DiagnosticRenderer()
    FileHandle.standardError.write(Data(renderer.render(error.diagnostics).utf8))
    throw ExitCode(2)
  }
}
