import EBTokensAudit
import EBTokensConfig
import EBTokensModel
import EBTokensParsing
import EBTokensResolution
import EBTokensSupport
import EBTokensSyntax
import Foundation

/// What stops `ebtokens audit --fix` from writing a fix. Nothing is written when any of these is
/// found: every value the pattern names is located and checked before the first file changes.
public enum AuditFixError: DiagnosticConvertible, Equatable {
  /// `--fix`'s pattern is not a token pattern.
  case invalidPattern(String, problem: String)
  /// `--fix`'s pattern names no token at all: most likely misspelled.
  case noMatch(pattern: String, suggestion: String?)
  /// The value is written in a form ebtokens does not rewrite (a color object in another space).
  case unsupportedForm(token: String, form: String, at: SourceLocation)
  /// The value is not where the tokens were loaded from: the file changed in between.
  case valueNotFound(token: String, at: SourceLocation)
  /// The token file could not be read (or is a symbolic link, which is never written through).
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)

  public var diagnostic: Diagnostic {
    switch self {
    case .invalidPattern(let pattern, let problem):
      return Diagnostic("--fix pattern '\(pattern)' is not a token pattern: \(problem)", at: nil)
    case .noMatch(let pattern, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return Diagnostic("--fix pattern '\(pattern)' matches no token\(hint)", at: nil)
    case .unsupportedForm(let token, let form, let location):
      return Diagnostic(
        "cannot write the fix for '\(token)': its value is \(form); ebtokens rewrites hex colors, sRGB "
          + "color objects and '@ NN%' only, so change it by hand",
        at: location)
    case .valueNotFound(let token, let location):
      return Diagnostic(
        "the value of '\(token)' is no longer where it was read; the file changed during the audit, run it again",
        at: location)
    case .unreadable(let path, let reason):
      return Diagnostic("cannot fix '\(path)': \(reason)", at: nil)
    case .unwritable(let path, let reason):
      return Diagnostic("cannot write '\(path)': \(reason)", at: nil)
    }
  }
}

/// `ebtokens audit --fix PATTERN`: writes the audit's suggested fixes into the token files, for the
/// tokens `PATTERN` names, and audits again.
public enum AuditFix {
  /// One value rewritten.
  public struct Applied: Sendable, Equatable {
    public let edit: ValueEdit
    /// The pair whose fix it is, as "foreground on background" (with the mode).
    public let pair: String
    /// Other audited pairs the change moves as well (see ``/EBTokensAudit/ContrastFix/alsoMoves``).
    public let alsoMoves: [String]
  }

  public struct Outcome: Sendable {
    /// In file order; empty when no failing pair's fix changes a token the pattern names.
    public let applied: [Applied]
    /// The audit after the fixes were written (the audit before them when nothing was).
    public let result: AuditResult
    public let warnings: [Diagnostic]
  }

