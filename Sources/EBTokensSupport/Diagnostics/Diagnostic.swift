/// One finding about the user's input, printed as `file:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable {
  public enum Severity: String, Sendable {
    case error
    case warning
    case note
  }

  /// A secondary location that explains the main one ("first defined here").
  public struct Note: Hashable, Sendable {
    public let location: SourceLocation?
    public let message: String

    public init(_ message: String, at location: SourceLocation?) {
      self.message = message
      self.location = location
    }
  }

  public let severity: Severity
  /// `nil` only for problems that belong to no file (a missing folder, say).
  public let location: SourceLocation?
  public let message: String
  public let notes: [Note]

  public init(
    _ message: String, at location: SourceLocation?, notes: [Note] = [], severity: Severity = .error
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.notes = notes
  }
}

/// Every stage's error type converts to a ``Diagnostic``.
public protocol DiagnosticConvertible: Error, Sendable {
  var diagnostic: Diagnostic { get }
}

/// All the diagnostics one run found, sorted by file and line.
///
/// The pipeline throws this (never the first error alone) so the user sees every
/// mistake in one run.
public struct DiagnosticsError: Error, Sendable {
  public let diagnostics: [Diagnostic]

  public init(_ errors: [any DiagnosticConvertible]) {
    self.init(diagnostics: errors.map(\.diagnostic))
  }

  public init(diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics.sorted(by: DiagnosticsError.order)
  }

  /// Located diagnostics first, by file, line and column; then the message, so
  /// the order never depends on the order the stages ran in.
  static func order(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    switch (lhs.location, rhs.location) {
    case (nil, nil): return lhs.message < rhs.message
    case (nil, _): return false
    case (_, nil): return true
    case (let l?, let r?): return l == r ? lhs.message < rhs.message : l < r
    }
  }
}

extension Diagnostic {
  /// The same finding as an error: what `--strict` (or `strict: true`) makes of a warning.
  public var asError: Diagnostic {
    Diagnostic(message, at: location, notes: notes, severity: .error)
  }
}

/// A stage's result with the warnings found on the way: what was dubious but buildable.
public struct Warned<Value> {
  public let value: Value
  /// Sorted as ``DiagnosticsError`` sorts, each of severity `warning`.
  public let warnings: [Diagnostic]

  public init(_ value: Value, warnings: [Diagnostic] = []) {
    self.value = value
    self.warnings = warnings.sorted(by: DiagnosticsError.order)
  }
}

extension Warned: Sendable where Value: Sendable {}

extension DiagnosticsError {
  /// The warnings among `findings`; throws every finding, warnings with the errors, when any is an
  /// error, or when `strict` and any is a warning (then each warning is an error).
  public static func check(_ findings: [any DiagnosticConvertible], strict: Bool) throws -> [Diagnostic] {
    try check(diagnostics: findings.map(\.diagnostic), strict: strict)
  }

  /// ``check(_:strict:)`` of findings already made diagnostics.
  public static func check(diagnostics: [Diagnostic], strict: Bool) throws -> [Diagnostic] {
    var diagnostics = diagnostics
    if strict { diagnostics = diagnostics.map { $0.severity == .warning ? $0.asError : $0 } }
    if diagnostics.contains(where: { $0.severity == .error }) {
      throw DiagnosticsError(diagnostics: diagnostics)
    }
    return diagnostics
  }
}
