import EBTokensAudit
import EBTokensConfig
import EBTokensEmitting
import EBTokensModel
import EBTokensParsing
import EBTokensResolution
import EBTokensSupport
import EBTokensSyntax
import Foundation

/// `ebtokens diff`: what changed between two versions of the tokens, and what that means for the
/// generated packages in semantic-versioning terms.
public struct TokenDiff: Sendable {
  /// How far a change reaches into the apps that use the generated code.
  public enum Impact: Int, Comparable, CaseIterable, Sendable {
    case none
    /// A value changed: the apps build unchanged and look different.
    case patch
    /// A token was added or deprecated: the apps build unchanged.
    case minor
    /// A token was removed or renamed, or its type changed: a Swift or Kotlin member the apps may
    /// use is gone or has another type, so they may no longer build.
    case major

    public var name: String {
      switch self {
      case .none: "none"
      case .patch: "patch"
      case .minor: "minor"
      case .major: "major"
      }
    }

    public static func < (lhs: Impact, rhs: Impact) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// A token as the diff shows it: its name, type and value (and the token it references).
  public struct Entry: Sendable, Equatable {
    public let name: String
    public let type: String
    public let value: String
    public let reference: String?

    init(_ token: Token) {
      name = token.name
      type = token.type.rawValue
      value = token.value.displayString
      reference = token.reference.map { reference in
        "{\(reference.target.name)}"
          + (reference.alphaFactor.map { " @ \(NumberFormatting.shortest($0 * 100))%" } ?? "")
      }
    }

    /// The value as written: the reference for an alias, else the literal.
    public var written: String { reference.map { "\($0) (\(value))" } ?? value }
  }

  public struct Rename: Sendable, Equatable {
    public let from: Entry
    public let to: Entry
  }

  public struct Change: Sendable, Equatable {
    public let old: Entry
    public let new: Entry
    /// The mode whose value changed, when both versions have modes.
    public var mode: String? = nil
  }

  /// A foreground/background pair, in one mode, whose audit verdict changed.
  public struct ContrastChange: Sendable, Equatable {
    public let foreground: String
    public let background: String
    public let mode: String?
    /// Whether the pair passes in the new version (so it failed in the old).
    public let passes: Bool
    /// What the pair measures, in the audit method's unit (`4.42:1`, `Lc 58.3`), before and after.
    public let old: String
    public let new: String
    /// What the pair needs (`4.5:1`).
    public let required: String

    var pair: String { "\(foreground) on \(background)" + (mode.map { " [\($0)]" } ?? "") }
  }

  public struct Deprecation: Sendable, Equatable {
    public let token: Entry
    public let message: String?
  }

  public private(set) var added: [Entry] = []
  public private(set) var removed: [Entry] = []
  /// A removed token and an added one of the same type and value, paired.
  public private(set) var renamed: [Rename] = []
  /// Same name, another type.
  public private(set) var retyped: [Change] = []
  /// Same name and type, another value or reference.
  public private(set) var changed: [Change] = []
  /// Deprecated in the new version, not in the old.
  public private(set) var deprecated: [Deprecation] = []
  /// Audited pairs (of both projects' audit rules) that passed and now fail, or the other way.
  public private(set) var contrast: [ContrastChange] = []
  /// Modes of the new version that the old lacks, and the other way.
  public private(set) var modesAdded: [String] = []
  public private(set) var modesRemoved: [String] = []

  /// Compares two resolved token sets, each in path order.
  public init(old: TokenSet, new: TokenSet) {
    self.init(old: ModalTokenSet(single: old), new: ModalTokenSet(single: new))
  }