  /// Audits, writes the fixes of the failing pairs whose value to change is a token `pattern`
  /// matches, then audits again.
  ///
  /// Which value changes: where the foreground is an alias written `{base} @ NN%` and the pattern
  /// matches the alias, its percentage (the change that moves nothing else); otherwise, where the
  /// pattern matches the token holding the foreground's literal color, that color. When several
  /// failing pairs ask to change one value differently, the largest change is written (the highest
  /// percentage, the color furthest in ΔEOK), the one most likely to satisfy all of them; the audit
  /// run afterwards says whether it did.
  ///
  /// Each file is written atomically (a temporary file beside it, renamed over it). Symbolic links
  /// are refused, never written through: the rename would replace the link with a file. The project
  /// is locked as a build locks it (`BuildLock`), so a build never reads a token file half-fixed
  /// and two fixes never edit one file at once.
  public static func run(
    pattern: String, configuration: Configuration, limits: Limits = .standard,
    lockWaiting: Builder.LockWaiting = .wait(notify: nil)
  ) throws -> Outcome {
    if let problem = TokenPattern.problem(in: pattern) {
      throw DiagnosticsError([AuditFixError.invalidPattern(pattern, problem: problem)])
    }
    let lock = try BuildLock.acquire(
      project: configuration.baseDirectory, outputFolders: [], waiting: lockWaiting)
    defer { withExtendedLifetime(lock) {} }
    let tokens = try ProjectTokens.load(configuration, limits: limits)
    let (audited, problems) = try ContrastAudit.runLocatingEdits(
      tokens: tokens.value, configuration: configuration, limits: limits)
    let tokenPattern = TokenPattern(pattern)
    guard tokens.value.tokens.contains(where: { tokenPattern.captures(in: $0.path) != nil }) else {
      let suggestion = tokens.value.sets.first.flatMap { TokenIndex($0).suggestion(for: tokenPattern) }
      throw DiagnosticsError([AuditFixError.noMatch(pattern: pattern, suggestion: suggestion?.description)])
    }
    func named(_ token: String) -> Bool {
      tokenPattern.captures(in: TokenPath(token.split(separator: ".").map(String.init))) != nil
    }
    let refused = problems.filter { named($0.token) }.map(\.error)
    guard refused.isEmpty else { throw DiagnosticsError(refused) }
    let chosen = choose(in: audited, named: named)
    guard !chosen.isEmpty else { return Outcome(applied: [], result: audited, warnings: tokens.warnings) }
    try write(chosen.map(\.edit), limits: limits)
    let after = try ContrastAudit.run(configuration: configuration, limits: limits, locatingEdits: true)
    return Outcome(applied: chosen, result: after.value, warnings: tokens.warnings + after.warnings)
  }

  /// The edit each failing pair asks for, one per value (the largest), in file order.
  private static func choose(in result: AuditResult, named: (String) -> Bool) -> [Applied] {
    struct Candidate {
      var applied: Applied
      let size: Double
    }
    var byValue: [SourceLocation: Candidate] = [:]
    for pair in result.results where !pair.passes {
      guard let fix = pair.fix else { continue }
      let alpha = fix.edits.first { if case .alpha = $0.change { named($0.token) } else { false } }
      let color = fix.edits.first { if case .color = $0.change { named($0.token) } else { false } }
      guard let edit = alpha ?? color else { continue }
      let size: Double
      let moves: [String]
      if case .alpha(let percent) = edit.change {
        (size, moves) = (Double(percent), [])
      } else {
        (size, moves) = (fix.deltaE, fix.alsoMoves)
      }
      let label = "\(pair.foreground) on \(pair.background)" + (pair.mode.map { " (mode \($0))" } ?? "")
      let candidate = Candidate(applied: Applied(edit: edit, pair: label, alsoMoves: moves), size: size)
      if let existing = byValue[edit.location], existing.size >= size { continue }
      byValue[edit.location] = candidate
    }
    return byValue.values.map(\.applied).sorted { $0.edit.location < $1.edit.location }
  }

  /// Checks every file first (each replaced run must still read as it did), then writes each.
  private static func write(_ edits: [ValueEdit], limits: Limits) throws {
    var errors: [AuditFixError] = []
    var contents: [(path: String, text: String)] = []
    for (path, fileEdits) in Dictionary(grouping: edits, by: { $0.location.file }).sorted(by: {
      $0.key < $1.key
    }) {
      guard case .bytes(var bytes) = ValueEditLocator.read(path, limits: limits, errors: &errors) else {
        continue
      }
      let replacements = fileEdits.flatMap { edit in edit.replacements.map { (edit, $0) } }
        .sorted { $0.1.bytes.lowerBound > $1.1.bytes.lowerBound }
      var unchanged = true
      for (edit, replacement) in replacements {
        guard replacement.bytes.upperBound <= bytes.count,
          String(decoding: bytes[replacement.bytes], as: UTF8.self) == replacement.deleted
        else {
          errors.append(.valueNotFound(token: edit.token, at: edit.location))
          unchanged = false
          continue
        }
        bytes.replaceSubrange(replacement.bytes, with: Array(replacement.inserted.utf8))
      }
      if unchanged { contents.append((path, String(decoding: bytes, as: UTF8.self))) }
    }
    guard errors.isEmpty else { throw DiagnosticsError(errors) }
    for (path, text) in contents {
      var status = stat()
      let permissions = stat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
      if let reason = AtomicFile.write(text, to: path, permissions: permissions) {
        errors.append(.unwritable(path: path, reason: reason))
      }
    }
    guard errors.isEmpty else { throw SystemFailure(.inputOutput, DiagnosticsError(errors)) }
  }
}

