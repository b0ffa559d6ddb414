import ArgumentParser
import EBTokens
import Foundation

extension TokenDiff.Format: ExpressibleByArgument {}

/// The impacts `--fail-on` takes: any but `none`.
enum FailureThreshold: String, CaseIterable, ExpressibleByArgument {
  case major
  case minor
  case patch

  var impact: TokenDiff.Impact {
    switch self {
    case .major: .major
    case .minor: .minor
    case .patch: .patch
    }
  }
}

struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Show what changed between two versions of the tokens, and the version bump it needs.",
    discussion: """
      Compares two token folders or projects (OLD NEW), or the token folder at two git revisions (--git \
      v1.0.0..v1.1.0, read with git show, never checked out). Removing or renaming a token or changing \
      its type is major, adding or deprecating one minor, a value change patch. With --fail-on, exits 1 \
      when the change is at least that big. See docs/diff.md.
      """)

  @Argument(
    help: """
      The old version and the new one (without --git): each a token folder, or a project (its \
      ebtokens.yml, or a folder holding one), whose tokens are compared in every mode.
      """)
  var folders: [String] = []

  @Option(help: "Compare the token folder at two git revisions: OLD..NEW.")
  var git: String?

  @Option(help: "The token folder, for --git (default: the one ./ebtokens.yml names, else tokens).")
  var tokens: String?

  @Option(help: "More file endings read as DTCG JSON, such as .json (repeatable).")
  var jsonExtension: [String] = []

  @Option(help: "Output format: text, markdown (a changelog section) or json.")
  var format: TokenDiff.Format = .text

  @Option(help: "Exit 1 when the change is at least this big: major, minor or patch.")
  var failOn: FailureThreshold?

  @OptionGroup var diagnostics: DiagnosticOptions

  func validate() throws {
    if git == nil, folders.count != 2 {
      throw ValidationError("give two token folders, OLD NEW, or --git OLD..NEW")
    }
    if git != nil, !folders.isEmpty {
      throw ValidationError("give either two token folders or --git, not both")
    }
  }

  func run() throws {
    let diff = try diagnostics.reporting {
      if let git {
        guard let tokens else {
          // The project's own config, as it is in the work tree, says where the tokens are.
          let configuration = try ConfigurationLoader().load(path: nil)
          return try TokenDiff.git(
            range: git, directory: configuration.tokens,
            jsonExtensions: configuration.jsonExtensions + jsonExtension)
        }
        return try TokenDiff.git(range: git, directory: tokens, jsonExtensions: jsonExtension)
      }
      return try TokenDiff.folders(old: folders[0], new: folders[1], jsonExtensions: jsonExtension)
    }
    print(diff.render(format), terminator: "")
    if let failOn, diff.impact >= failOn.impact { throw ExitCode(1) }
  }
}