  /// Compares two versions in every mode they share: names, types, renames and deprecations in
  /// the default (first) mode, values in each mode. When only one version has modes, the
  /// default modes are compared.
  public init(old: ModalTokenSet, new: ModalTokenSet) {
    modesAdded = new.modes.filter { !old.modes.contains($0) }
    modesRemoved = old.modes.filter { !new.modes.contains($0) }
    // (mode, its index in the old version, in the new one)
    let modes: [(name: String?, old: Int, new: Int)] =
      old.hasModes && new.hasModes
      ? new.modes.enumerated().compactMap { index, mode in
        old.modes.firstIndex(of: mode).map { (mode, $0, index) }
      }
      : [(nil, 0, 0)]
    let oldByName = Dictionary(old.tokens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let newByName = Dictionary(new.tokens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var removedTokens = old.tokens.map(\.first).filter { newByName[$0.name] == nil }
    // A new token that names the removed token it replaces is that token, renamed, whatever its value.
    var hinted: [String: Token] = [:]
    for modal in new.tokens where oldByName[modal.name] == nil {
      guard let hint = Self.renamedFrom(modal.first),
        let index = removedTokens.firstIndex(where: { $0.name == hint })
      else { continue }
      hinted[modal.name] = removedTokens.remove(at: index)
    }
    for modal in new.tokens {
      let token = modal.first
      guard let before = oldByName[modal.name] else {
        // A new name holding exactly what a removed token held is that token, renamed.
        if let from = hinted[modal.name] {
          renamed.append(Rename(from: Entry(from), to: Entry(token)))
        } else if let index = removedTokens.firstIndex(where: {
          $0.type == token.type && $0.value == token.value
        }) {
          renamed.append(Rename(from: Entry(removedTokens.remove(at: index)), to: Entry(token)))
        } else {
          added.append(Entry(token))
        }
        continue
      }
      if before.type != token.type {
        retyped.append(Change(old: Entry(before.first), new: Entry(token)))
      } else {
        for mode in modes {
          let (was, now) = (before.byMode[mode.old], modal.byMode[mode.new])
          if was.value != now.value || was.reference != now.reference {
            changed.append(Change(old: Entry(was), new: Entry(now), mode: mode.name))
          }
        }
      }
      if before.first.deprecation == nil, let deprecation = token.deprecation {
        deprecated.append(Deprecation(token: Entry(token), message: deprecation.message))
      }
    }
    removed = removedTokens.map(Entry.init)
  }

  /// Where a token says which token it replaces: `$extensions: {com.eastblue.ebtokens: {renamedFrom:
  /// old.name}}`.
  static let extensionKey = "com.eastblue.ebtokens"

  /// The name a token's `renamedFrom` hint gives, if it has one.
  static func renamedFrom(_ token: Token) -> String? {
    guard case .mapping(let extensions)? = token.extensions,
      case .mapping(let ours)? = extensions[extensionKey],
      case .scalar(let name)? = ours["renamedFrom"]
    else { return nil }
    return name.value
  }

  /// The version bump the generated packages need.
  public var impact: Impact {
    if !removed.isEmpty || !renamed.isEmpty || !retyped.isEmpty || !modesRemoved.isEmpty { return .major }
    if !added.isEmpty || !deprecated.isEmpty || !modesAdded.isEmpty { return .minor }
    return changed.isEmpty ? .none : .patch
  }

  // MARK: Reports

  public enum Format: String, CaseIterable, Sendable {
    case text
    case markdown
    case json
  }

  public func render(_ format: Format) -> String {
    switch format {
    case .text: text
    case .markdown: markdown
    case .json: JSONWriter.render(json)
    }
  }

  private var counts: String {
    let parts = [
      (modesRemoved.count, modesRemoved.count == 1 ? "mode removed" : "modes removed"),
      (modesAdded.count, modesAdded.count == 1 ? "mode added" : "modes added"),
      (removed.count, "removed"), (renamed.count, "renamed"), (retyped.count, "type changed"),
      (added.count, "added"), (changed.count, "changed"), (deprecated.count, "deprecated"),
      (contrast.count, contrast.count == 1 ? "contrast verdict changed" : "contrast verdicts changed"),
    ]
    let written = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    return written.isEmpty ? "no changes" : written.joined(separator: ", ")
  }

  var text: String {
    var lines = ["tokens: \(impact.name) (\(counts))"]
    lines += modesRemoved.map { "- mode \($0)" } + modesAdded.map { "+ mode \($0)" }
    lines += removed.map { "- \($0.name) (\($0.type) \($0.written))" }
    lines += renamed.map { "~ \($0.from.name) -> \($0.to.name) (\($0.to.type) \($0.to.written))" }
    lines += retyped.map {
      "! \($0.new.name): \($0.old.type) \($0.old.written) -> \($0.new.type) \($0.new.written)"
    }
    lines += added.map { "+ \($0.name) (\($0.type) \($0.written))" }
    lines += changed.map {
      "* \($0.new.name)\($0.mode.map { " [\($0)]" } ?? ""): \($0.old.written) -> \($0.new.written)"
    }
    lines += deprecated.map { "? \($0.token.name) deprecated" + ($0.message.map { ": \($0)" } ?? "") }
    lines += contrast.map {
      "\($0.passes ? "✓" : "✗") \($0.pair) now \($0.passes ? "passes" : "fails"): \($0.old) -> \($0.new), needs \($0.required)"
    }
    return lines.map { DiagnosticRenderer.printable($0) }.joined(separator: "\n") + "\n"
  }

  /// A changelog section for release notes: what breaks first.
  var markdown: String {
    func code(_ text: String) -> String { "`\(text.replacingOccurrences(of: "`", with: "'"))`" }
    var sections: [(String, [String])] = [
      (
        "Breaking",
        modesRemoved.map { "Removed the mode \(code($0))" }
          + removed.map { "Removed \(code($0.name)) (\($0.type) \(code($0.written)))" }
          + renamed.map { "Renamed \(code($0.from.name)) to \(code($0.to.name))" }
          + retyped.map { "\(code($0.new.name)) is now a \($0.new.type), was a \($0.old.type)" }
      ),
      (
        "Added",
        modesAdded.map { "The mode \(code($0))" }
          + added.map { "\(code($0.name)) (\($0.type) \(code($0.written)))" }
      ),
      (
        "Changed",
        changed.map {
          "\(code($0.new.name))\($0.mode.map { " in \($0)" } ?? ""): \(code($0.old.written)) → \(code($0.new.written))"
        }
      ),
      ("Deprecated", deprecated.map { "\(code($0.token.name))" + ($0.message.map { ": \($0)" } ?? "") }),
      (
        "Contrast",
        contrast.map {
          "\($0.passes ? "Passes" : "**Fails**") now: \(code($0.foreground)) on \(code($0.background))"
            + ($0.mode.map { " in \($0)" } ?? "") + ", \($0.old) → \($0.new) (needs \($0.required))"
        }
      ),
    ]
    sections = sections.filter { !$0.1.isEmpty }
    var text = "## Tokens: \(impact.name) (\(counts))\n"
    for (title, items) in sections {
      text += "\n### \(title)\n\n" + items.map { "- \($0)\n" }.joined()
    }
    return text
  }

  var json: JSONWriter.Value {
    func entry(_ entry: Entry) -> JSONWriter.Value {
      var members: [(String, JSONWriter.Value)] = [
        ("name", .string(entry.name)), ("type", .string(entry.type)), ("value", .string(entry.value)),
      ]
      if let reference = entry.reference { members.append(("reference", .string(reference))) }
      return .object(members)
    }
    func change(_ change: Change) -> JSONWriter.Value {
      var members: [(String, JSONWriter.Value)] = [("name", .string(change.new.name))]
      if let mode = change.mode { members.append(("mode", .string(mode))) }
      return .object(members + [("old", entry(change.old)), ("new", entry(change.new))])
    }
    return .object([
      ("impact", .string(impact.name)),
      ("modesRemoved", .array(modesRemoved.map(JSONWriter.Value.string))),
      ("modesAdded", .array(modesAdded.map(JSONWriter.Value.string))),
      ("removed", .array(removed.map(entry))),
      ("renamed", .array(renamed.map { .object([("from", entry($0.from)), ("to", entry($0.to))]) })),
      ("typeChanged", .array(retyped.map(change))),
      ("added", .array(added.map(entry))),
      ("changed", .array(changed.map(change))),
      (
        "contrast",
        .array(
          contrast.map { change in
            var members: [(String, JSONWriter.Value)] = [
              ("foreground", .string(change.foreground)), ("background", .string(change.background)),
            ]
            if let mode = change.mode { members.append(("mode", .string(mode))) }
            return .object(
              members + [
                ("passes", .bool(change.passes)), ("old", .string(change.old)), ("new", .string(change.new)),
                ("required", .string(change.required)),
              ])
          })
      ),
      (
        "deprecated",
        .array(
          deprecated.map {
            .object([
              ("token", entry($0.token)), ("message", $0.message.map(JSONWriter.Value.string) ?? .null),
            ])
          })
      ),
    ])
  }
}

// MARK: Loading the two versions

extension TokenDiff {
  /// Loads two versions and compares them. Each is a token folder, or a project: a config file,
  /// or a folder holding `ebtokens.yml`, whose tokens are loaded in every mode (its `modes`, or
  /// its resolver document's).
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` with every error of either version's config and token files.
  public static func folders(
    old: String, new: String, jsonExtensions: [String] = [], limits: Limits = .standard
  ) throws -> TokenDiff {
    func load(_ path: String) throws -> (tokens: ModalTokenSet, configuration: Configuration?) {
      let config =
        path.hasSuffix(".yml") || path.hasSuffix(".yaml")
        ? path : (path as NSString).appendingPathComponent(ConfigurationLoader.defaultPath)
      guard FileManager.default.fileExists(atPath: config) else {
        let tokens = try TokenLoader(limits: limits, jsonExtensions: jsonExtensions).load(directory: path)
        return (ModalTokenSet(single: tokens.value), nil)
      }
      let configuration = try ConfigurationLoader(limits: limits).load(path: config)
      return (try ProjectTokens.load(configuration, limits: limits).value, configuration)
    }
    let (before, after) = (try load(old), try load(new))
    var diff = TokenDiff(old: before.tokens, new: after.tokens)
    if let oldConfiguration = before.configuration, let newConfiguration = after.configuration,
      !oldConfiguration.audit.rules.isEmpty, !newConfiguration.audit.rules.isEmpty
    {
      diff.contrast = contrastChanges(
        old: try ContrastAudit.run(
          tokens: before.tokens, audit: oldConfiguration.audit, configPath: oldConfiguration.path),
        new: try ContrastAudit.run(
          tokens: after.tokens, audit: newConfiguration.audit, configPath: newConfiguration.path))
    }
    return diff
  }

  /// The pairs both audits measured whose verdict differs, in the new audit's order.
  static func contrastChanges(old: AuditResult, new: AuditResult) -> [ContrastChange] {
    func key(_ pair: PairResult) -> [String?] { [pair.foreground, pair.background, pair.mode] }
    func measured(_ pair: PairResult, _ audit: AuditResult) -> String {
      audit.method == .wcag2 ? AuditReport.ratio(pair) : "Lc " + APCAContrast.formatted(pair.apcaLc)
    }
    let before = Dictionary(old.results.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    return new.results.compactMap { pair in
      guard let was = before[key(pair)], was.passes != pair.passes else { return nil }
      return ContrastChange(
        foreground: pair.foreground, background: pair.background, mode: pair.mode, passes: pair.passes,
        old: measured(was, old), new: measured(pair, new),
        required: AuditReport.requirement(pair, method: new.method))
    }
  }

  /// Loads the token folder `directory` (relative to `repository`, a folder inside a git work
  /// tree) as it is at two revisions, `old..new`, reading each file with `git show` and never
  /// touching the work tree, and compares them.
  ///
  /// - Throws: ``/EBTokensSupport/DiagnosticsError`` of ``DiffError`` when git refuses (not a repository, an
  ///   unknown revision, no token files there), or with every error of either version's files.
  public static func git(
    range: String, directory: String, repository: String = ".", jsonExtensions: [String] = [],
    limits: Limits = .standard
  ) throws -> TokenDiff {
    let revisions = range.components(separatedBy: "..")
    guard revisions.count == 2, revisions.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") }) else {
      throw DiagnosticsError([DiffError.notARange(range)])
    }
    let loader = TokenLoader(limits: limits, jsonExtensions: jsonExtensions)
    let sets = try revisions.map { revision in
      try loader.load(
        try GitFiles.read(
          revision: revision, directory: directory, repository: repository, jsonExtensions: jsonExtensions,
          limits: limits)
      ).value
    }
    return TokenDiff(old: sets[0], new: sets[1])
  }
}

/// Token files read from a git revision with `git ls-tree` and `git show`.
enum GitFiles {
  static func read(
    revision: String, directory: String, repository: String, jsonExtensions: [String], limits: Limits
  ) throws -> [TokenInput] {
    let listing = try git(["ls-tree", "-r", "-z", "--name-only", revision, "--", directory], in: repository)
    let paths = listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      .filter { path in !path.split(separator: "/").contains { $0.hasPrefix(".") } }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var inputs: [TokenInput] = []
    var errors: [any DiagnosticConvertible] = []
    for path in paths {
      guard
        let format = TokenFileFormat.of(
          fileNamed: (path as NSString).lastPathComponent, extraJSONExtensions: jsonExtensions)
      else { continue }
      let displayPath = "\(revision):\(path)"
      let bytes = Array(try git(["show", "\(revision):./\(path)"], in: repository))
      let (document, readErrors): (SyntaxDocument?, [any DiagnosticConvertible]) =
        switch format {
        case .yaml:
          YAMLReader(limits: limits).read(bytes: bytes, path: displayPath).pair
        case .json:
          JSONReader(limits: limits).read(bytes: bytes, path: displayPath).pair
        }
      errors += readErrors
      if let document {
        inputs.append(
          .tree(document, format: format, origin: TokenFiles.File(path: displayPath, format: format)))
      }
    }
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    if inputs.isEmpty {
      throw DiagnosticsError([DiffError.noTokenFiles(revision: revision, directory: directory)])
    }
    return inputs
  }

  /// Runs git in `directory` and returns its standard output.
  static func git(_ arguments: [String], in directory: String) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let output = Pipe()
    let errorOutput = Pipe()
    process.standardOutput = output
    process.standardError = errorOutput
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw DiagnosticsError([DiffError.git(arguments: arguments, message: error.localizedDescription)])
    }
    // Standard error is read on the side, so neither pipe can fill up and stall git.
    let errorText = LockedText()
    let reader = Thread { errorText.set(errorOutput.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = errorText.wait().trimmingCharacters(in: .whitespacesAndNewlines)
      throw DiagnosticsError([DiffError.git(arguments: arguments, message: message)])
    }
    return data
  }
}

/// What one thread reads, handed to another once read.
private final class LockedText: @unchecked Sendable {
  private let condition = NSCondition()
  private var text: String?

  func set(_ data: Data) {
    condition.lock()
    text = String(decoding: data, as: UTF8.self)
    condition.signal()
    condition.unlock()
  }

  func wait() -> String {
    condition.lock()
    defer { condition.unlock() }
    while text == nil { condition.wait() }
    return text ?? ""
  }
}

extension YAMLReader.Result {
  fileprivate var pair: (SyntaxDocument?, [any DiagnosticConvertible]) { (document, errors) }
}

extension JSONReader.Result {
  fileprivate var pair: (SyntaxDocument?, [any DiagnosticConvertible]) { (document, errors) }
}

/// Why `ebtokens diff` could not compare.
public enum DiffError: DiagnosticConvertible, Equatable {
  case notARange(String)
  case git(arguments: [String], message: String)
  case noTokenFiles(revision: String, directory: String)

  public var diagnostic: Diagnostic {
    switch self {
    case .notARange(let text):
      return Diagnostic("'\(text)' is not a revision range; write OLD..NEW, as in v1.0.0..v1.1.0", at: nil)
    case .git(let arguments, let message):
      return Diagnostic("git \(arguments.joined(separator: " ")) failed: \(message)", at: nil)
    case .noTokenFiles(let revision, let directory):
      return Diagnostic("no token files in '\(directory)' at \(revision)", at: nil)
    }
  }
}