extension AuditFix.Outcome {
  /// What was written, a line per value at the text replaced, with what else it moves; or that
  /// nothing was: `nothing to fix: …` (not an error, so that `--fix` can run again once the pairs
  /// pass).
  public func summary(pattern: String) -> String {
    guard !applied.isEmpty else {
      return "nothing to fix: no failing pair has a fix that changes a token '\(pattern)' matches\n"
    }
    var text = ""
    for fix in applied {
      let location = fix.edit.replacements.first?.start ?? fix.edit.location
      text += "fixed \(location): '\(fix.edit.token)' \(fix.edit.summary), for \(fix.pair)\n"
      if !fix.alsoMoves.isEmpty { text += "  this also moves: \(fix.alsoMoves.joined(separator: "; "))\n" }
    }
    let files = Set(applied.map(\.edit.location.file)).count
    let values = applied.count == 1 ? "1 value" : "\(applied.count) values"
    return text + "wrote \(values) in \(files == 1 ? "1 file" : "\(files) files"); the audit again:\n"
  }
}

extension ContrastAudit {
  /// Audits `tokens` and locates each fix in the token files' text (``/EBTokensAudit/ContrastFix/edits``), with
  /// the fixes whose value could not be located, by token.
  static func runLocatingEdits(tokens: ModalTokenSet, configuration: Configuration, limits: Limits) throws
    -> (AuditResult, problems: [(token: String, error: AuditFixError)])
  {
    let result = try run(tokens: tokens, audit: configuration.audit, configPath: configuration.path)
    var requests: [ValueEditLocator.Request] = []
    var requestsOfResult: [Int: [Int]] = [:]
    var requestIndex: [ValueEditLocator.Request: Int] = [:]
    func add(_ request: ValueEditLocator.Request, for result: Int) {
      let index = requestIndex[request] ?? requests.count
      if index == requests.count {
        requests.append(request)
        requestIndex[request] = index
      }
      requestsOfResult[result, default: []].append(index)
    }
    for (index, pair) in result.results.enumerated() where !pair.passes {
      guard let fix = pair.fix else { continue }
      let set =
        tokens.sets[tokens.hasModes ? (pair.mode.flatMap { tokens.modes.firstIndex(of: $0) } ?? 0) : 0]
      if let alpha = fix.alpha, let foreground = set[pair.foreground],
        foreground.reference?.alphaFactor != nil
      {
        add(
          .init(
            token: pair.foreground, location: foreground.valueLocation, change: .alpha(percent: alpha.percent)
          ), for: index)
      }
      if let literal = set[fix.token] {
        add(.init(token: fix.token, location: literal.valueLocation, change: .color(fix.literal)), for: index)
      }
    }
    guard !requests.isEmpty else { return (result, []) }
    let located = ValueEditLocator.locate(
      requests, jsonExtensions: configuration.jsonExtensions, limits: limits)
    var results = result.results
    for (index, requestIndexes) in requestsOfResult {
      results[index].fix?.edits = requestIndexes.compactMap { try? located[$0].get() }
    }
    var problems: [(token: String, error: AuditFixError)] = []
    for (request, outcome) in zip(requests, located) {
      if case .failure(let error) = outcome { problems.append((request.token, error)) }
    }
    let withEdits = AuditResult(
      level: result.level, method: result.method, canvas: result.canvas, results: results, modes: result.modes
    )
    return (withEdits, problems)
  }
}

/// Finds where a fix changes a token file's text, from the file's syntax tree: each scalar knows
/// its extent (``/EBTokensSyntax/SyntaxScalar/end``), so the run replaced is exactly what was written.
enum ValueEditLocator {
  struct Request: Hashable {
    let token: String
    /// Where the token's value starts.
    let location: SourceLocation
    let change: ValueEdit.Change

    func hash(into hasher: inout Hasher) {
      hasher.combine(token)
      hasher.combine(location)
    }
  }

  /// Each request's edit, reading and parsing each file once.
  static func locate(_ requests: [Request], jsonExtensions: [String], limits: Limits)
    -> [Result<ValueEdit, AuditFixError>]
  {
    var located = [Result<ValueEdit, AuditFixError>](
      repeating: .failure(.unreadable(path: "", reason: "")), count: requests.count)
    for (path, indexes) in Dictionary(grouping: requests.indices, by: { requests[$0].location.file }) {
      var errors: [AuditFixError] = []
      guard case .bytes(let file) = read(path, limits: limits, errors: &errors) else {
        for index in indexes { located[index] = .failure(errors[0]) }
        continue
      }
      // libyaml counts no column for a byte order mark: lines and columns are of the text after it.
      let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
      let offset = file.starts(with: bom) ? bom.count : 0
      let text = Array(file.dropFirst(offset))
      let format = TokenFileFormat.of(fileNamed: path, extraJSONExtensions: jsonExtensions) ?? .yaml
      let root: SyntaxNode?
      switch format {
      case .yaml: root = YAMLReader(limits: limits).read(bytes: file, path: path).document?.root
      case .json: root = JSONReader(limits: limits).read(bytes: file, path: path).document?.root
      }
      let wanted = Set(indexes.map { requests[$0].location })
      let values = root.map { valueNodes(in: $0, at: wanted) } ?? [:]
      for index in indexes {
        let request = requests[index]
        let file = SourceFile(path: path, text: text, offset: offset)
        guard let node = values[request.location] else {
          located[index] = .failure(.valueNotFound(token: request.token, at: request.location))
          continue
        }
        located[index] = file.replacements(in: node, for: request).map {
          ValueEdit(
            token: request.token, change: request.change, location: request.location, replacements: $0)
        }
      }
    }
    return located
  }

  /// The nodes at `locations` that are values (of a mapping entry or a sequence item), never keys.
  private static func valueNodes(in root: SyntaxNode, at locations: Set<SourceLocation>)
    -> [SourceLocation: SyntaxNode]
  {
    var found: [SourceLocation: SyntaxNode] = [:]
    var pending = [root]
    while let node = pending.popLast() {
      if locations.contains(node.location) { found[node.location] = node }
      switch node {
      case .scalar: break
      case .mapping(let mapping): pending += mapping.entries.map(\.value)
      case .sequence(let sequence): pending += sequence.items
      }
    }
    return found
  }

  /// A token file's text, for turning extents into replacements.
  private struct SourceFile {
    let path: String
    /// The text after any byte order mark.
    let text: [UInt8]
    /// The length of the byte order mark: what byte offsets into the file add.
    let offset: Int

    func replacements(in node: SyntaxNode, for request: Request) -> Result<
      [ValueEdit.Replacement], AuditFixError
    > {
      let unsupported = { (form: String) in
        Result<[ValueEdit.Replacement], AuditFixError>.failure(
          .unsupportedForm(token: request.token, form: form, at: request.location))
      }
      switch (node, request.change) {
      case (.scalar(let scalar), .alpha(let percent)):
        guard let extent = extent(of: scalar), let number = alphaNumber(in: extent) else {
          return unsupported("not written as '{token} @ NN%'")
        }
        return .success([replacement(number, with: "\(percent)")])
      case (.scalar(let scalar), .color(let color)):
        guard let extent = extent(of: scalar), let hex = hexDigits(in: extent) else {
          return unsupported("not a hex color")
        }
        return .success([replacement(hex, with: Self.hex(color, like: string(hex)))])
      case (.mapping(let mapping), .color(let color)):
        guard case .scalar(let space)? = mapping["colorSpace"], space.value == "srgb" else {
          return unsupported("a color object in another space than 'srgb'")
        }
        guard case .sequence(let list)? = mapping["components"], list.items.count == 3 else {
          return unsupported("a color object without three components")
        }
        var replacements: [ValueEdit.Replacement] = []
        for (item, channel) in zip(list.items, [color.red8, color.green8, color.blue8]) {
          guard case .scalar(let component) = item, let extent = extent(of: component) else {
            return unsupported("a color object whose components are not numbers")
          }
          let value = (Double(channel) / 255 * 10_000).rounded() / 10_000
          replacements.append(replacement(extent, with: NumberFormatting.shortest(value)))
        }
        if let node = mapping["hex"] {
          guard case .scalar(let scalar) = node, let extent = extent(of: scalar),
            let hex = hexDigits(in: extent)
          else { return unsupported("a color object whose 'hex' is not a hex color") }
          replacements.append(replacement(hex, with: Self.hex(color, like: string(hex))))
        }
        return .success(replacements.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound })
      case (.scalar, _), (.mapping, _), (.sequence, _):
        return unsupported("not a color")
      }
    }

    /// The byte range of `scalar` as written, quotes included.
    private func extent(of scalar: SyntaxScalar) -> Range<Int>? {
      guard let end = scalar.end,
        let lower = UTF8Validation.byteOffset(
          line: scalar.location.line, column: scalar.location.column, in: text),
        let upper = UTF8Validation.byteOffset(line: end.line, column: end.column, in: text), lower <= upper
      else { return nil }
      return lower..<upper
    }

    /// The digits of `@ NN%` (or `NN.N`) at the end of `extent`.
    private func alphaNumber(in extent: Range<Int>) -> Range<Int>? {
      guard let at = text[extent].lastIndex(of: UInt8(ascii: "@")) else { return nil }
      var start = at + 1
      while start < extent.upperBound, text[start] == UInt8(ascii: " ") { start += 1 }
      var end = start
      while end < extent.upperBound, text[end] == UInt8(ascii: ".") || (0x30...0x39).contains(text[end]) {
        end += 1
      }
      guard end > start, end < extent.upperBound, text[end] == UInt8(ascii: "%") else { return nil }
      return start..<end
    }

    /// `#` and the hex digits after it in `extent`: 3, 4, 6 or 8 of them.
    private func hexDigits(in extent: Range<Int>) -> Range<Int>? {
      guard let hash = text[extent].firstIndex(of: UInt8(ascii: "#")) else { return nil }
      var end = hash + 1
      while end < extent.upperBound, Character(Unicode.Scalar(text[end])).isHexDigit { end += 1 }
      return [3, 4, 6, 8].contains(end - hash - 1) ? hash..<end : nil
    }

    private func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }

    private func replacement(_ range: Range<Int>, with inserted: String) -> ValueEdit.Replacement {
      ValueEdit.Replacement(
        start: UTF8Validation.location(ofByte: range.lowerBound, in: text, file: path),
        end: UTF8Validation.location(ofByte: range.upperBound, in: text, file: path),
        bytes: (range.lowerBound + offset)..<(range.upperBound + offset), deleted: string(range),
        inserted: inserted)
    }

    /// `color` as `#RRGGBB`, in the case `written` uses (upper case unless it has only lower-case
    /// letters), followed by `written`'s own alpha digits (`#RGBA`'s doubled): a fix changes the
    /// color and keeps the alpha.
    static func hex(_ color: Color, like written: String) -> String {
      let digits = written.dropFirst()
      let lowercase = digits.contains { $0.isLowercase } && !digits.contains { $0.isUppercase }
      let alpha: String
      switch digits.count {
      case 4: alpha = String(digits.suffix(1)) + String(digits.suffix(1))
      case 8: alpha = String(digits.suffix(2))
      default: alpha = ""
      }
      let rgb = [color.red8, color.green8, color.blue8].map { byte in
        let hex = String(byte, radix: 16, uppercase: !lowercase)
        return hex.count == 1 ? "0" + hex : hex
      }.joined()
      return "#" + rgb + alpha
    }
  }

  static func read(_ path: String, limits: Limits, errors: inout [AuditFixError]) -> FileContents.Outcome {
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
      let reason =
        "it is a symbolic link, which --fix never writes through (renaming the fixed file over it would "
        + "replace the link); fix the file it points to by hand"
      errors.append(.unreadable(path: path, reason: reason))
      return .unreadable(reason: reason)
    }
    let outcome = FileContents.read(path, limit: limits.maxFileBytes, followingLinks: false)
    switch outcome {
    case .bytes: break
    case .tooLarge(let size):
      errors.append(
        .unreadable(path: path, reason: "it has \(size) bytes, more than the limit of \(limits.maxFileBytes)")
      )
    case .unreadable(let reason): errors.append(.unreadable(path: path, reason: reason))
    }
    return outcome
  }
}
